import ArgumentParser
import CareReports
import Foundation
import Templates

extension CareReport.DigestCommand {
    /// `--all-members --out DIR`: one digest per person, `DIR/USER.md` (`.html`, `.eml`), of all
    /// their active circles, only the shard's readers.
    ///
    /// The work goes circle by circle: the readers of one circle alone are one batch (their circle is
    /// read once, and readers who see exactly the same records share one digest, said for each), a
    /// reader of several circles is a batch of their own. Batches are worked out on every core, a few
    /// ahead at most (``OrderedPipeline``: memory holds a few circles, however many the export has),
    /// and their digests are put in the outbox in the readers' order.
    func runForAllReaders(_ source: ExportSource, out: String, now: Date, renderer: TemplateSet, palette: MailPalette) throws {
        let suffix = ["markdown": "md", "html": "html", "email": "eml"][format.rawValue]!
        let shard = try shardOption.resolved()
        SiteOutput.restrictCleaning(to: shard)
        let readers = try AllReaders(viewerOptions, in: source.base, shard: shard)
        let progress = RunProgress(readers.viewers, verb: "written")
        defer { progress.finish() }
        try SiteOutput.makeFolder(out)
        // Every digest is written into a staging folder first and put in place only when all are:
        // a mailer picking up the outbox never finds half of this run's messages.
        let outbox = try SiteOutput.stagedDocuments(in: out)
        let stats = ViewStats()
        let batches = ReaderBatch.batches(readers.readers)
        let workers = ProcessInfo.processInfo.activeProcessorCount
        let shared = SharedRun(command: self, source: source)
        var written = Set<String>()
        // Worked out on every core, quietly: a batch that fails is done again below, one reader after
        // another as before, so its error is said exactly once and nothing of it is added.
        let pipeline = OrderedPipeline(batches) { batch in
            try Console.muted {
                try shared.command.messages(of: batch, source: shared.source, now: now, renderer: renderer, palette: palette, stats: stats)
            }
        }
        let failed = try pipeline.run(workers: workers, ahead: 2 * workers) { index, messages in
            for (reader, message) in zip(batches[index].readers, messages) {
                warnIfUnaddressed(reader, in: source, progress: progress)
                _ = try SiteOutput.readerPath(out, reader.userId)  // checks the id again: one safe file name
                try SiteOutput.add(message.text, as: "\(reader.userId).\(suffix)", to: outbox)
                written.insert(reader.userId)
                reader.viewers.forEach(progress.done)
            }
        }
        if let failed {
            let batch = batches[failed.index]
            for reader in batch.readers {
                warnIfUnaddressed(reader, in: source, progress: progress)
                _ = try messages(of: ReaderBatch(readers: [reader], circle: batch.circle), source: source, now: now, renderer: renderer, palette: palette, stats: stats)
            }
            throw failed.error  // not reached: the batch that failed fails again above
        }
        try SiteOutput.commit(outbox)
        stats.report(readers: readers.readers.count)
        let among = viewerOptions.circle.flatMap { source.base.circle($0) }.map { Set($0.members.map(\.userId)) }
        try SiteOutput.removeFormerMembersDigests(in: out, keeping: written, shard: shard, among: among ?? Set(source.base.users.map(\.id) + source.base.circles.flatMap { $0.members.map(\.userId) }))
    }

    /// Says on standard error that `reader` has no usable address, for `--format email`.
    private func warnIfUnaddressed(_ reader: AllReaders.Reader, in source: ExportSource, progress: RunProgress) {
        guard format == .email, address(of: reader, in: source) == nil else { return }
        progress.say("warning: \(reader.userId) has no valid e-mail address in the export; their message has no To header")
    }

    /// The reader's bare address from the export's users (a name from the export could hold anything);
    /// nil when they have none or it does not parse.
    private func address(of reader: AllReaders.Reader, in source: ExportSource) -> String? {
        source.base.user(reader.userId)?.email.flatMap { email in (try? MailAddress(parsing: email)) != nil ? email : nil }
    }

    /// The digests of one batch's readers, in their order (as (user id, message)).
    func messages(
        of batch: ReaderBatch, source: ExportSource, now: Date, renderer: TemplateSet, palette: MailPalette, stats: ViewStats
    ) throws -> [(path: String, text: String)] {
        guard let circle = batch.circle else {
            let reader = batch.readers[0]
            let run = ReaderRun(source: source, viewers: reader.viewers, userId: reader.userId)
            let message = try readerDigest(
                run, now: now, renderer: renderer, palette: palette, recipients: address(of: reader, in: source).map { [$0] } ?? [])
            return [(reader.userId, message)]
        }
        let export = try source.export(ofCircle: circle)
        let views = DigestViews(sharing: ViewStats.sharing, stats: stats)
        let facts = ViewStats.sharing ? CircleFacts(of: export, circle: circle) : nil
        return try batch.readers.map { reader in
            let message = try digest(
                for: reader.viewers[0], in: export, now: now, renderer: renderer, palette: palette,
                recipients: address(of: reader, in: source).map { [$0] } ?? [], views: views, facts: facts)
            return (reader.userId, message)
        }
    }
}

/// The command and the export, handed to the worker threads of an `--all-members` run: the options
/// are only read, and the export's reader only maps its files and reads circles again (each call
/// decodes into models of its own), so the threads share nothing they change.
private struct SharedRun: @unchecked Sendable {
    let command: CareReport.DigestCommand
    let source: ExportSource
}

/// The readers of an `--all-members` run worked out together: those of one circle who read that
/// circle alone (`circle` set), or one reader of several circles (`circle` nil).
struct ReaderBatch: Sendable {
    let readers: [AllReaders.Reader]
    let circle: String?

    /// The readers in their order, cut into batches: a run of readers of the same one circle, or a
    /// reader of several circles alone.
    static func batches(_ readers: [AllReaders.Reader]) -> [ReaderBatch] {
        var batches: [ReaderBatch] = []
        for reader in readers {
            guard reader.viewers.count == 1 else {
                batches.append(ReaderBatch(readers: [reader], circle: nil))
                continue
            }
            let circle = reader.viewers[0].circleId
            if let last = batches.last, last.circle == circle {
                batches[batches.count - 1] = ReaderBatch(readers: last.readers + [reader], circle: circle)
            } else {
                batches.append(ReaderBatch(readers: [reader], circle: circle))
            }
        }
        return batches
    }
}

/// The digests built in one circle, by what their readers see (`ViewKey`): a reader who sees exactly
/// what an earlier reader saw gets that digest, said for them (`Digest.personalised(for:)`).
final class DigestViews {
    private var built: [ViewKey: Digest] = [:]
    private let sharing: Bool
    private let stats: ViewStats

    init(sharing: Bool, stats: ViewStats) {
        self.sharing = sharing
        self.stats = stats
    }

    /// The digest for `context`'s reader: the one of an equal view, else `build()`'s.
    func digest(for context: ReportContext, build: () -> Digest) -> Digest {
        guard sharing else {
            stats.count(shared: false)
            return build()
        }
        let key = ViewKey(context.records, language: context.words.language, display: context.display)
        if let found = built[key] {
            stats.count(shared: true)
            return found.personalised(for: context)
        }
        let digest = build()
        built[key] = digest
        stats.count(shared: false)
        return digest
    }
}

/// How many readers' summaries were built and how many were shared with a reader who sees the same,
/// said on standard error when `CAREREPORT_STATS=1` (for tests and benchmarks; a run says nothing
/// otherwise). `CAREREPORT_SHARE_VIEWS=0` builds every reader's own from their visible records alone,
/// with no view shared and no circle fact (``CircleFacts``) worked out once: the outputs are the same
/// bytes (the tests compare both ways).
final class ViewStats: @unchecked Sendable {
    private let lock = NSLock()
    private var builtCount = 0
    private var sharedCount = 0

    /// False when `CAREREPORT_SHARE_VIEWS=0`.
    static let sharing = ProcessInfo.processInfo.environment["CAREREPORT_SHARE_VIEWS"] != "0"

    func count(shared: Bool) {
        lock.lock()
        if shared { sharedCount += 1 } else { builtCount += 1 }
        lock.unlock()
    }

    /// "carereport: stats: 6 readers, 5 views built, 1 shared" when `CAREREPORT_STATS=1`.
    func report(readers: Int) {
        guard ProcessInfo.processInfo.environment["CAREREPORT_STATS"] == "1" else { return }
        lock.lock()
        defer { lock.unlock() }
        Console.error("carereport: stats: \(readers) readers, \(builtCount) views built, \(sharedCount) shared")
    }
}
