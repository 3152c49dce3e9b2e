import Foundation

extension ExportLoader {
    /// What a streamed reading leaves (see `StreamedChecks`): the result (users and circles, every
    /// diagnostic and count, no task, health record or update), the files mapped, and where the
    /// records of the circles kept lie in them.
    struct StreamedRead {
        let result: IngestResult
        let files: [String: MappedFile]
        let runs: [CollectionKind: [CircleRun]]
        /// Set when the records were only indexed, to be checked when read for output.
        var deferred: DeferredChecks? = nil
    }

    /// The collections whose records belong to a circle, checked as they are read.
    static let scopedKinds: [CollectionKind] = [.tasks, .healthRecords, .updates]

    /// Reads and checks a directory export whose users and circles can be read before its other
    /// records: the diagnostics, exit status and counts are those of `read`, in memory that does
    /// not grow with the records (`StreamedChecks`). Nil, having read nothing but the directory's
    /// listing and its `export.json`, users and circles, for any other input (a single file, a
    /// directory with clinical documents or an API envelope, an `export.json` holding records),
    /// which `read` then checks whole. `hashMask` keeps fewer bits of the ids' hashes and
    /// `hashLimit` writes them out sooner (tests).
    func streamedRead(
        _ path: String, keeps: @escaping @Sendable (String) -> Bool, hashMask: UInt64 = .max, hashLimit: Int = HashSpill.defaultLimit
    ) throws(IngestError) -> StreamedRead? {
        try streamedRead(path, choosing: { _ in keeps }, hashMask: hashMask, hashLimit: hashLimit)
    }

    /// `streamedRead(_:keeps:)` whose circles to keep are chosen from the users and circles, read
    /// before any other record (a reader's circles, or the circles of one shard's readers).
    ///
    /// With `deferChecks`, the tasks, health records and updates are not decoded: each one's id and
    /// circle are read to index it and to find repeated ids, and the rest of its checks are made when
    /// its circle is read (`CircleReader`, `DeferredChecks`), so an export that is read for output
    /// is decoded once, not twice. When anything is amiss already (a diagnostic, a record whose id or
    /// circle cannot be read so, a repeated id hash), the export is read again with every check, as
    /// without `deferChecks`.
    func streamedRead(
        _ path: String, choosing choose: (CareExport) -> @Sendable (String) -> Bool, hashMask: UInt64 = .max,
        hashLimit: Int = HashSpill.defaultLimit, deferChecks: Bool = false
    ) throws(IngestError) -> StreamedRead? {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { throw .missing(path: path) }
        guard isDirectory.boolValue else { return nil }
        let (names, others) = try files(in: path)
        guard others.isEmpty, !names.isEmpty else { return nil }
        var native: [(file: String, kind: CollectionKind?, data: MappedFile)] = []
        for (file, kind) in names { native.append((file, kind, try contents(of: file))) }
        let scoped = native.filter { entry in entry.kind.map(Self.scopedKinds.contains) == true }
        // An API envelope can be rolled back when it reports an error, which streamed checks cannot do.
        guard scoped.allSatisfy({ Self.startsWithArray($0.data.bytes) }) else { return nil }

        let peopleDecoder = ExportDecoder(filter: CircleFilter(circles: []))
        var documents: [ImportedDocument] = []
        for entry in native where !scoped.contains(where: { $0.file == entry.file }) {
            read(entry.data, file: entry.file, as: entry.kind, alone: false, into: peopleDecoder, documents: &documents)
        }
        guard documents.isEmpty, peopleDecoder.tasks.count == 0, peopleDecoder.healthRecords.count == 0, peopleDecoder.updates.count == 0
        else { return nil }
        let scans = ReferenceChecker.peopleScans(peopleDecoder)
        let people = ReferenceChecker.people(peopleDecoder, users: scans.users, circles: scans.circles)
        var export = CareExport(
            timeZone: timeZoneOverride ?? peopleDecoder.timeZone ?? TimeZone(identifier: "UTC")!, exportedAt: peopleDecoder.exportedAt,
            users: peopleDecoder.users.items.takeAll(keeping: people.validUsers),
            circles: peopleDecoder.circles.items.takeAll(keeping: people.validCircles), tasks: [], healthRecords: [], updates: [])
        export.attachmentFolder = path
        let keeps = choose(export)
        // Deferred, every circle's records are indexed: those not read for output are checked after.
        let everyCircle: @Sendable (String) -> Bool = { _ in true }
        let indexed = deferChecks ? everyCircle : keeps

        let seed = UInt64.random(in: 1...UInt64.max)
        var suspects: [CollectionKind: Set<UInt64>] = [:]
        var records: ExportDecoder
        while true {
            let checks = StreamedChecks.Settings(
                people: people.known, keeps: indexed, seed: seed, hashMask: hashMask, suspects: suspects, hashLimit: hashLimit,
                deferred: deferChecks)
            let settings = ExportDecoder.Settings(filter: CircleFilter(circles: []), recordsOffsets: false, streamed: checks)
            records = ExportDecoder(settings)
            // Deferred, a file written one record per line is skimmed (`LineSkim`), others parsed.
            let skimmed = deferChecks ? scoped.map { entry in entry.kind.flatMap { kind in
                self.skimmed(CollectionFile(path: entry.file, kind: kind, data: entry.data), settings: settings) } } : []
            let unskimmed = deferChecks ? scoped.indices.filter { skimmed[$0] == nil }.map { scoped[$0] } : scoped
            var parsed = readTogether(unskimmed, settings: settings)[...]
            let decoded = scoped.indices.map { position in
                deferChecks && skimmed[position] != nil ? skimmed[position] : parsed.popFirst() ?? nil
            }
            for (position, entry) in scoped.enumerated() {
                if let ready = decoded[position] {
                    records.absorb(ready)
                } else {
                    read(entry.data, file: entry.file, as: entry.kind, alone: false, into: records, documents: &documents)
                }
            }
            // A hash held twice: read again, keeping the ids that have it, to compare them.
            guard suspects.isEmpty, let streamed = records.streamed else { break }
            for kind in Self.scopedKinds {
                let repeated = streamed.collection(kind).repeatedHashes()
                if !repeated.isEmpty { suspects[kind] = repeated }
            }
            if suspects.isEmpty { break }
            if deferChecks { return try streamedRead(path, choosing: choose, hashMask: hashMask, hashLimit: hashLimit) }
        }

        var diagnostics = peopleDecoder.diagnostics + records.diagnostics + people.diagnostics
        var valid: [CollectionKind: Int] = [:]
        if let streamed = records.streamed {
            for kind in Self.scopedKinds {
                let finished = streamed.collection(kind).finish()
                diagnostics += finished.diagnostics
                valid[kind] = finished.valid
            }
        }
        let counts = [
            ("users", export.users.count), ("circles", export.circles.count), ("tasks", valid[.tasks] ?? 0),
            ("healthRecords", valid[.healthRecords] ?? 0), ("updates", valid[.updates] ?? 0),
        ]
        diagnostics = MissingFiles.named(in: path, files: names, counts: counts, diagnostics: diagnostics)
        if deferChecks, records.streamed?.unsure != false || !diagnostics.isEmpty {
            return try streamedRead(path, choosing: choose, hashMask: hashMask, hashLimit: hashLimit)
        }
        let result = IngestResult(export: export, diagnostics: diagnostics, fileCount: native.count, counts: counts)
        var runs: [CollectionKind: [CircleRun]] = [:]
        for kind in Self.scopedKinds { runs[kind] = records.streamed?.collection(kind).runs ?? [] }
        var files: [String: MappedFile] = [:]
        for entry in scoped { files[entry.file] = entry.data }
        return StreamedRead(
            result: result, files: files, runs: runs, deferred: deferChecks ? DeferredChecks(people: people.known, seed: seed, hashMask: hashMask) : nil)
    }

    /// Whether the file's first byte after white space (and a byte order mark) opens an array.
    static func startsWithArray(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        for byte in bytes.prefix(4096) {
            switch byte {
            case 0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF: continue
            default: return byte == UInt8(ascii: "[")
            }
        }
        return false
    }
}
