import ArgumentParser
import CareReports

extension CareReport {
    struct Audit: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Show, for the operator, what a viewer may see and which rule decided.",
            discussion: """
                Lists every health record, task and update with the policy's decision for the viewer \
                and the rule (H1 to H7, T1 to T4, U1 to U7) that made it. It prints ids, never content, and \
                writes nothing into a site. Decisions are per circle: a --viewer who is an active member \
                of several circles names one with --circle (their role, and so every decision, can differ \
                between circles); run audit once per circle to see each.

                Examples:
                  carereport audit sample-data --viewer u-frank
                  carereport audit sample-data --role supporter --circle circle-margaret
                  carereport audit sample-data --viewer u-rosa --circle circle-walter
                """
        )

        @Argument(help: "The export: a directory or a file (native JSON, FHIR R4 bundle, resource or NDJSON, C-CDA XML, or a .zip of them).", completion: .file())
        var input: String

        @OptionGroup var importOptions: ImportOptions

        @OptionGroup var viewerOptions: ViewerOptions

        @Option(help: "Output as text or json.")
        var format: OutputFormat = .text

        func validate() throws {
            try viewerOptions.requireSingleViewer()
        }

        func run() throws {
            let export = try ExportInput.load(input, importPrivacy: importOptions.importPrivacy, patient: importOptions.patient, showWarnings: false)
            let viewer = try viewerOptions.resolve(in: export)
            let entries = AuditEntry.audit(export, for: viewer)
            switch format {
            case .json:
                Console.output(JSONValue.array(entries.map(Self.encode)).serialized())
            case .text:
                Console.output("viewer: \(viewer)")
                let width = entries.map(\.id.count).max() ?? 0
                for entry in entries {
                    let kind = entry.kind.rawValue.padding(toLength: 12, withPad: " ", startingAt: 0)
                    let id = entry.id.padding(toLength: width, withPad: " ", startingAt: 0)
                    let verdict = entry.decision.visible ? "visible" : "hidden "
                    let origin = entry.importedFrom.map { "; imported from \($0) at privacy level \(importOptions.importPrivacy.rawValue) (--import-privacy)" } ?? ""
                    Console.output("\(kind)  \(id)  \(verdict)  \(entry.decision.rule.rawValue)  \(entry.decision.reason)\(origin)")
                }
                let shown = entries.filter(\.decision.visible).count
                Console.output("\(shown) of \(entries.count) records visible")
            }
        }

        private static func encode(_ entry: AuditEntry) -> JSONValue {
            .object(
                JSONObject([
                    ("kind", .string(entry.kind.rawValue)), ("id", .string(entry.id)),
                    ("visible", .bool(entry.decision.visible)), ("rule", .string(entry.decision.rule.rawValue)),
                    ("reason", .string(entry.decision.reason)),
                ] + (entry.importedFrom.map { [("importedFrom", JSONValue.string($0))] } ?? [])))
        }
    }
}
