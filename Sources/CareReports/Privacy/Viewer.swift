/// The audience of a run: one member of a circle (with the union of their roles, or one of them),
/// or a generic role, for which rules that need a user id grant nothing.
public struct Viewer: Sendable, Hashable, CustomStringConvertible {
    public let circleId: String
    /// The member's user id; nil for a generic `--role` viewer.
    public let userId: String?
    public let roles: Set<Role>
    /// The member's own restrictions; a generic role has none.
    public let permissions: MemberPermissions

    public init(circleId: String, userId: String?, roles: Set<Role>, permissions: MemberPermissions = MemberPermissions()) {
        self.circleId = circleId
        self.userId = userId
        self.roles = roles
        self.permissions = permissions
    }

    /// True when the viewer is the person the circle cares for.
    public var isCareRecipient: Bool { roles.contains(.careRecipient) }

    public var description: String {
        let roleNames = roles.sorted().map(\.rawValue).joined(separator: "+")
        if let userId { return "\(userId) (\(roleNames)) in \(circleId)" }
        return "any \(roleNames) in \(circleId)"
    }
}
