import ArgumentParser
import CareReports

extension CareReport {
    struct Members: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List the export's care circles and their members, with the ids to pass to --circle and --viewer.",
            discussion: """
                The first thing to run on your own export: it prints each circle's id and name, and each \
                member's user id, name, roles and status (only active members can be written for). It \
                prints names and ids, never health content.

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
            let export = try ExportInput.load(input, importPrivacy: importOptions.importPrivacy, showWarnings: false)
            var circles = export.circles
            if let circle {
                circles = circles.filter { $0.id == circle }
                if circles.isEmpty {
                    Console.error(ViewerHints.unknownCircle(circle, in: export))
                    throw ExitCode(64)
                }
            }
            let names = Dictionary(export.users.map { ($0.id, "\($0.firstName) \($0.lastName)") }, uniquingKeysWith: { a, _ in a })
            switch format {
            case .json:
                let list = circles.map { circle in
                    JSONValue.object(JSONObject([
                        ("id", .string(circle.id)), ("name", .string(circle.name)),
                        ("members", .array(ViewerHints.members(of: circle).map { member in
                            .object(JSONObject([
                                ("userId", .string(member.userId)), ("name", .string(names[member.userId] ?? "")),
                                ("roles", .array(member.roles.map { .string($0.rawValue) })), ("status", .string(member.status.rawValue)),
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
            }
        }
    }
}
