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
                non-zero exit status. Pipe --format email to `sendmail -t`. With --all-members and \
                --out DIR, every active member gets DIR/CIRCLE/USER.md (.html, or .eml addressed To the \
                member's own e-mail address from the export's users; a member without one gets a message \
                without a To header, named on standard error, to address by hand).

                Examples:
                  carereport digest sample-data --viewer u-ellen --week 2025-W15
                  carereport digest sample-data --viewer u-ellen --format html --out d.html
                  carereport digest export --viewer u-ellen --format email --to me@example.org
                  carereport digest export --all-members --format email --out outbox
                  carereport digest export --all-members --out outbox --shard 2/3
                """
        )

        enum Format: String, ExpressibleByArgument, CaseIterable {
            case markdown, html, email
        }

        @Argument(help: "The export: a directory or a file (native JSON, FHIR R4 bundle, resource or NDJSON, C-CDA XML, or a .zip of them).", completion: .file())
        var input: String

        @OptionGroup var importOptions: ImportOptions

        @OptionGroup var viewerOptions: ViewerOptions

        @OptionGroup var shardOption: ShardOption

        @Option(help: ArgumentHelp("The week: YYYY-Www, last (the previous complete week) or this.", valueName: "week"))
        var week: String = "last"

        @Option(help: "markdown (plain text), html (inline styles) or email (an RFC 5322 message).")
        var format: Format = .markdown

        @Option(name: .customLong("to"), help: ArgumentHelp("A recipient for --format email (repeatable).", valueName: "address"))
        var recipients: [String] = []

        @Option(name: .customLong("from"), help: ArgumentHelp("The sender for --format email.", valueName: "address"))
        var sender: String = "carereport <carereport@localhost>"

        @Option(help: ArgumentHelp("Write to this file instead of standard output.", valueName: "file"), completion: .file())
        var out: String?

        @OptionGroup var nowOption: NowOption

        @Option(help: ArgumentHelp("A folder of templates that replace the defaults by name.", valueName: "dir"), completion: .directory)
        var templates: String?

        func validate() throws {
            try viewerOptions.requireChoice()
            try shardOption.validate(allMembers: viewerOptions.allMembers)
            if week != "last", week != "this", ISOWeek(week) == nil {
                throw ValidationError("--week takes YYYY-Www (for example 2025-W15), last or this")
            }
            if viewerOptions.allMembers {
                guard out != nil else { throw ValidationError("--all-members writes one file per member: give the folder with --out DIR") }
                guard recipients.isEmpty else { throw ValidationError("--to names the recipients of one digest; leave it out with --all-members") }
                return
            }
            if format == .email, recipients.isEmpty { throw ValidationError("--format email needs at least one --to address") }
            if format != .email, !recipients.isEmpty { throw ValidationError("--to goes with --format email") }
        }

        func run() throws {
            if viewerOptions.allMembers { Console.progress("reading the export \(input)") }
            let source = try ExportInput.source(
                input, importPrivacy: importOptions.importPrivacy, circle: viewerOptions.circle, byCircle: viewerOptions.allMembers,
                shard: try shardOption.resolved())
            let export = source.base
            let now = try nowOption.resolve(for: export)
            var templateSet = TemplateSet(defaults: EmbeddedTemplates.files)
            let renderer = try SiteOutput.render { () throws -> PageRenderer in
                if let templates { try templateSet.override(from: templates) }
                return try PageRenderer(templates: templateSet)
            }
            if viewerOptions.allMembers, let out {
                let suffix = ["markdown": "md", "html": "html", "email": "eml"][format.rawValue]!
                let viewers = try viewerOptions.resolveAll(in: export, shard: try shardOption.resolved())
                let progress = RunProgress(viewers, verb: "written")
                defer { progress.finish() }
                var written = 0
                try source.forEach(viewers) { viewer, circleExport in
                    let user = viewer.userId.flatMap { circleExport.user($0) }
                    // The bare address (a name from the export could hold anything); one that does not parse is left out.
                    let address = user?.email.flatMap { email in (try? MailAddress(parsing: email)) != nil ? email : nil }
                    if format == .email, address == nil {
                        progress.say(
                            "warning: \(viewer.userId ?? "?") in \(viewer.circleId) has no valid e-mail address in the export; their message has no To header")
                    }
                    let message = try digest(
                        for: viewer, in: circleExport, now: now, renderer: renderer, palette: templateSet.mailPalette,
                        recipients: address.map { [$0] } ?? [], earlierWritten: written > 0)
                    let path = try SiteOutput.memberPath(out, viewer)
                    try SiteOutput.makeFolder(path.circle)
                    try SiteOutput.emit(message, to: "\(path.member).\(suffix)")
                    written += 1
                    progress.done(viewer)
                }
            } else {
                let viewer = try viewerOptions.resolve(in: export)
                try SiteOutput.emit(
                    try digest(for: viewer, in: export, now: now, renderer: renderer, palette: templateSet.mailPalette, recipients: recipients), to: out)
            }
        }

        /// The digest of the chosen week for one viewer, in the chosen format.
        private func digest(
            for viewer: Viewer, in export: CareExport, now: Date, renderer: PageRenderer, palette: MailPalette, recipients: [String],
            earlierWritten: Bool = false
        ) throws -> String {
            guard let records = PrivacyPolicy.visibleRecords(for: viewer, in: export) else { throw ExitCode(70) }
            let context = ReportContext(records: records, now: now)
            guard let isoWeek = DigestBuilder.week(week, today: LocalDate(now, in: export.timeZone)) else { throw ExitCode(64) }
            var digest = DigestBuilder(context: context).build(isoWeek)
            digest.palette = palette
            let (text, html) = try SiteOutput.render(earlierWritten: earlierWritten) { () throws -> (String, String) in
                let text = TextWrapper.wrap(try renderer.render(digest, template: "digest.text"), width: 72)
                return (text, format == .markdown ? "" : try renderer.render(digest, template: "digest.html"))
            }
            switch format {
            case .markdown: return text
            case .html: return html
            case .email:
                return try SiteOutput.mail { () throws -> String in
                    try DigestMail.message(
                        digest: digest, text: text, html: html, from: sender, to: recipients, now: now, timeZone: export.timeZone,
                        seed: "\(records.circle.id)|\(viewer)|\(isoWeek)")
                }
            }
        }
    }
}
