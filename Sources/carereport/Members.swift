import ArgumentParser
import CareReports

extension CareReport {
    struct Members: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List the export's care circles and their members, with the ids to pass to --circle and --viewer.",
            discussion: """
                The first thing to run on your own export: it prints each circle's id and name, and each \
                member's user id, name, roles and status (only active members can be written for), then \
                each person who belongs to several circles with every circle and their role there (in \
                JSON, each member's alsoIn). It prints names and ids, never health content.

                Examples:
                  carereport members sample-data
                  carereport members /srv/care/export --circle circle-margaret --format json
                """
        )

        @Argument(help: "The export: a directory or a file (native JSON, FHIR R4 bundle or C-CDA XML).", completion: .file())
        var input: String

        @OptionGroup var importOptions: ImportOptions

        @Option(name: .long, help: ArgumentHelp("Only this circle.", valueName: "id"))
        var circle: String?

        @Option(help: "Output as text or json.")
        var format: OutputFormat = .text

        func run() throws {
            let export = try ExportInput.load(input, importPrivacy: importOptions.importPrivacy, patient: importOptions.patient, showWarnings: false)
            var circles = export.circles
            if let circle {
                circles = circles.filter { $0.id == circle }
                if circles.isEmpty {
                    Console.error(ViewerHints.unknownCircle(circle, in: export))
                    throw ExitCode(64)
                }
            }
            let names = Dictionary(export.users.map { ($0.id, "\($0.firstName) \($0.lastName)") }, uniquingKeysWith: { a, _ in a })
            let memberships = ReaderCircles.memberships(in: export)
            /// The other circles a member of `circle` belongs to, with their roles and status there.
            func elsewhere(_ userId: String, besides circle: CareCircle) -> [(circle: CareCircle, roles: [Role], status: MemberStatus)] {
                (memberships[userId] ?? []).filter { $0.circle.id != circle.id }
            }
            switch format {
            case .json:
                let list = circles.map { circle in
                    JSONValue.object(JSONObject([
                        ("id", .string(circle.id)), ("name", .string(circle.name)),
                        ("members", .array(ViewerHints.members(of: circle).map { member in
                            .object(JSONObject([
                                ("userId", .string(member.userId)), ("name", .string(names[member.userId] ?? "")),
                                ("roles", .array(member.roles.map { .string($0.rawValue) })), ("status", .string(member.status.rawValue)),
                                ("alsoIn", .array(elsewhere(member.userId, besides: circle).map { other in
                                    .object(JSONObject([
                                        ("circle", .string(other.circle.id)), ("roles", .array(other.roles.map { .string($0.rawValue) })),
                                        ("status", .string(other.status.rawValue)),
                                    ]))
                                })),
                            ]))
                        })),
                    ]))
                }
                Console.output(JSONValue.array(list).serialized())
            case .text:
                for (index, circle) in circles.enumerated() {
                    if index > 0 { Console.output("") }
                    Console.output("\(circle.id)  \(circle.name)")
                    let members = ViewerHints.members(of: circle)
                    let width = members.map(\.userId.count).max() ?? 0
                    let nameWidth = members.map { (names[$0.userId] ?? "?").count }.max() ?? 0
                    let roleWidth = members.map { $0.roles.map(\.rawValue).joined(separator: ",").count }.max() ?? 0
                    for member in members {
                        let id = member.userId.padding(toLength: width, withPad: " ", startingAt: 0)
                        let name = (names[member.userId] ?? "?").padding(toLength: nameWidth, withPad: " ", startingAt: 0)
                        let roles = member.roles.map(\.rawValue).joined(separator: ",").padding(toLength: roleWidth, withPad: " ", startingAt: 0)
                        Console.output("  \(id)  \(name)  \(roles)  \(member.status.rawValue)")
                    }
                }
                // Each person in more than one circle, with every circle and their role there: a
                // --viewer without --circle writes for all their active circles at once.
                var seen: Set<String> = []
                var several: [String] = []
                for circle in circles {
                    for member in ViewerHints.members(of: circle) where (memberships[member.userId]?.count ?? 0) > 1 && seen.insert(member.userId).inserted {
                        let list = (memberships[member.userId] ?? []).map { "\($0.circle.id) \($0.roles.map(\.rawValue).joined(separator: ",")) \($0.status.rawValue)" }
                        several.append("  \(member.userId)  \(names[member.userId] ?? "?")  \(list.joined(separator: "; "))")
                    }
                }
                if !several.isEmpty {
                    Console.output("")
                    Console.output("people in several circles (a --viewer without --circle gets one site and one digest of their active circles)")
                    several.forEach(Console.output)
                }
            }
        }
    }
}
