import ArgumentParser

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

            Exit status: 0 done, 64 bad usage, 65 bad input data, 66 input missing or unreadable,
            67 viewer unknown or not an active member, 73 output cannot be written, 70 internal error.
            """,
        version: "0.1.0",
        subcommands: [Validate.self, Audit.self, Build.self, Visit.self, DigestCommand.self, TemplatesCommand.self, Generate.self]
    )
}
