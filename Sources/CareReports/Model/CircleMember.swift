/// One person's membership of a care circle.
public struct CircleMember: Sendable, Hashable {
    public let userId: String
    public let roles: [Role]
    public let primaryCaregiver: Bool
    public let relationshipToRecipient: String
    public let permissions: MemberPermissions
    public let status: MemberStatus
    /// When they joined the circle (`joinedAt`), when the export says.
    public let joinedAt: CareDate?

    public init(
        userId: String, roles: [Role], primaryCaregiver: Bool = false, relationshipToRecipient: String = "",
        permissions: MemberPermissions = MemberPermissions(), status: MemberStatus = .active, joinedAt: CareDate? = nil
    ) {
        self.userId = userId
        self.roles = roles
        self.primaryCaregiver = primaryCaregiver
        self.relationshipToRecipient = relationshipToRecipient
        self.permissions = permissions
        self.status = status
        self.joinedAt = joinedAt
    }
}

/// A membership's state; only `active` members may be viewers.
public enum MemberStatus: String, Sendable, Hashable, CaseIterable {
    case active, pending, inactive, removed
}

/// Per-member restrictions; each can only take access away (nil means "not restricted").
public struct MemberPermissions: Sendable, Hashable {
    public let viewHealth: Bool?
    public let viewTasks: Bool?
    public let viewUpdates: Bool?

    public init(viewHealth: Bool? = nil, viewTasks: Bool? = nil, viewUpdates: Bool? = nil) {
        self.viewHealth = viewHealth
        self.viewTasks = viewTasks
        self.viewUpdates = viewUpdates
    }
}
