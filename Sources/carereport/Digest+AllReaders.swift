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
                try SiteOutput.add(message, as: "\(reader.userId).\(suffix)", to: outbox)
                written.insert(reader.userId)
                reader.viewers.forEach(progress.done)
            }
        }
        if let failed {
            if failed.error is DeferredChecksFailed { throw failed.error }
            let batch = batches[failed.index]
            for reader in batch.readers {
                warnIfUnaddressed(reader, in: source, progress: progress)
                _ = try messages(of: ReaderBatch(readers: [reader], circle: batch.circle), source: source, now: now, renderer: renderer, palette: palette, stats: stats)
            }
            throw failed.error  // not reached: the batch that failed fails again above
        }
        try source.checkUnread()  // with deferred checks, nothing is put in place before every record passed
        try SiteOutput.commit(outbox)
        stats.report(readers: readers.readers.count, readOnce: source.checksDeferred)
        let among = viewerOptions.circle.flatMap { source.base.circle($0) }.map { Set($0.members.map(\.userId)) }
        try SiteOutput.removeFormerMembersDigests(
            in: out, wrote: written.map { "\($0).\(suffix)" }, keeping: written, shard: shard, among: among ?? Set(source.base.users.map(\.id) + source.base.circles.flatMap { $0.members.map(\.userId) }))
        progress.summarize("digest", into: out, people: readers.readers.count)
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

    /// The recipients of `reader`'s digest: their address in an e-mail; none in a Markdown or HTML
    /// digest, which has no header to put it in (so it is not looked for).
    private func recipients(of reader: AllReaders.Reader, in source: ExportSource) -> [String] {
        guard format == .email else { return [] }
        return address(of: reader, in: source).map { [$0] } ?? []
    }

    /// The digests of one batch's readers, in their order.
    func messages(
        of batch: ReaderBatch, source: ExportSource, now: Date, renderer: TemplateSet, palette: MailPalette, stats: ViewStats
    ) throws -> [String] {
        guard let circle = batch.circle else {
            let reader = batch.readers[0]
            let run = ReaderRun(source: source, viewers: reader.viewers, userId: reader.userId)
            let message = try readerDigest(
                run, now: now, renderer: renderer, palette: palette, recipients: recipients(of: reader, in: source))
            return [message]
        }
        let export = try source.export(ofCircle: circle)
        let views = SharedViews<Digest>(stats: stats)
        let facts = ViewStats.sharing ? CircleFacts(of: export, circle: circle) : nil
        return try batch.readers.map { reader in
            try digest(
                for: reader.viewers[0], in: export, now: now, renderer: renderer, palette: palette,
                recipients: recipients(of: reader, in: source), views: views, facts: facts)
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
