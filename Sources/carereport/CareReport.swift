import ArgumentParser
import Foundation
import CareReports

@main
struct CareReport: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "carereport",
        abstract: "Private, printable reports from a care-coordination export.",
        discussion: """
            Reads the JSON export of a care circle, keeps only what the chosen viewer may see, and \
            writes reports for them.

            INPUT is a folder or a file, told by its content: the care app's JSON export (a folder or \
            one file); FHIR R4 bundles (Synthea, International Patient Summary/IPS), single FHIR \
            resources and Bulk Data NDJSON; C-CDA R2.1 documents from a patient portal; and .zip, .tar \
            or .tgz archives of any of these (such as the IHE XDM package a portal downloads).

            Examples:
              carereport validate sample-data
              carereport audit sample-data --viewer u-frank --format json
              carereport build sample-data --out site --viewer u-ellen

            Exit status:
              0   done
              64  the command line is wrong (unknown option, missing argument)
              65  the input data or a template is wrong, or a warning under --strict
              66  the input is missing or cannot be read
              67  the viewer is not an active member of the circle; nothing is written
              70  internal error in carereport (please report it)
              73  the output cannot be written
            """,
        version: BuildInfo.versionLine,
        subcommands: [Validate.self, Members.self, Audit.self, Build.self, Visit.self, DigestCommand.self, TemplatesCommand.self, Generate.self]
    )

    /// As ArgumentParser's, except that an error no command turned into an exit status is an
    /// internal error (70, named by its type only, never its text, which could quote data), not 1.
    static func main() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        // `carereport biuld …` and `carereport help biuld` both name the typo and the nearest command
        // (left to the parser, the first would blame the first option it does not know).
        let named = arguments.first == "help" ? arguments.dropFirst().first : arguments.first
        if let named, !named.hasPrefix("-"), let problem = unknownCommand(named) {
            Console.error("error: \(problem)")
            Foundation.exit(64)
        }
        if let problem = UnknownOptions.problem(in: arguments) {
            Console.error("error: \(problem)")
            Foundation.exit(64)
        }
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch {
            if exitCode(for: error) == .failure, !(error is ExitCode) {
                Console.error("error: internal error (\(type(of: error))); nothing more was written")
                Foundation.exit(70)
            }
            exit(withError: error)
        }
    }

    /// What is wrong with `name` as a command ("no command biuld; did you mean build? …"), or nil
    /// when it is one (or `help`).
    static func unknownCommand(_ name: String) -> String? {
        let names = configuration.subcommands.map { $0._commandName }
        guard name != "help", !names.contains(name) else { return nil }
        let guess = ViewerHints.closest(name, among: names).map { "; did you mean \($0)?" } ?? ""
        return "no command \(name)\(guess) (commands: \(names.joined(separator: ", ")))"
    }
}
