/// The circles one person reads: every circle where they are an active member, each with the
/// viewer they are there (their roles and permissions in that circle, never another's).
public enum ReaderCircles {
    /// One viewer per circle where `userId` is an active member, in the export's order of circles.
    /// With `narrowedTo`, only the circles where they hold that role, narrowed to it.
    public static func viewers(of userId: String, narrowedTo: Role? = nil, in export: CareExport) -> [Viewer] {
        export.circles.compactMap { circle -> Viewer? in
            guard let member = circle.member(userId), member.status == .active else { return nil }
            return try? ViewerRequest(.member(userId: userId, narrowedTo: narrowedTo), circleId: circle.id).resolve(in: export)
        }
    }

    /// Every person's circles: user id → (circle id, roles, status), in the export's order of circles.
    public static func memberships(in export: CareExport) -> [String: [(circle: CareCircle, roles: [Role], status: MemberStatus)]] {
        var found: [String: [(circle: CareCircle, roles: [Role], status: MemberStatus)]] = [:]
        for circle in export.circles {
            for member in circle.members {
                var roles = member.roles
                if member.userId == circle.careRecipient.userId, !roles.contains(.careRecipient) { roles.insert(.careRecipient, at: 0) }
                found[member.userId, default: []].append((circle, roles, member.status))
            }
        }
        return found
    }
}
