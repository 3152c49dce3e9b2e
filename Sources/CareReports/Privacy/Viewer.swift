/// The audience of a run: one member of a circle (with the union of their roles, or one of them),
/// or a generic role, for which rules that need a user id grant nothing.
public struct Viewer: Sendable, Hashable, CustomStringConvertible {
    public let circleId: String
    /// The member's user id; nil for a generic `--role` viewer.
    public let userId: String?
    public let roles: Set<Role>
    /// The member's own restrictions; a generic role has none.
    public let permissions: MemberPermissions
    /// `roles` as one bit per role: the policy asks of every record which roles the viewer holds,
    /// and a set is hashed for each question.
    private let roleBits: UInt8

    public init(circleId: String, userId: String?, roles: Set<Role>, permissions: MemberPermissions = MemberPermissions()) {
        self.circleId = circleId
        self.userId = userId
        self.roles = roles
        self.permissions = permissions
        roleBits = roles.reduce(0) { $0 | Self.bit($1) }
    }

    /// True when the viewer holds `role`.
    public func has(_ role: Role) -> Bool { roleBits & Self.bit(role) != 0 }

    private static func bit(_ role: Role) -> UInt8 {
        switch role {
        case .careRecipient: 1
        case .caregiver: 2
        case .organizer: 4
        case .supporter: 8
        }
    }

    /// True when the viewer is the person the circle cares for.
    public var isCareRecipient: Bool { has(.careRecipient) }

    public var description: String {
        let roleNames = roles.sorted().map(\.rawValue).joined(separator: "+")
        if let userId { return "\(userId) (\(roleNames)) in \(circleId)" }
        return "any \(roleNames) in \(circleId)"
    }
}
