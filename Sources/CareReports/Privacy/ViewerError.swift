import Foundation

/// Why a viewer could not be chosen; the exit status follows the kind.
public enum ViewerError: Error, LocalizedError, Sendable, Equatable {
    case unknownViewer(String)
    case inactiveViewer(String, MemberStatus)
    case roleNotHeld(String, Role)
    case unknownCircle(String)
    case circleRequired([String])
    case noCircles

    /// 67 for a viewer who is not an active member, 64 for a usage problem.
    public var exitCode: Int32 {
        switch self {
        case .unknownViewer, .inactiveViewer: 67
        case .roleNotHeld, .unknownCircle, .circleRequired: 64
        case .noCircles: 65
        }
    }

    public var errorDescription: String? {
        switch self {
        case .unknownViewer(let id): "error: viewer \(id) is not a member of the circle; nothing was written"
        case .inactiveViewer(let id, let status): "error: viewer \(id) is not an active member (status \(status.rawValue)); nothing was written"
        case .roleNotHeld(let id, let role): "error: viewer \(id) does not hold the role \(role.rawValue) in this circle"
        case .unknownCircle(let id): "error: no circle with id \(id) in the export"
        case .circleRequired(let ids): "error: the export holds several circles; choose one with --circle (\(ids.joined(separator: ", ")))"
        case .noCircles: "error: the export holds no care circle"
        }
    }
}
