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
        if arguments.first == "help", arguments.count > 1,
            !configuration.subcommands.contains(where: { $0._commandName == arguments[1] })
        {
            let names = configuration.subcommands.map { $0._commandName }
            let guess = ViewerHints.closest(arguments[1], among: names).map { "; did you mean \($0)?" } ?? ""
            Console.error("error: no command \(arguments[1])\(guess) (commands: \(names.joined(separator: ", ")))")
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
}
