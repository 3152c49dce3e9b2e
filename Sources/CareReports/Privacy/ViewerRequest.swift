/// What the command line asked for: `--viewer ID [--as ROLE]` or `--role ROLE`, and maybe `--circle ID`.
public struct ViewerRequest: Sendable, Hashable {
    public enum Who: Sendable, Hashable {
        case member(userId: String, narrowedTo: Role?)
        case role(Role)
    }

    public let who: Who
    public let circleId: String?

    public init(_ who: Who, circleId: String? = nil) {
        self.who = who
        self.circleId = circleId
    }

    /// Resolves the request against the export's circles and memberships.
    public func resolve(in export: CareExport) throws(ViewerError) -> Viewer {
        let circle = try chooseCircle(in: export)
        switch who {
        case .role(let role):
            return Viewer(circleId: circle.id, userId: nil, roles: [role])
        case .member(let userId, let narrowedTo):
            guard let member = circle.member(userId) else { throw .unknownViewer(userId) }
            guard member.status == .active else { throw .inactiveViewer(userId, member.status) }
            var roles = Set(member.roles)
            if userId == circle.careRecipient.userId { roles.insert(.careRecipient) }
            if let narrowedTo {
                guard roles.contains(narrowedTo) else { throw .roleNotHeld(userId, narrowedTo) }
                roles = [narrowedTo]
            }
            return Viewer(circleId: circle.id, userId: userId, roles: roles, permissions: member.permissions)
        }
    }

    private func chooseCircle(in export: CareExport) throws(ViewerError) -> CareCircle {
        if let circleId {
            guard let circle = export.circle(circleId) else { throw .unknownCircle(circleId) }
            return circle
        }
        guard !export.circles.isEmpty else { throw .noCircles }
        if export.circles.count == 1 { return export.circles[0] }
        if case .member(let userId, _) = who {
            let memberships = export.circles.filter { $0.member(userId) != nil }
            if memberships.count == 1 { return memberships[0] }
            if memberships.isEmpty { throw .unknownViewer(userId) }
            let active = memberships.filter { $0.member(userId)?.status == .active }
            if active.count == 1 { return active[0] }
        }
        throw .circleRequired(export.circles.map(\.id))
    }
}
