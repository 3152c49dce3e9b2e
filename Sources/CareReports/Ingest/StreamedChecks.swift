/// The checks of the tasks, health records and updates made as each is read, once the users and
/// circles are known (`KnownPeople`), keeping almost nothing of the record: 8 bytes of its id's
/// hash for the duplicate-id check, the diagnostics it raised (a few, and only for a record with a
/// problem; the hashes beyond a few million are written to an unnamed file, `HashSpill`), and,
/// for the circles this process writes, where its circle's records lie in the file
/// (`CircleRun`s, a few per circle). The record itself is dropped as soon as it is checked, so
/// checking an export needs memory for its users and circles, not for its records.
///
/// The diagnostics are those of `ReferenceChecker`, in its order: each is kept with the record's
/// place in its collection (`position`) and reported after every record is read. Duplicate ids are
/// found from the hashes; a hash seen twice (a duplicate id, or two ids that only share a hash) is
/// settled by reading the export again with those hashes as `suspects`, when the ids themselves
/// are kept and compared (`ExportLoader.streamedRead`): a hash collision never makes an error.
final class StreamedChecks {
    let settings: Settings
    let tasks: StreamedCollection
    let healthRecords: StreamedCollection
    let updates: StreamedCollection

    /// What the checks need, shared by every worker's decoder.
    struct Settings: @unchecked Sendable {
        let people: KnownPeople
        /// The circles whose records are indexed to be read again (`CircleReader`).
        let keeps: @Sendable (String) -> Bool
        /// The hash of ids: seeded per run (an export cannot be written to make ids collide).
        let seed: UInt64
        /// Bits of the hash kept (all but in tests, which force collisions).
        let hashMask: UInt64
        /// Hashes seen more than once in an earlier reading, per collection: those ids are kept.
        let suspects: [CollectionKind: Set<UInt64>]
        /// Hashes a collection holds in memory before writing them out (`HashSpill`).
        var hashLimit = HashSpill.defaultLimit
        /// When set, a record is not decoded: only its id and circle are read (see `DeferredChecks`),
        /// and it is decoded and checked when its circle is read for output.
        var deferred = false
    }

    init(_ settings: Settings) {
        self.settings = settings
        tasks = StreamedCollection(name: "task", suspects: settings.suspects[.tasks], hashLimit: settings.hashLimit)
        healthRecords = StreamedCollection(name: "health record", suspects: settings.suspects[.healthRecords], hashLimit: settings.hashLimit)
        updates = StreamedCollection(name: "update", suspects: settings.suspects[.updates], hashLimit: settings.hashLimit)
    }

    func collection(_ kind: CollectionKind) -> StreamedCollection {
        switch kind {
        case .tasks: tasks
        case .healthRecords: healthRecords
        default: updates
        }
    }

    var all: [StreamedCollection] { [tasks, healthRecords, updates] }

    /// Set (deferred checks) when a record's id or circle could not be read without decoding it, or
    /// names no circle: the export then needs the full checks to say what is wrong.
    private(set) var unsure = false

    /// Deferred checks: reads only the record's id and circle and indexes it, as `add` does for a
    /// decoded record. Whatever else it holds is checked when its circle is read (`CircleReader`).
    func addDeferred(_ kind: CollectionKind, _ node: JSONNode, _ origin: ExportDecoder.Origin) {
        guard node.kind == .object, let id = node["id"]?.string, let circle = node["careCircleId"]?.string else {
            unsure = true
            return
        }
        index(kind, id: id, circle: circle, origin, offset: node.byteOffset, end: nil)
    }

    /// Deferred checks, for a record found by `LineSkim`: as `addDeferred`, keeping where it ends.
    func addSkimmed(_ kind: CollectionKind, _ record: LineSkim.Record, _ origin: ExportDecoder.Origin) {
        index(kind, id: record.id, circle: record.circle, origin, offset: record.offset, end: record.end)
    }

    /// Indexes a record read only for its id and circle; one of a circle that is not known makes
    /// the reading unsure (the full checks say it is rejected).
    private func index(_ kind: CollectionKind, id: String, circle: String, _ origin: ExportDecoder.Origin, offset: Int, end: Int?) {
        guard settings.people.circles.contains(circle) else {
            unsure = true
            return
        }
        collection(kind).add(id, circle, origin, offset: offset, end: end, settings: settings) { _ in true }
    }

    func add(_ task: CareTask, _ origin: ExportDecoder.Origin, offset: Int) {
        let known = settings.people
        tasks.add(task.id, task.careCircleId, origin, offset: offset, settings: settings) { report in
            ReferenceChecker.checkTask(task, circles: known.circles, users: known.users, report: report)
        }
    }

    func add(_ record: HealthRecord, _ origin: ExportDecoder.Origin, offset: Int) {
        let known = settings.people
        healthRecords.add(
            record.id, record.careCircleId, origin, offset: offset, settings: settings) { report in
            ReferenceChecker.checkHealthRecord(record, circles: known.circles, recipients: known.recipients, users: known.users, report: report)
        }
    }

    func add(_ update: CircleUpdate, _ origin: ExportDecoder.Origin, offset: Int) {
        let known = settings.people
        updates.add(update.id, update.careCircleId, origin, offset: offset, settings: settings) { report in
            ReferenceChecker.checkUpdate(update, circles: known.circles, users: known.users, report: report)
        }
    }

    /// Takes over what another decoder's checks found (a later part of the same collections).
    func absorb(_ other: StreamedChecks) {
        for (mine, theirs) in zip(all, other.all) { mine.absorb(theirs) }
        unsure = unsure || other.unsure
    }

    /// Adds `offset` to every record's index in its file (a worker's share was numbered from 0).
    func shiftIndexes(by offset: Int) {
        for collection in all { collection.shiftIndexes(by: offset) }
    }
}

/// A diagnostic about a record, kept until every record is read: `position` is the record's place
/// in its collection, `index` its place in its file's array (the key path's number).
struct PendingDiagnostic {
    var position: Int
    let severity: Diagnostic.Severity
    let file: String
    let collection: String
    var index: Int
    let key: String
    let message: String

    var diagnostic: Diagnostic {
        Diagnostic(severity, file: file, keyPath: "\(collection)[\(index)].\(key)", message: message)
    }
}

/// A record whose id's hash was seen twice before: its id, kept to be compared.
struct SuspectId {
    let id: String
    var origin: ExportDecoder.Origin
    var position: Int
}

/// What the streamed checks keep of one collection (tasks, health records or updates).
final class StreamedCollection {
    /// "task", "health record", "update" (as in the duplicate-id message).
    let name: String
    /// Records read, valid or not.
    private(set) var count = 0
    /// The hash of each safe id read, in no useful order: the latest ones (at most `hashLimit`),
    /// the others written out in `spill`.
    let hashes = RecordList<UInt64>()
    private let spill = HashSpill()
    private let hashLimit: Int
    /// Ids that are not `SafeId`s (errors; the record is rejected).
    private(set) var idErrors: [PendingDiagnostic] = []
    /// The reference checks' diagnostics.
    private(set) var references: [PendingDiagnostic] = []
    /// Records the reference checks rejected (unknown circle), by position.
    private(set) var rejected: [Int] = []
    private(set) var suspects: [SuspectId] = []
    /// Where the records of the circles kept lie, in the order read.
    private(set) var runs: [CircleRun] = []

    /// Hashes seen twice in an earlier reading: the ids that have them are kept (`suspects`).
    private let suspectHashes: Set<UInt64>?

    init(name: String, suspects: Set<UInt64>?, hashLimit: Int) {
        self.name = name
        suspectHashes = suspects
        self.hashLimit = max(hashLimit, 1)
    }

    /// Writes the hashes held out to the spill file once there are `hashLimit` of them.
    private func spillIfFull() {
        guard hashes.count >= hashLimit else { return }
        let written = hashes.withUnsafeBufferPointer { spill.write(UnsafeMutableBufferPointer(mutating: $0)) }
        if written { hashes.truncate(to: 0) }
    }

    func add(
        _ id: String, _ circle: String, _ origin: ExportDecoder.Origin, offset: Int, end: Int? = nil, settings: StreamedChecks.Settings,
        check: ((Diagnostic.Severity, String, String) -> Void) -> Bool
    ) {
        let position = count
        count += 1
        func pending(_ severity: Diagnostic.Severity, _ key: String, _ message: String) -> PendingDiagnostic {
            PendingDiagnostic(
                position: position, severity: severity, file: origin.file, collection: origin.collection, index: origin.index, key: key,
                message: message)
        }
        guard SafeId.isSafe(id, namesFolder: false) else {
            idErrors.append(pending(.error, "id", "not a usable \(name) id: \(SafeId.rule(namesFolder: false))"))
            return
        }
        let hash = IdIndex.hash(id, seed: settings.seed) & settings.hashMask
        hashes.append(hash)
        spillIfFull()
        if let suspectHashes, suspectHashes.contains(hash) { suspects.append(SuspectId(id: id, origin: origin, position: position)) }
        let valid = check { severity, key, message in references.append(pending(severity, key, message)) }
        guard valid else {
            rejected.append(position)
            return
        }
        guard settings.keeps(circle) else { return }
        // A skimmed record (`end`) is chained into its run's digest by where it starts and its id's hash.
        CircleRun.add(
            to: &runs, circle: circle, file: origin.file, offset: offset, index: origin.index,
            skimmed: end.map { (end: $0, seed: settings.seed, idHash: hash) })
    }

    func absorb(_ other: StreamedCollection) {
        let shift = count
        count += other.count
        hashes.moveAppend(other.hashes)
        spill.absorb(other.spill)
        spillIfFull()
        idErrors += other.idErrors.map { $0.moved(by: shift) }
        references += other.references.map { $0.moved(by: shift) }
        rejected += other.rejected.map { $0 + shift }
        suspects += other.suspects.map { var suspect = $0; suspect.position += shift; return suspect }
        runs += other.runs
        other.count = 0
        other.idErrors = []
        other.references = []
        other.rejected = []
        other.suspects = []
        other.runs = []
    }

    func shiftIndexes(by offset: Int) {
        for position in idErrors.indices { idErrors[position].index += offset }
        for position in references.indices { references[position].index += offset }
        for position in suspects.indices { suspects[position].origin.index += offset }
        for position in runs.indices { runs[position].index += offset }
    }

    /// Hashes held by more than one record (the hashes are sorted in place: their order is not used).
    func repeatedHashes() -> Set<UInt64> {
        if !spill.isEmpty {
            return hashes.withUnsafeBufferPointer { spill.repeated(with: UnsafeMutableBufferPointer(mutating: $0)) }
        }
        var repeated: Set<UInt64> = []
        hashes.withUnsafeBufferPointer { buffer in
            var sorted = UnsafeMutableBufferPointer(mutating: buffer)
            sorted.sort()
            var index = 1
            while index < sorted.count {
                if sorted[index] == sorted[index - 1] { repeated.insert(sorted[index]) }
                index += 1
            }
        }
        return repeated
    }

    /// The diagnostics in the order `ReferenceChecker` reports them (unusable and duplicate ids, then
    /// the references of the records not rejected by those), and how many records are valid.
    /// `suspects` must hold every record whose id's hash was seen twice.
    func finish() -> (diagnostics: [Diagnostic], valid: Int) {
        var seen = IdIndex(capacity: suspects.count)
        var duplicates: [PendingDiagnostic] = []
        var rejectedIds = Set(idErrors.map(\.position))
        for (number, suspect) in suspects.enumerated() {
            if let first = seen.insert(suspect.id, value: number) {
                let firstOrigin = suspects[first].origin
                let place = firstOrigin.file == suspect.origin.file ? firstOrigin.keyPath : "\(firstOrigin.file) \(firstOrigin.keyPath)"
                duplicates.append(PendingDiagnostic(
                    position: suspect.position, severity: .error, file: suspect.origin.file, collection: suspect.origin.collection,
                    index: suspect.origin.index, key: "id", message: "duplicate \(name) id; first used at \(place)"))
                rejectedIds.insert(suspect.position)
            }
        }
        let idProblems = (idErrors + duplicates).sorted { $0.position < $1.position }
        let kept = references.filter { !rejectedIds.contains($0.position) }
        let rejectedReferences = rejected.reduce(0) { $0 + (rejectedIds.contains($1) ? 0 : 1) }
        return (idProblems.map(\.diagnostic) + kept.map(\.diagnostic), count - rejectedIds.count - rejectedReferences)
    }
}

extension PendingDiagnostic {
    func moved(by shift: Int) -> PendingDiagnostic {
        var moved = self
        moved.position += shift
        return moved
    }
}

/// Records of one circle next to each other in one file's array: `count` of them from the one
/// that starts at byte `offset`, the `index`-th of the array.
struct CircleRun {
    let circle: String
    let file: String
    let offset: Int
    var index: Int
    var count: Int
    /// The byte after the last record, when the first reading found it without parsing the
    /// records (`LineSkim`): reading the run again must end exactly there.
    var end: Int? = nil
    /// With `end`: a keyed digest of where each record starts and of its id's hash, in order
    /// (`chained`): reading the run again must find records that start at the same places with the
    /// same ids, or a miscount the skim made in one place and undid in another would pass unseen.
    var digest: UInt64? = nil

    /// `digest` after one more record, which starts at `offset` and whose id has `idHash`. The first
    /// record's `previous` is the run's seed (random per run of carereport: an export cannot be
    /// written to make two sequences meet).
    static func chained(_ previous: UInt64, offset: Int, idHash: UInt64) -> UInt64 {
        IdIndex.mix(IdIndex.mix(previous, UInt64(truncatingIfNeeded: offset)), idHash)
    }
}
