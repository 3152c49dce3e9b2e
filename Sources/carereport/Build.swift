import ArgumentParser
import CareReports
import Foundation
import Templates

extension CareReport {
    struct Build: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Write the static site (HTML and Markdown) for one viewer.",
            discussion: """
                Writes weekly care summaries, medication logs and lab report pages, built only from the \
                records the viewer may see. The site is written beside DIR and swapped in whole, so a \
                failed or killed build leaves the previous site as it was. Pages open from file:// with \
                no server and no JavaScript.

                A --viewer who is an active member of several circles (without --circle) gets one site \
                of all of them: each circle's pages under c/CIRCLE/ (a file-name-safe form of the circle \
                id), each built under the role the viewer has in that circle, and a home page with what \
                needs attention in every circle first, then a section per circle; from 5 circles on the \
                home is a caseload, one row per circle, most needing attention first. A viewer of one \
                circle gets that circle's site as always. --circle ID narrows to one circle.

                With --all-members, every person active in a circle gets one folder OUT/USER (their \
                one site, of all their circles) from one load of the export; --shard K/N writes only \
                the readers of shard K (by a fixed hash of the user id; the N shards together write \
                what one run would).

                Examples:
                  carereport build sample-data --out site --viewer u-ellen
                  carereport build sample-data --out site --viewer u-rosa
                  carereport build sample-data --out site --viewer u-frank --now 2025-04-18
                  carereport build export.json --out site --role supporter --templates mine
                  carereport build /srv/care/export --out /srv/www/care --all-members
                  carereport build /srv/care/export --out /srv/www/care --all-members --shard auto/4
                """
        )

        @Argument(help: "The export: a directory or a file (native JSON, FHIR R4 bundle, resource or NDJSON, C-CDA XML, or a .zip of them).", completion: .file())
        var input: String

        @OptionGroup var importOptions: ImportOptions

        @OptionGroup var idKeyOption: IdKeyOption

        @Option(name: .long, help: ArgumentHelp("The folder to write the site into (replaced whole).", valueName: "dir"), completion: .directory)
        var out: String

        @OptionGroup var viewerOptions: ViewerOptions

        @OptionGroup var shardOption: ShardOption

        @OptionGroup var nowOption: NowOption

        @OptionGroup var languageOption: LanguageOption

        @Option(help: ArgumentHelp("Write weekly summaries from this day on (YYYY-MM-DD).", valueName: "date"))
        var from: String?

        @Option(help: ArgumentHelp("Write weekly summaries up to this day (YYYY-MM-DD).", valueName: "date"))
        var to: String?

        @Option(help: ArgumentHelp("The circle's IANA time zone, overriding the export's.", valueName: "zone"))
        var timezone: String?

        @Option(help: ArgumentHelp("A folder of templates that replace the defaults by name.", valueName: "dir"), completion: .directory)
        var templates: String?

        @Option(help: ArgumentHelp("Which page formats to write: html, md or both.", valueName: "list"))
        var formats: String = "html,md"

        @Option(help: ArgumentHelp("Minutes either side of the scheduled time that still count as on time.", valueName: "minutes"))
        var onTimeWindow: Int = 60

        func validate() throws {
            try viewerOptions.requireChoice()
            try shardOption.validate(allMembers: viewerOptions.allMembers)
            if let jobs, jobs < 1 { throw ValidationError("--jobs takes a number of at least 1") }
            guard (0...1440).contains(onTimeWindow) else { throw ValidationError("--on-time-window takes minutes from 0 to 1440") }
            _ = try parsedFormats()
            if let start = try day(from, "--from"), let end = try day(to, "--to"), start > end {
                throw ValidationError("--from \(from!) is later than --to \(to!): no week would be written; swap them")
            }
        }

        func day(_ text: String?, _ option: String) throws -> LocalDate? {
            guard let text else { return nil }
            guard case .day(let day)? = CareDate.parse(text) else { throw ValidationError("\(option) takes a date as YYYY-MM-DD") }
            return day
        }

        func parsedFormats() throws -> Set<SiteBuilder.Format> {
            var result: Set<SiteBuilder.Format> = []
            for name in formats.split(separator: ",") {
                guard let format = SiteBuilder.Format(rawValue: name.trimmingCharacters(in: .whitespaces)) else {
                    throw ValidationError("--formats takes html, md or html,md")
                }
                result.insert(format)
            }
            guard !result.isEmpty else { throw ValidationError("--formats takes html, md or html,md") }
            return result
        }

        @Option(help: ArgumentHelp("Pages rendered at once (default: the number of cores); the bytes do not depend on it.", valueName: "n"))
        var jobs: Int?

        func run() throws {
            try idKeyOption.install(output: out)
            if !viewerOptions.allMembers, viewerOptions.viewer != nil, viewerOptions.circle == nil {
                return try runForReader()
            }
            if viewerOptions.allMembers { Console.progress("reading the export \(input)") }
            let source = viewerOptions.allMembers
                ? try ExportInput.allReadersSource(
                    input, timeZone: timezone, importPrivacy: importOptions.importPrivacy, patient: importOptions.patient,
                    circle: viewerOptions.circle, shard: try shardOption.resolved(), warnings: .show(strict: nowOption.strict))
                : try ExportInput.source(
                    input, timeZone: timezone, importPrivacy: importOptions.importPrivacy, patient: importOptions.patient,
                    circle: viewerOptions.circle, warnings: .show(strict: nowOption.strict))
            let export = source.base
            let now = try nowOption.resolve(for: export)
            let formats = try parsedFormats()
            var templateSet = TemplateSet(defaults: EmbeddedTemplates.files)
            if let templates {
                _ = try SiteOutput.render { () throws -> SitePlan in
                    try templateSet.override(from: templates)
                    return SitePlan()
                }
            }
            let period = (try day(from, "--from"), try day(to, "--to"))
            if viewerOptions.allMembers {
                try runForAllReaders(source, now: now, templates: templateSet, formats: formats, period: period)
            } else {
                let viewer = try viewerOptions.resolve(in: export)
                Console.progress("writing the site for \(viewer) into \(out)")
                try write(export, viewer, now: now, templates: templateSet, formats: formats, period: period, to: out)
            }
        }

        /// `--viewer ID` without `--circle`: one site of every circle where the reader is active (the
        /// site of one circle, as always, when that is all they read).
        private func runForReader() throws {
            let reader = try ReaderRun(
                input: input, timeZone: timezone, importPrivacy: importOptions.importPrivacy, patient: importOptions.patient,
                options: viewerOptions, warnings: .show(strict: nowOption.strict))
            let now = try nowOption.resolve(for: reader.source.base)
            let formats = try parsedFormats()
            let templateSet = try loadedTemplates()
            let period = (try day(from, "--from"), try day(to, "--to"))
            guard reader.isMultiCircle else {
                let viewer = try reader.single(viewerOptions)
                Console.progress("writing the site for \(viewer) into \(out)")
                let export = try reader.source.export(ofCircle: viewer.circleId)
                return try write(export, viewer, now: now, templates: templateSet, formats: formats, period: period, to: out)
            }
            Console.progress("writing the site of \(reader.viewers.count) circles for \(reader.userId) into \(out)")
            let language = languageOption.reader(userId: reader.userId, in: reader.source.base)
            let renderer = try SiteOutput.render { try LocalizedRenderers.renderer(for: templateSet, words: language.words) }
            let parallel = ParallelRenderer(workers: jobs ?? ProcessInfo.processInfo.activeProcessorCount)
            let site = try SiteOutput.readerStep {
                try ReaderSiteBuilder(
                    output: out, templates: templateSet, renderer: renderer, formats: formats, parallel: parallel, circleCount: reader.viewers.count)
            }
            try reader.forEachCircle { _, records in
                let context = ReportContext(
                    records: records, now: now, onTimeWindowMinutes: onTimeWindow, from: period.0, to: period.1, words: language.words,
                    display: language.display)
                try SiteOutput.readerStep { try site.add(context) }
            }
            try SiteOutput.readerStep { try site.finish(readerName: reader.readerName, readerKey: reader.userId) }
        }

        /// The templates: the defaults, with those of `--templates` in their place.
        private func loadedTemplates() throws -> TemplateSet {
            var templateSet = TemplateSet(defaults: EmbeddedTemplates.files)
            if let templates {
                _ = try SiteOutput.render { () throws -> SitePlan in
                    try templateSet.override(from: templates)
                    return SitePlan()
                }
            }
            return templateSet
        }

        private func write(
            _ export: CareExport, _ viewer: Viewer, now: Date, templates: TemplateSet,
            formats: Set<SiteBuilder.Format>, period: (LocalDate?, LocalDate?), to folder: String
        ) throws {
            try SiteOutput.write(render(export, viewer, now: now, templates: templates, formats: formats, period: period), to: folder)
        }

        func render(
            _ export: CareExport, _ viewer: Viewer, now: Date, templates: TemplateSet,
            formats: Set<SiteBuilder.Format>, period: (LocalDate?, LocalDate?), earlierWritten: Bool = false, facts: CircleFacts? = nil,
            views: SharedViews<SiteModels>? = nil, workers: Int? = nil
        ) throws -> SitePlan {
            guard let records = PrivacyPolicy.visibleRecords(for: viewer, in: export, facts: facts) else { throw ExitCode(70) }
            let reader = languageOption.reader(viewer, in: export)
            let context = ReportContext(
                records: records, now: now, onTimeWindowMinutes: onTimeWindow, from: period.0, to: period.1, words: reader.words, display: reader.display)
            let parallel = ParallelRenderer(workers: workers ?? jobs ?? ProcessInfo.processInfo.activeProcessorCount)
            return try SiteOutput.render(earlierWritten: earlierWritten) { () throws -> SitePlan in
                // An --all-members run parses and checks the templates once: PageRenderer keeps the last one made.
                let site = try SiteBuilder(context: context, templates: templates, formats: formats, parallel: parallel)
                guard let views else { return try site.build() }
                return try site.build(with: views.value(for: context) { SiteModels(context: context, templates: templates) }.value)
            }
        }
    }
}
