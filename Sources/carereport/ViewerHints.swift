import CareReports

/// Words that point at the valid choices when `--viewer` or `--circle` names nothing in the export.
enum ViewerHints {
    /// A circle's members as `members` lists them: the care recipient first, then in the export's order,
    /// each with the care recipient role added when they are the recipient.
    static func members(of circle: CareCircle) -> [(userId: String, roles: [Role], status: MemberStatus)] {
        var list = circle.members.map { member -> (userId: String, roles: [Role], status: MemberStatus) in
            var roles = member.roles
            if member.userId == circle.careRecipient.userId, !roles.contains(.careRecipient) { roles.insert(.careRecipient, at: 0) }
            return (member.userId, roles, member.status)
        }
        if let index = list.firstIndex(where: { $0.userId == circle.careRecipient.userId }), index > 0 {
            list.insert(list.remove(at: index), at: 0)
        }
        return list
    }

    /// The message for a `--viewer` who is not a member of the chosen circle (or of any circle).
    static func unknownViewer(_ id: String, circleId: String?, in export: CareExport) -> String {
        let circles = circleId.flatMap { export.circle($0) }.map { [$0] } ?? export.circles
        let where_ = circles.count == 1 ? "\(circles[0].id) (\(DisplayText.singleLine(circles[0].name)))" : "any circle of the export"
        var lines = ["error: viewer \(id) is not a member of \(where_); nothing was written"]
        let active = circles.map { circle in (circle.id, members(of: circle).filter { $0.status == .active }.map(\.userId)) }
        let activeIds = active.flatMap(\.1)
        if let guess = named(id, among: activeIds, in: export) ?? closest(id, among: activeIds) {
            lines.append("did you mean --viewer \(guess)?")
        }
        for (circleId, ids) in active where !ids.isEmpty { lines.append("active members of \(circleId): \(ids.joined(separator: ", "))") }
        lines.append("(carereport members INPUT lists every circle's members with their roles)")
        return lines.joined(separator: "\n")
    }

    /// The message for a `--circle` the export does not hold.
    static func unknownCircle(_ id: String, in export: CareExport) -> String {
        var lines = ["error: no circle with id \(id) in the export"]
        let ids = export.circles.map(\.id)
        if let guess = closest(id, among: ids) ?? ids.first(where: { $0.contains(id) }) { lines.append("did you mean --circle \(guess)?") }
        if !ids.isEmpty { lines.append("circles: " + export.circles.map { "\($0.id) (\(DisplayText.singleLine($0.name)))" }.joined(separator: ", ")) }
        return lines.joined(separator: "\n")
    }

    /// The one candidate whose name is `name` ("Ellen Park", or "Ellen" when only one has that first
    /// name), ignoring case and extra spaces: a caregiver thinks of a person by name, not by id.
    static func named(_ name: String, among candidates: [String], in export: CareExport) -> String? {
        func words(_ text: String) -> [String] { text.lowercased().split(whereSeparator: \.isWhitespace).map(String.init) }
        let asked = words(name)
        guard !asked.isEmpty else { return nil }
        let people = Array(Set(candidates)).sorted().compactMap { id in export.user(id).map { (id, $0) } }
        let full = people.filter { words("\($0.1.firstName) \($0.1.lastName)") == asked }
        if full.count == 1 { return full[0].0 }
        let first = people.filter { words($0.1.firstName) == asked }
        return first.count == 1 ? first[0].0 : nil
    }

    /// The candidate nearest to `word` by edit distance, when it is near enough to be a typo (ids are case-sensitive).
    static func closest(_ word: String, among candidates: [String]) -> String? {
        Spelling.closest(word, among: candidates, ignoringCase: false)
    }
}
