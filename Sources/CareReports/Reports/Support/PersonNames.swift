/// How people are named for the viewer: full names for the care recipient and caregivers, "First L."
/// for everyone else, though readers always see their own name in full (a display rule, not a privacy
/// rule); "unknown member" when the id is not a member.
public struct PersonNames: Sendable {
    let members: [String: User]
    let full: Bool
    let viewerId: String?

    public init(_ records: VisibleRecords) {
        self.members = records.members
        self.full = records.viewer.isCareRecipient || records.viewer.roles.contains(.caregiver)
        self.viewerId = records.viewer.userId
    }

    /// The display name of `userId`.
    public func name(_ userId: String?) -> String {
        guard let userId, let user = members[userId] else { return "unknown member" }
        if full || user.lastName.isEmpty || userId == viewerId { return "\(user.firstName) \(user.lastName)".trimmingCharacters(in: .whitespaces) }
        return "\(user.firstName) \(user.lastName.prefix(1))."
    }
}
