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
                no server and no JavaScript. With --all-members, every active member gets a folder \
                OUT/CIRCLE/USER from one load of the export; --shard K/N writes only \
                the circles of shard K (the N shards together write what one run would).

                Examples:
                  carereport build sample-data --out site --viewer u-ellen
                  carereport build sample-data --out site --viewer u-frank --now 2025-04-18
                  carereport build export.json --out site --role supporter --templates mine
                  carereport build /srv/care/export --out /srv/www/care --all-members
                  carereport build /srv/care/export --out /srv/www/care --all-members --shard auto/4
                """
        )

        @Argument(help: "The export: a directory or a file (native JSON, FHIR R4 bundle, resource or NDJSON, C-CDA XML, or a .zip of them).", completion: .file())
        var input: String

        @OptionGroup var importOptions: ImportOptions

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
            if viewerOptions.allMembers { Console.progress("reading the export \(input)") }
            let source = try ExportInput.source(
                input, timeZone: timezone, importPrivacy: importOptions.importPrivacy, circle: viewerOptions.circle,
                byCircle: viewerOptions.allMembers, shard: try shardOption.resolved())
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
                let viewers = try viewerOptions.resolveAll(in: export, shard: try shardOption.resolved())
                var folders: [String: [String]] = [:]
                let progress = RunProgress(viewers, verb: "written")
                defer { progress.finish() }
                // One member's files are created while the next member's pages are rendered.
                let queue = SiteWriteQueue()
                do {
                    try source.forEach(viewers) { viewer, circleExport in
                        let folder = try SiteOutput.memberPath(out, viewer).member
                        let plan = try render(
                            circleExport, viewer, now: now, templates: templateSet, formats: formats, period: period, earlierWritten: !folders.isEmpty)
                        try SiteOutput.write(plan, to: folder, through: queue)
                        folders[viewer.circleId, default: []].append(viewer.userId!)
                        progress.done(viewer)
                    }
                } catch {
                    // What was handed over is still written (or its staging folder removed) before exiting;
                    // a failed write (73) was said already.
                    if (error as? ExitCode)?.rawValue == 73 { try? queue.finish() } else { try? SiteOutput.finish(queue) }
                    throw error
                }
                try SiteOutput.finish(queue)
                try SiteOutput.removeStaleSites(in: out, keeping: folders)
            } else {
                let viewer = try viewerOptions.resolve(in: export)
                Console.progress("writing the site for \(viewer) into \(out)")
                try write(export, viewer, now: now, templates: templateSet, formats: formats, period: period, to: out)
            }
        }

        private func write(
            _ export: CareExport, _ viewer: Viewer, now: Date, templates: TemplateSet,
            formats: Set<SiteBuilder.Format>, period: (LocalDate?, LocalDate?), to folder: String
        ) throws {
            try SiteOutput.write(render(export, viewer, now: now, templates: templates, formats: formats, period: period), to: folder)
        }

        private func render(
            _ export: CareExport, _ viewer: Viewer, now: Date, templates: TemplateSet,
            formats: Set<SiteBuilder.Format>, period: (LocalDate?, LocalDate?), earlierWritten: Bool = false
        ) throws -> SitePlan {
            guard let records = PrivacyPolicy.visibleRecords(for: viewer, in: export) else { throw ExitCode(70) }
            let reader = languageOption.reader(viewer, in: export)
            let context = ReportContext(
                records: records, now: now, onTimeWindowMinutes: onTimeWindow, from: period.0, to: period.1, words: reader.words, display: reader.display)
            let parallel = ParallelRenderer(workers: jobs ?? ProcessInfo.processInfo.activeProcessorCount)
            return try SiteOutput.render(earlierWritten: earlierWritten) { () throws -> SitePlan in
                // An --all-members run parses and checks the templates once: PageRenderer keeps the last one made.
                return try SiteBuilder(context: context, templates: templates, formats: formats, parallel: parallel).build()
            }
        }
    }
}
