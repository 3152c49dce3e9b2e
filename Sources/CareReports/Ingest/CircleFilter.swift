/// Keeps the records of chosen circles only (`ExportLoader.circles`). A record of another circle is
/// still decoded and checked in full, so diagnostics and exit status are the same, but all that
/// is kept of it is what the reference checks read (`RecordReferences`): its id, its circle and
/// the users it names, none of its content. Output for one circle of a large export thus needs
/// the memory of that circle, not of the whole export, and the other circles' health content is
/// never held.
struct CircleFilter: Sendable {
    let circles: Set<String>

    func keeps(_ circleId: String) -> Bool { circles.contains(circleId) }
}
