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
                non-zero exit status. Pipe --format email to `sendmail -t`. A --viewer who is an active \
                member of several circles (without --circle) gets one digest of all of them: what needs \
                attention in every circle first, then a section per circle, each under their role in \
                that circle; the subject counts what needs attention in all.

                With --all-members and --out DIR, each person active in a circle gets one DIR/USER.md (.html, or .eml \
                addressed To their own e-mail address from the export's users; a member without one gets a message \
                without a To header, named on standard error, to address by hand).

                Examples:
                  carereport digest sample-data --viewer u-ellen --week 2025-W15
                  carereport digest sample-data --viewer u-rosa --week last
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

        @OptionGroup var idKeyOption: IdKeyOption

        @OptionGroup var viewerOptions: ViewerOptions

        @OptionGroup var shardOption: ShardOption

        @Option(help: ArgumentHelp("The week: YYYY-Www, last (the previous complete week) or this.", valueName: "week"))
        var week: String = "last"

        @Option(help: "markdown (plain text), html (inline styles) or email (an RFC 5322 message).")
        var format: Format = .markdown

        @Option(name: .customLong("to"), help: ArgumentHelp(
            "A recipient for --format email: one address per --to (repeatable); a comma-separated list works but is warned about.",
            valueName: "address"))
        var recipients: [String] = []

        @Option(name: .customLong("from"), help: ArgumentHelp("The sender for --format email.", valueName: "address"))
        var sender: String = "carereport <carereport@localhost>"

        @Option(help: ArgumentHelp("Write to this file instead of standard output.", valueName: "file"), completion: .file())
        var out: String?

        @OptionGroup var nowOption: NowOption

        @OptionGroup var languageOption: LanguageOption

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
            try idKeyOption.install(output: out)
            warnAboutAddressLists()
            if !viewerOptions.allMembers, viewerOptions.viewer != nil, viewerOptions.circle == nil {
                return try runForReader()
            }
            guard viewerOptions.allMembers, let out else {
                return try write(from: ExportInput.source(
                    input, importPrivacy: importOptions.importPrivacy, patient: importOptions.patient, circle: viewerOptions.circle,
                    warnings: .show(strict: nowOption.strict)))
            }
            Console.progress("reading the export \(input)")
            // Read once, each circle checked as it is read; done again from a checked export if that fails.
            guard DeferredRun.enabled else { return try write(from: allReadersSource(deferChecks: false)) }
            try DeferredRun.run(out: out) {
                try write(from: allReadersSource(deferChecks: true))
            } checked: {
                try write(from: allReadersSource(deferChecks: false))
            }
        }

        /// The export of an `--all-members` run.
        private func allReadersSource(deferChecks: Bool) throws -> ExportSource {
            try ExportInput.allReadersSource(
                input, importPrivacy: importOptions.importPrivacy, patient: importOptions.patient, circle: viewerOptions.circle,
                shard: try shardOption.resolved(), warnings: .show(strict: nowOption.strict), deferChecks: deferChecks)
        }

        /// The digest, or with `--all-members` every member's, from `source`.
        private func write(from source: ExportSource) throws {
            let export = source.base
            let now = try nowOption.resolve(for: export)
            var templateSet = TemplateSet(defaults: EmbeddedTemplates.files)
            // Read and checked before anything is written (English); each reader's language is made when first needed.
            let renderer = try SiteOutput.render { () throws -> TemplateSet in
                if let templates { try templateSet.override(from: templates) }
                _ = try LocalizedRenderers.renderer(for: templateSet, words: .english)
                return templateSet
            }
            if viewerOptions.allMembers, let out {
                try runForAllReaders(source, out: out, now: now, renderer: renderer, palette: templateSet.mailPalette)
            } else {
                let viewer = try viewerOptions.resolve(in: export)
                try SiteOutput.emit(
                    try digest(for: viewer, in: export, now: now, renderer: renderer, palette: templateSet.mailPalette, recipients: recipients), to: out)
            }
        }

        /// A `--to` that names several addresses (`a@b.org, c@d.org`) is an RFC 5322 list and is
        /// accepted, but said on standard error with every address it adds, so no second recipient is
        /// hidden in one option (a `--to` that is no address at all is refused where the message is made).
        func warnAboutAddressLists() {
            for value in recipients {
                guard let addresses = try? MailAddress.parseList(value) else { continue }
                for address in addresses where address.displayName?.contains("@") == true {
                    Console.error("warning: --to \(address): the name shown looks like an address, but the message goes to \(address.address)")
                }
                guard addresses.count > 1 else { continue }
                let list = addresses.map(\.address).joined(separator: ", ")
                Console.error("warning: one --to names \(addresses.count) recipients (\(list)); give each address its own --to")
            }
        }

        /// `--viewer ID` without `--circle`: one digest of every circle where the reader is active
        /// (the digest of one circle, as always, when that is all they read).
        private func runForReader() throws {
            let reader = try ReaderRun(
                input: input, importPrivacy: importOptions.importPrivacy, patient: importOptions.patient, options: viewerOptions,
                warnings: .show(strict: nowOption.strict))
            let now = try nowOption.resolve(for: reader.source.base)
            var templateSet = TemplateSet(defaults: EmbeddedTemplates.files)
            let renderer = try SiteOutput.render { () throws -> TemplateSet in
                if let templates { try templateSet.override(from: templates) }
                _ = try LocalizedRenderers.renderer(for: templateSet, words: .english)
                return templateSet
            }
            guard reader.isMultiCircle else {
                let viewer = try reader.single(viewerOptions)
                let export = try reader.source.export(ofCircle: viewer.circleId)
                return try SiteOutput.emit(
                    try digest(for: viewer, in: export, now: now, renderer: renderer, palette: templateSet.mailPalette, recipients: recipients), to: out)
            }
            try SiteOutput.emit(
                try readerDigest(reader, now: now, renderer: renderer, palette: templateSet.mailPalette, recipients: recipients), to: out)
        }

        /// One reader's digest of the chosen week over all their circles, in the chosen format.
        func readerDigest(
            _ reader: ReaderRun, now: Date, renderer templates: TemplateSet, palette: MailPalette, recipients: [String],
            earlierWritten: Bool = false, cache: CircleCache? = nil
        ) throws -> String {
            let timeZone = reader.source.base.timeZone
            let language = languageOption.reader(userId: reader.userId, in: reader.source.base)
            guard let isoWeek = DigestBuilder.week(week, today: LocalDate(now, in: timeZone)) else { throw ExitCode(64) }
            var digests: [Digest] = []
            func add(_ records: VisibleRecords) {
                let context = ReportContext(records: records, now: now, words: language.words, display: language.display)
                var digest = DigestBuilder(context: context).build(isoWeek)
                digest.palette = palette
                digests.append(digest)
            }
            if let cache {
                for viewer in reader.viewers { add(try cache.records(for: viewer)) }
            } else {
                try reader.forEachCircle { _, records in add(records) }
            }
            var combined = ReaderDigest(readerName: reader.readerName, circles: digests, words: language.words)
            combined.palette = palette
            let (text, html) = try rendered(
                combined, text: "digest.reader-text", html: "digest.reader-html", templates: templates, words: language.words,
                earlierWritten: earlierWritten)
            switch format {
            case .markdown: return text
            case .html: return html
            case .email:
                return try SiteOutput.mail { () throws -> String in
                    try DigestMail.message(
                        subject: combined.subject, language: combined.language, text: text, html: html, from: sender, to: recipients, now: now, timeZone: timeZone,
                        seed: "reader|\(reader.userId)|\(isoWeek)")
                }
            }
        }

        /// A digest's text (wrapped at 72 columns) and, unless only Markdown is asked for, its HTML, in
        /// `words`' language.
        private func rendered<Model: Encodable>(
            _ model: Model, text textTemplate: String, html htmlTemplate: String, templates: TemplateSet, words: Localizer,
            earlierWritten: Bool
        ) throws -> (text: String, html: String) {
            try SiteOutput.render(earlierWritten: earlierWritten) { () throws -> (String, String) in
                let renderer = try LocalizedRenderers.renderer(for: templates, words: words)
                let text = TextWrapper.wrap(try renderer.render(model, template: textTemplate), width: 72)
                return (text, format == .markdown ? "" : try renderer.render(model, template: htmlTemplate))
            }
        }

        /// The digest of the chosen week for one viewer, in the chosen format. With `views`, a digest
        /// already built for a reader who sees exactly the same (an equal `ViewKey`) is taken from it
        /// and said for this reader, instead of being built again.
        func digest(
            for viewer: Viewer, in export: CareExport, now: Date, renderer templates: TemplateSet, palette: MailPalette, recipients: [String],
            earlierWritten: Bool = false, views: SharedViews<Digest>? = nil, facts: CircleFacts? = nil
        ) throws -> String {
            guard let records = PrivacyPolicy.visibleRecords(for: viewer, in: export, facts: facts) else { throw ExitCode(70) }
            let reader = languageOption.reader(viewer, in: export)
            let context = ReportContext(records: records, now: now, words: reader.words, display: reader.display)
            guard let isoWeek = DigestBuilder.week(week, today: LocalDate(now, in: export.timeZone)) else { throw ExitCode(64) }
            var builder = DigestBuilder(context: context)
            builder.drawsCharts = templates.digestShowsCharts
            var digest: Digest
            if let shared = views?.value(for: context, make: { builder.build(isoWeek) }) {
                digest = shared.reused ? shared.value.personalised(for: context) : shared.value
            } else {
                digest = builder.build(isoWeek)
            }
            digest.palette = palette
            let (text, html) = try rendered(
                digest, text: "digest.text", html: "digest.html", templates: templates, words: context.words, earlierWritten: earlierWritten)
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
