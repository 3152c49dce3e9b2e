import ArgumentParser
import CareReports
import Foundation
import Templates

extension CareReport.Build {
    /// `--all-members`: one site per person, `OUT/USER` (of all their active circles, or of the one
    /// they are in, laid out as a single viewer's site), only the shard's readers.
    ///
    /// The readers of one circle alone are one batch: their circle is read once, its facts worked out
    /// once (``CircleFacts``), and readers who see exactly the same share the site's models
    /// (``SiteModels``). Batches are rendered one per core, each on one thread, a few ahead at most
    /// (``OrderedPipeline``); their sites are handed to the writer thread in the readers' order. A
    /// reader of several circles is written on its own, in its place, with its pages rendered on every core.
    func runForAllReaders(
        _ source: ExportSource, now: Date, templates: TemplateSet, formats: Set<SiteBuilder.Format>, period: (LocalDate?, LocalDate?)
    ) throws {
        let shard = try shardOption.resolved()
        SiteOutput.restrictCleaning(to: shard)
        let readers = try AllReaders(viewerOptions, in: source.base, shard: shard)
        let stats = ViewStats()
        var written: Set<String> = []
        let progress = RunProgress(readers.viewers, verb: "written")
        defer { progress.finish() }
        let workers = jobs ?? ProcessInfo.processInfo.activeProcessorCount
        let shared = SharedBuild(command: self, source: source)
        // One member's files are created while the next members' pages are rendered.
        let queue = SiteWriteQueue()
        do {
            let batches = ReaderBatch.batches(readers.readers)
            // A batch of one circle is rendered on a worker thread, quietly (its failure is done again
            // below, and said); a reader of several circles is written here, in its place.
            let pipeline = OrderedPipeline(batches) { batch -> [SitePlan] in
                guard batch.circle != nil else { return [] }
                return try Console.muted {
                    try shared.command.sites(of: batch, source: shared.source, now: now, templates: templates, formats: formats, period: period, stats: stats)
                }
            }
            let failed = try pipeline.run(workers: workers, ahead: 2 * workers) { index, plans in
                let batch = batches[index]
                if batch.circle == nil {
                    let reader = batch.readers[0]
                    try writeReaderOfCircles(reader, source: source, now: now, templates: templates, formats: formats, period: period, queue: queue, earlier: !written.isEmpty)
                    written.insert(reader.userId)
                    reader.viewers.forEach(progress.done)
                    return
                }
                for (reader, plan) in zip(batch.readers, plans) {
                    try SiteOutput.write(plan, to: try SiteOutput.readerPath(out, reader.userId), through: queue)
                    written.insert(reader.userId)
                    reader.viewers.forEach(progress.done)
                }
            }
            if let failed {
                try again(batches[failed.index], source: source, now: now, templates: templates, formats: formats, period: period, earlier: !written.isEmpty, queue: queue)
                throw failed.error  // not reached: the reader that failed fails again above
            }
        } catch {
            // What was handed over is still written (or its staging folder removed) before exiting;
            // a failed write (73) was said already.
            if (error as? ExitCode)?.rawValue == 73 { try? queue.finish() } else { try? SiteOutput.finish(queue) }
            throw error
        }
        try SiteOutput.finish(queue)
        stats.report(readers: readers.readers.count)
        let among = viewerOptions.circle.flatMap { source.base.circle($0) }.map { Set($0.members.map(\.userId)) }
        try SiteOutput.removeStaleReaderSites(in: out, keeping: written, shard: shard, among: among)
        progress.summarize("site", into: out, people: readers.readers.count)
    }

    /// A batch that failed on a worker thread, done again here reader by reader, as a run on one
    /// core would: its error is said once, and the sites before it are written.
    private func again(
        _ batch: ReaderBatch, source: ExportSource, now: Date, templates: TemplateSet, formats: Set<SiteBuilder.Format>,
        period: (LocalDate?, LocalDate?), earlier: Bool, queue: SiteWriteQueue
    ) throws {
        let cache = CircleCache(source)
        var earlier = earlier
        for reader in batch.readers {
            let plan = try site(of: reader, from: cache, now: now, templates: templates, formats: formats, period: period, earlier: earlier)
            try SiteOutput.write(plan, to: try SiteOutput.readerPath(out, reader.userId), through: queue)
            earlier = true
        }
    }

    /// The sites of one batch's readers (of one circle), in their order, on this thread alone.
    func sites(
        of batch: ReaderBatch, source: ExportSource, now: Date, templates: TemplateSet, formats: Set<SiteBuilder.Format>,
        period: (LocalDate?, LocalDate?), stats: ViewStats
    ) throws -> [SitePlan] {
        let cache = CircleCache(source)
        let views = SharedViews<SiteModels>(stats: stats)
        return try batch.readers.map { reader in
            try site(of: reader, from: cache, now: now, templates: templates, formats: formats, period: period, views: views, workers: 1)
        }
    }

    /// The site of a reader of one circle, from `cache`'s model of it and its facts.
    private func site(
        of reader: AllReaders.Reader, from cache: CircleCache, now: Date, templates: TemplateSet, formats: Set<SiteBuilder.Format>,
        period: (LocalDate?, LocalDate?), earlier: Bool = false, views: SharedViews<SiteModels>? = nil, workers: Int? = nil
    ) throws -> SitePlan {
        let viewer = reader.viewers[0]
        let circle = try cache.circle(of: viewer)
        return try render(
            circle.export, viewer, now: now, templates: templates, formats: formats, period: period, earlierWritten: earlier,
            facts: circle.facts, views: views, workers: workers)
    }

    /// A reader of several circles: their site of every circle, written in its place (the sites
    /// handed to the writer thread go first), its pages rendered on every core.
    private func writeReaderOfCircles(
        _ reader: AllReaders.Reader, source: ExportSource, now: Date, templates: TemplateSet, formats: Set<SiteBuilder.Format>,
        period: (LocalDate?, LocalDate?), queue: SiteWriteQueue, earlier: Bool
    ) throws {
        let folder = try SiteOutput.readerPath(out, reader.userId)
        do {
            try queue.waitUntilWritten()
        } catch {
            Console.error(error.errorDescription ?? "error: cannot write the sites")
            throw ExitCode(73)
        }
        let cache = CircleCache(source)
        let language = languageOption.reader(userId: reader.userId, in: source.base)
        let renderer = try SiteOutput.render { try LocalizedRenderers.renderer(for: templates, words: language.words) }
        let parallel = ParallelRenderer(workers: jobs ?? ProcessInfo.processInfo.activeProcessorCount)
        let site = try SiteOutput.readerStep(earlierWritten: earlier) {
            try ReaderSiteBuilder(
                output: folder, templates: templates, renderer: renderer, formats: formats, parallel: parallel,
                circleCount: reader.viewers.count)
        }
        for viewer in reader.viewers {
            let context = ReportContext(
                records: try cache.records(for: viewer), now: now, onTimeWindowMinutes: onTimeWindow, from: period.0, to: period.1,
                words: language.words, display: language.display)
            try SiteOutput.readerStep(earlierWritten: earlier) { try site.add(context) }
        }
        try SiteOutput.readerStep(earlierWritten: earlier) {
            try site.finish(readerName: source.base.readerName(reader.userId), readerKey: reader.userId)
        }
    }
}

/// The command and the export, handed to the worker threads of an `--all-members` build: the
/// options are only read, and the export's reader only maps its files and reads circles again
/// (each call decodes into models of its own), so the threads share nothing they change.
private struct SharedBuild: @unchecked Sendable {
    let command: CareReport.Build
    let source: ExportSource
}
