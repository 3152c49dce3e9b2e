import Foundation

/// An export read and checked whole once, whose circles' records are then read one circle at a
/// time: output for every member of every circle (`--all-members`) needs the memory of one
/// circle, and each member's output is built from their circle's records only, so the work grows
/// with the export, not with members times records. The first reading keeps no task, health
/// record or update, only where the records of the circles this process needs lie in their
/// files (`CircleRun`s, a few per circle when a circle's records are next to each other);
/// `export(ofCircle:)` parses and decodes just those again, from the same mapped files. Circles
/// may be read from several threads at once: each reading decodes into models of its own, and all
/// else is set once or kept behind a lock.
public final class CircleReader: @unchecked Sendable {
    /// The whole export's diagnostics and counts; its model holds the users and circles but no
    /// circle's tasks, health records (native or imported) or updates.
    public let result: IngestResult
    private let files: [String: MappedFile]
    /// The runs of each circle needed, by collection, in the order the records were read.
    private let runs: [String: [(kind: CollectionKind, run: CircleRun)]]
    private let imported: [HealthRecord]
    /// Set when the records were only indexed by the first reading: each circle's records are then
    /// checked as they are read (`DeferredChecks`).
    private let deferred: DeferredChecks?
    /// Deferred checks: the circles whose records were read and passed.
    private let checked = Locked(Set<String>())

    /// Whether the records are checked as they are read (see `DeferredChecks`): a circle read, or
    /// `checkUnread()`, may then throw `IngestError.needsFullChecks`.
    public var checksDeferred: Bool { deferred != nil }

    /// From a streamed reading (`ExportLoader.streamedRead`).
    init(_ read: ExportLoader.StreamedRead) {
        result = read.result
        files = read.files
        imported = []
        runs = Self.byCircle(read.runs)
        deferred = read.deferred
    }

    /// From a whole reading: `keeps` chooses the circles whose records are indexed (one shard's,
    /// with `--shard`): the others' are still read and checked, but nothing of them is kept.
    init(_ read: ExportLoader.Read, keeps: (String) -> Bool = { _ in true }) {
        result = read.result
        files = read.files
        imported = read.imported
        var byKind: [CollectionKind: [CircleRun]] = [:]
        func index<Item>(_ kind: CollectionKind, _ collection: ExportDecoder.ScopedCollection<Item>, valid: [Bool]) {
            var found: [CircleRun] = []
            collection.read(
                records: { records in for position in records.indices { place(position, records[position]) } },
                references: { references in for position in references.indices { place(position, references[position]) } })
            func place(_ position: Int, _ record: some ScopedReferences) {
                guard valid[position], keeps(record.careCircleId) else { return }
                let origin = collection.origins[position]
                CircleRun.add(to: &found, circle: record.careCircleId, file: origin.file, offset: collection.offsets[position], index: origin.index)
            }
            byKind[kind] = found
        }
        index(.tasks, read.decoder.tasks, valid: read.checked.tasks)
        index(.healthRecords, read.decoder.healthRecords, valid: read.checked.healthRecords)
        index(.updates, read.decoder.updates, valid: read.checked.updates)
        runs = Self.byCircle(byKind)
        deferred = nil
    }

    private static func byCircle(_ byKind: [CollectionKind: [CircleRun]]) -> [String: [(kind: CollectionKind, run: CircleRun)]] {
        var runs: [String: [(kind: CollectionKind, run: CircleRun)]] = [:]
        for kind in ExportLoader.scopedKinds {
            for run in byKind[kind] ?? [] { runs[run.circle, default: []].append((kind, run)) }
        }
        return runs
    }

    /// The model for one circle: every user and circle, that circle's tasks, health records and
    /// updates, and the imported records, exactly as `ExportLoader.circles = [id]` would give it.
    public func export(ofCircle id: String) throws(IngestError) -> CareExport {
        try export(ofCircles: [id])
    }

    /// The model for the circles `ids` (those this process writes): every user and circle, the
    /// tasks, health records and updates of those circles in the order of the export, and their
    /// imported records, exactly as `ExportLoader.circles = ids` would give it.
    public func export(ofCircles ids: Set<String>) throws(IngestError) -> CareExport {
        var wanted = ids.flatMap { runs[$0] ?? [] }
        if ids.count > 1 {
            let rank = Dictionary(uniqueKeysWithValues: ExportLoader.scopedKinds.enumerated().map { ($1, $0) })
            wanted.sort { (rank[$0.kind]!, $0.run.file, $0.run.index) < (rank[$1.kind]!, $1.run.file, $1.run.index) }
        }
        let decoder = ExportDecoder()
        let tape = JSONTape()
        // One context per collection and file (as the first reading had), found without building a key string per record.
        struct ContextKey: Hashable {
            let kind: CollectionKind
            let file: String
        }
        var contexts: [ContextKey: DecodingContext] = [:]
        let paths = Set(wanted.map(\.run.file))
        for path in paths {
            guard let file = files[path], file.isUnchanged(at: path) else { throw .unreadable(path: path, reason: Self.changed) }
        }
        var expected = 0
        for (kind, run) in wanted {
            guard let file = files[run.file] else { throw .unreadable(path: run.file, reason: Self.changed) }
            let key = ContextKey(kind: kind, file: run.file)
            let context = contexts[key] ?? decoder.elementContext(file: run.file, kind: kind)
            contexts[key] = context
            do {
                var digest = deferred?.seed ?? 0
                let end = try JSONParser.parseValues(file.bytes, from: run.offset, count: run.count, tape: tape) { number, node in
                    if run.digest != nil, let deferred {
                        let idHash = node.kind == .object ? node["id"]?.string.map { IdIndex.hash($0, seed: deferred.seed) & deferred.hashMask } : nil
                        digest = CircleRun.chained(digest, offset: node.byteOffset, idHash: idHash ?? ~(deferred.seed))
                    }
                    decoder.decodeElement(kind, index: run.index + number, node, context: context)
                }
                // The pages read go back (they are the file's, read again if needed), so reading
                // circle after circle never makes the whole export resident.
                file.release(run.offset..<end)
                // A skimmed run (deferred checks) is parsed here for the first time: it must end
                // where the skim said its last record does, and its records must start where the
                // skim said, with the ids it hashed (`CircleRun.digest`), else the skim misread
                // the lines (say, two records on one line and one record over two).
                if let skimmedEnd = run.end, end != skimmedEnd || run.digest != digest { throw IngestError.needsFullChecks(path: run.file) }
            } catch {
                // With deferred checks, these records are parsed for the first time here: a syntax
                // error is for the full checks to report.
                throw deferred != nil ? .needsFullChecks(path: run.file) : .unreadable(path: run.file, reason: Self.changed)
            }
            expected += run.count
        }
        let decoded = circles(decoder.tasks) + circles(decoder.healthRecords) + circles(decoder.updates)
        // Deferred checks: a record that said anything when decoded, or was rejected, or is not of
        // the circle the first reading found it in, is for the full checks to report.
        if deferred != nil,
            decoded.count != expected || !decoded.allSatisfy(ids.contains) || contexts.values.contains(where: { !$0.diagnostics.isEmpty })
        {
            throw .needsFullChecks(path: wanted.first?.run.file ?? "")
        }
        // Every record read here passed the first reading's checks: one that now fails, or is of
        // another circle, means the file changed in between.
        func circles<Item>(_ collection: ExportDecoder.ScopedCollection<Item>) -> [String] {
            collection.items.withUnsafeBufferPointer { $0.map(\.careCircleId) }
        }
        if decoded.count != expected || !decoded.allSatisfy(ids.contains) || contexts.values.contains(where: { $0.errorCount > 0 }) {
            throw .unreadable(path: wanted.first?.run.file ?? "", reason: Self.changed)
        }
        func all<Item>(_ collection: ExportDecoder.ScopedCollection<Item>) -> [Item] {
            collection.takeKept(Array(repeating: true, count: collection.count))
        }
        // A copy of the base model: its users and circles, and their lookup by id, are shared.
        var export = result.export
        export.tasks = all(decoder.tasks)
        export.healthRecords = all(decoder.healthRecords) + imported.filter { ids.contains($0.careCircleId) }
        export.updates = all(decoder.updates)
        if let deferred {
            guard deferred.pass(tasks: export.tasks, health: export.healthRecords, updates: export.updates) else {
                throw .needsFullChecks(path: wanted.first?.run.file ?? "")
            }
            checked.withLock { $0.formUnion(ids) }
        }
        return export
    }

    /// Deferred checks: decodes and checks the records of every circle not read yet (those of no
    /// reader of this run), so that none is left unchecked, on every core; nothing when the first
    /// reading checked every record.
    public func checkUnread() throws(IngestError) {
        guard deferred != nil else { return }
        let unread = checked.withLock { done in runs.keys.filter { !done.contains($0) } }.sorted()
        guard !unread.isEmpty else { return }
        let failure = Locked<IngestError?>(nil)  // the first error any thread met
        DispatchQueue.concurrentPerform(iterations: unread.count) { position in
            guard failure.withLock({ $0 == nil }) else { return }
            do throws(IngestError) {
                _ = try export(ofCircles: [unread[position]])
            } catch {
                failure.withLock { if $0 == nil { $0 = error } }
            }
        }
        if let error = failure.withLock({ $0 }) { throw error }
    }

    private static let changed = "it changed while it was being read"
}

extension CircleRun {
    /// Adds a record to the runs: to the last one when it is the next record of the same circle in
    /// the same file's array, else as a new run.
    /// A record `skimmed` (`LineSkim`) brings where it ends and its id's hash, chained into the run's
    /// digest (seeded with the reading's seed); a run holding any record that was not has neither.
    static func add(
        to runs: inout [CircleRun], circle: String, file: String, offset: Int, index: Int,
        skimmed: (end: Int, seed: UInt64, idHash: UInt64)? = nil
    ) {
        if let last = runs.last, last.circle == circle, last.file == file, last.index + last.count == index {
            let place = runs.count - 1
            runs[place].count += 1
            if let skimmed, let digest = last.digest {
                runs[place].end = skimmed.end
                runs[place].digest = chained(digest, offset: offset, idHash: skimmed.idHash)
            } else {
                runs[place].end = nil
                runs[place].digest = nil
            }
        } else {
            runs.append(CircleRun(
                circle: circle, file: file, offset: offset, index: index, count: 1, end: skimmed?.end,
                digest: skimmed.map { chained($0.seed, offset: offset, idHash: $0.idHash) }))
        }
    }
}

extension ExportLoader {
    /// Reads and checks the whole export at `path` once, for output per circle (see `CircleReader`):
    /// the records of the circles `keeps` accepts (by default all: those this process writes) can
    /// then be read from the result. `circles` is ignored.
    public func circleReader(_ path: String, keeping keeps: @escaping @Sendable (String) -> Bool = { _ in true }) throws(IngestError) -> CircleReader {
        if let streamed = try streamedRead(path, keeps: keeps) { return CircleReader(streamed) }
        return CircleReader(try read(path, settings: ExportDecoder.Settings(filter: CircleFilter(circles: []), recordsOffsets: true)), keeps: keeps)
    }
}
