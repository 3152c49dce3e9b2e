import ArgumentParser
import Foundation
import Templates

extension CareReport {
    struct TemplatesCommand: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "templates",
            abstract: "Write the default templates and style sheets into a folder, to customise.",
            discussion: """
                Writes html/*.mustache, md/*.mustache and assets/*.css. Edit any of them and pass the \
                folder to build with --templates DIR; files you delete fall back to the defaults. \
                Existing files are never overwritten. The templates are Mustache (with transforms such \
                as empty(list); no lambdas), read by the same engine as the built-in ones, so an \
                unchanged copy writes the same bytes. A mistake stops the run with status 65 and \
                FILE:LINE:COLUMN: error: and what is wrong, at the tag at fault.

                Examples:
                  carereport templates mine
                  carereport build sample-data --out s --viewer u-ellen --templates mine
                """
        )

        @Argument(help: "The folder to write the templates into.")
        var directory: String

        func run() throws {
            let fileManager = FileManager.default
            var written = 0
            for (path, text) in EmbeddedTemplates.files.sorted(by: { $0.key < $1.key }) {
                let url = URL(fileURLWithPath: directory).appendingPathComponent(path)
                if fileManager.fileExists(atPath: url.path) {
                    Console.error("\(url.path): warning: exists; left as it is")
                    continue
                }
                do {
                    try fileManager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                    try Data(text.utf8).write(to: url)
                    written += 1
                } catch {
                    Console.error("\(url.path): error: cannot write")
                    throw ExitCode(73)
                }
            }
            Console.output("wrote \(written) template file\(written == 1 ? "" : "s") to \(directory)")
        }
    }
}
