/// Keeps the records of chosen circles only (`ExportLoader.circles`). A record of another circle is
/// still decoded and checked in full, so diagnostics and exit status are the same, but what is
/// kept of it until the reference checks have run is a stub: its id and the references they
/// check, none of its content; the stubs are dropped as the records move into the model. Output for one circle of a large export thus needs the memory of
/// that circle, not of the whole export, and the other circles' health content is never held.
struct CircleFilter: Sendable {
    let circles: Set<String>

    func keeps(_ circleId: String) -> Bool { circles.contains(circleId) }

    private static let stubData = HealthData.observation(Observation(kind: .note))

    func stub(_ record: HealthRecord) -> HealthRecord {
        HealthRecord(
            id: record.id, title: "", date: record.date, careRecipientId: record.careRecipientId, careCircleId: record.careCircleId,
            createdBy: record.createdBy, privacyLevel: record.privacyLevel, visibleTo: record.visibleTo, data: Self.stubData)
    }

    func stub(_ task: CareTask) -> CareTask {
        CareTask(
            id: task.id, title: "", dueDate: task.dueDate, createdAt: task.createdAt, createdBy: task.createdBy,
            assignedTo: task.assignedTo.map { TaskAssignment(userId: $0.userId, role: $0.role) }, careCircleId: task.careCircleId)
    }

    func stub(_ update: CircleUpdate) -> CircleUpdate {
        CircleUpdate(
            id: update.id, content: "", authorId: update.authorId, authorRole: update.authorRole, careCircleId: update.careCircleId,
            timestamp: update.timestamp, visibility: UpdateVisibility(level: .private, userIds: []))
    }
}
