import ArgumentParser
import CareReports

/// `--viewer ID [--as ROLE] | --role ROLE`, and `--circle ID` for exports with several circles.
struct ViewerOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The member to write for (their user id).", valueName: "id"))
    var viewer: String?

    @Option(name: .customLong("as"), help: ArgumentHelp("Narrow the viewer to one of their roles.", valueName: "role"))
    var asRole: Role?

    @Option(name: .long, help: ArgumentHelp("Write for any member in this role instead of one person.", valueName: "role"))
    var role: Role?

    @Option(name: .long, help: ArgumentHelp("Only this circle (a --viewer in several circles otherwise gets all of them, where the command allows).", valueName: "id"))
    var circle: String?

    @Flag(help: "Write for every active member (build and digest only), one output per person, loading the export once.")
    var allMembers = false

    func validate() throws {
        if allMembers {
            guard viewer == nil, role == nil, asRole == nil else {
                throw ValidationError("--all-members excludes --viewer, --as and --role")
            }
            return
        }
        switch (viewer, role) {
        case (nil, nil): break  // each command says what it accepts (requireChoice / requireSingleViewer)
        case (.some, .some): throw ValidationError("--viewer and --role exclude each other; use --viewer ID --as ROLE to narrow a member")
        default: break
        }
        if asRole != nil, viewer == nil { throw ValidationError("--as needs --viewer") }
    }

    var request: ViewerRequest {
        if let viewer { return ViewerRequest(.member(userId: viewer, narrowedTo: asRole), circleId: circle) }
        return ViewerRequest(.role(role!), circleId: circle)
    }

    /// Stops with a usage error when `--all-members` was given to a command that writes for one viewer.
    func requireSingleViewer() throws {
        if allMembers { throw ValidationError("--all-members is for build and digest; name one --viewer or --role here") }
        if viewer == nil, role == nil { throw ValidationError("choose who the output is for: --viewer ID or --role ROLE (carereport members INPUT lists the ids)") }
    }

    /// For commands that also write for every member (build, digest).
    func requireChoice() throws {
        if !allMembers, viewer == nil, role == nil {
            throw ValidationError("choose who the output is for: --viewer ID, --role ROLE or --all-members (carereport members INPUT lists the ids)")
        }
    }

    /// Resolves the viewer, or stops with the policy's exit status (67 for a non-member).
    func resolve(in export: CareExport) throws -> Viewer {
        do {
            return try request.resolve(in: export)
        } catch {
            switch error {
            case .unknownViewer(let id): Console.error(ViewerHints.unknownViewer(id, circleId: circle, in: export))
            case .unknownCircle(let id): Console.error(ViewerHints.unknownCircle(id, in: export))
            case .circleRequired where viewer != nil && ReaderCircles.viewers(of: viewer!, in: export).count > 1:
                // A reader of several circles, for a command that works on one circle (audit, visit).
                let circles = ReaderCircles.viewers(of: viewer!, in: export)
                    .map { "\($0.circleId) (\($0.roles.sorted().map(\.rawValue).joined(separator: "+")))" }
                Console.error("error: \(viewer!) is an active member of \(circles.count) circles and this command works on one; choose one with --circle: \(circles.joined(separator: ", "))")
            default: Console.error(error.errorDescription ?? "error: unknown viewer")
            }
            throw ExitCode(error.exitCode)
        }
    }
}

extension Role: ExpressibleByArgument {
    public static var allValueStrings: [String] { allCases.map(\.rawValue) }
}
