import ArgumentParser
import CareReports

extension CareReport {
    struct Validate: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Check an export and report every problem with its place.",
            discussion: """
                Prints each problem as FILE:LINE:COL: error: MESSAGE (JSON syntax) or \
                FILE: error: at KEY.PATH: MESSAGE (a value of the wrong shape) on standard error, \
                then one line saying what was read. Messages never quote health content.

                Examples:
                  carereport validate sample-data
                  carereport validate export.json --strict --format json
                  carereport validate discharge.xml --entries

                With --entries, standard output has one JSON object a line for every entry of \
                every section of each clinical document read: its document, section (code and \
                title), entry (FHIR reference or C-CDA path), kind, outcome (shown, merged, \
                omitted or unread), reason, place and record.

                Exit status: 0 valid, 65 errors found (or warnings with --strict), 66 input missing.
                """
        )

        @Argument(help: "The export: a directory or a file (native JSON, FHIR R4 bundle, resource or NDJSON, C-CDA XML, or a .zip of them).", completion: .file())
        var input: String

        @OptionGroup var importOptions: ImportOptions

        @Flag(help: "Treat warnings as errors.")
        var strict = false

        @Option(help: "Output as text or json.")
        var format: OutputFormat = .text

        @Flag(help: "Print what became of every entry of every section of each clinical document, one JSON object a line.")
        var entries = false

        func run() throws {
            // Every record is read and checked; none needs to be kept, so none is (see CircleFilter).
            var loader = ExportLoader(importPrivacy: importOptions.importPrivacy)
            loader.patient = importOptions.patient
            loader.circles = []
            let result = try ExportInput.read(input, loader: loader)
            let diagnostics = strict ? result.diagnostics.map(\.asError) : result.diagnostics
            let errors = diagnostics.filter { $0.severity == .error }
            let warnings = diagnostics.filter { $0.severity == .warning }
            if entries {
                for diagnostic in diagnostics { Console.error(diagnostic.description) }
                for line in result.ledger { Console.output(line.json) }
                if !errors.isEmpty { throw ExitCode(65) }
                return
            }
            switch format {
            case .text:
                for diagnostic in diagnostics { Console.error(diagnostic.description) }
                Console.output(result.summary + (errors.isEmpty ? "" : "; \(errors.count) error\(errors.count == 1 ? "" : "s")"))
            case .json:
                Console.output(ValidationReport(errors: errors, warnings: warnings, counts: result.counts).json)
            }
            if !errors.isEmpty { throw ExitCode(65) }
        }
    }
}
