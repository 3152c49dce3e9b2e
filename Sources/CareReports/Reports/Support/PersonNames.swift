/// How people are named for the viewer: full names for the care recipient and caregivers, "First L."
/// for everyone else, though readers always see their own name in full (a display rule, not a privacy
/// rule); "unknown member" when the id is not a member.
public struct PersonNames: Sendable {
    let members: [String: User]
    let full: Bool
    let viewerId: String?
    let recipient: CareRecipient
    let unknown: String

    public init(_ records: VisibleRecords, words: Localizer = .english) {
        self.unknown = words.t("unknown member")
        self.members = records.members
        self.full = Self.namesEveryoneInFull(records.viewer)
        self.viewerId = records.viewer.userId
        self.recipient = records.circle.careRecipient
    }

    /// True when `viewer` sees everyone's name in full (the care recipient and caregivers), so names
    /// do not depend on who of them reads.
    public static func namesEveryoneInFull(_ viewer: Viewer) -> Bool {
        viewer.isCareRecipient || viewer.roles.contains(.caregiver)
    }

    /// The display name of `userId`.
    public func name(_ userId: String?) -> String {
        guard let userId, let user = members[userId] else { return unknown }
        return name(userId: userId, firstName: user.firstName, lastName: user.lastName)
    }

    /// The care recipient's display name, by the same rule as everyone else's (page headers, feeds,
    /// the digest and the visit summary included).
    public var recipientName: String {
        name(userId: recipient.userId, firstName: recipient.firstName, lastName: recipient.lastName)
    }

    private func name(userId: String, firstName: String, lastName: String) -> String {
        if full || lastName.isEmpty || userId == viewerId { return "\(firstName) \(lastName)".trimmingSpaces() }
        return "\(firstName) \(lastName.prefix(1))."
    }
}
