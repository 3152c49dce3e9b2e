import ArgumentParser
import CareReports
import Foundation
import Templates

extension CareReport {
    struct DigestCommand: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "digest",
            abstract: "Write the weekly family digest: Markdown text, inline-styled HTML, or a whole email for sendmail.",
            discussion: """
                Exceptions first ("needs attention"), then the week; a quiet week is one line. Quiet on \
                success, so cron mails nothing but the digest; problems go to standard error with a \
                non-zero exit status.

                Examples:
                  carereport digest sample-data --viewer u-ellen --week 2025-W15
                  carereport digest sample-data --viewer u-ellen --format html --out digest.html
                  carereport digest /srv/care/export --viewer u-ellen --format email --to ellen@example.org | /usr/sbin/sendmail -t
                """
        )

        enum Format: String, ExpressibleByArgument, CaseIterable {
            case markdown, html, email
        }

        @Argument(help: "The export: a directory or a JSON file.")
        var input: String

        @OptionGroup var viewerOptions: ViewerOptions

        @Option(help: ArgumentHelp("The week: YYYY-Www, last (the previous complete week) or this.", valueName: "week"))
        var week: String = "last"

        @Option(help: "markdown (plain text), html (inline styles) or email (an RFC 5322 message).")
        var format: Format = .markdown

        @Option(name: .customLong("to"), help: ArgumentHelp("A recipient for --format email (repeatable).", valueName: "address"))
        var recipients: [String] = []

        @Option(name: .customLong("from"), help: ArgumentHelp("The sender for --format email.", valueName: "address"))
        var sender: String = "carereport <carereport@localhost>"

        @Option(help: ArgumentHelp("Write to this file instead of standard output.", valueName: "file"))
        var out: String?

        @OptionGroup var nowOption: NowOption

        @Option(help: ArgumentHelp("A folder of templates that replace the defaults by name.", valueName: "dir"))
        var templates: String?

        func validate() throws {
            if week != "last", week != "this", ISOWeek(week) == nil {
                throw ValidationError("--week takes YYYY-Www (for example 2025-W15), last or this")
            }
            if format == .email, recipients.isEmpty { throw ValidationError("--format email needs at least one --to address") }
            if format != .email, !recipients.isEmpty { throw ValidationError("--to goes with --format email") }
        }

        func run() throws {
            let export = try ExportInput.load(input, showWarnings: false)
            let viewer = try viewerOptions.resolve(in: export)
            let now = try nowOption.resolve(timeZone: export.timeZone)
            guard let records = PrivacyPolicy.visibleRecords(for: viewer, in: export) else { throw ExitCode(70) }
            let context = ReportContext(records: records, now: now)
            guard let isoWeek = DigestBuilder.week(week, today: context.today) else { throw ExitCode(64) }
            let digest = DigestBuilder(context: context).build(isoWeek)
            let (text, html) = try SiteOutput.renderPair { () throws(RenderError) -> (String, String) in
                var templateSet = TemplateSet(defaults: EmbeddedTemplates.files)
                if let templates { try templateSet.override(from: templates) }
                let renderer = try PageRenderer(templates: templateSet)
                let text = TextWrapper.wrap(try renderer.render(digest, template: "digest.text"), width: 72)
                return (text, format == .markdown ? "" : try renderer.render(digest, template: "digest.html"))
            }
            switch format {
            case .markdown: try SiteOutput.emit(text, to: out)
            case .html: try SiteOutput.emit(html, to: out)
            case .email:
                let message = try SiteOutput.mail { () throws -> String in
                    try DigestMail.message(
                    digest: digest, text: text, html: html, from: sender, to: recipients, now: now, timeZone: export.timeZone,
                    seed: "\(records.circle.id)|\(viewer)|\(isoWeek)")
                }
                try SiteOutput.emit(message, to: out)
            }
        }
    }
}
