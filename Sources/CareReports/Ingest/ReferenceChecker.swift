import Foundation

/// Checks what no single record can: duplicate ids, references to unknown users and circles. It
/// reads the records in place and then moves them into the model, so none is copied.
struct ReferenceChecker {
    typealias Origin = ExportDecoder.Origin
    let decoder: ExportDecoder

    /// The model, and which tasks, health records and updates passed the checks (one flag per
    /// record decoded, kept or not).
    struct Checked {
        let export: CareExport
        let validity: Validity
    }

    /// Which tasks, health records and updates passed the checks, one flag per record decoded.
    struct Validity {
        let tasks: [Bool]
        let healthRecords: [Bool]
        let updates: [Bool]
    }

    func check() -> Checked {
        // The duplicate-id scan of the health records (the largest collection) runs on a second
        // thread beside the others'; each reports its diagnostics where the serial order puts them.
        let healthIds = DuplicateScan()
        let otherIds = DuplicateScan()
        // Both threads only read the decoder's records until they are joined.
        nonisolated(unsafe) let decoder = decoder
        DispatchQueue.concurrentPerform(iterations: 2) { part in
            if part == 0 {
                healthIds.run { Self.unique(decoder.healthRecords, collection: "health record") }
            } else {
                otherIds.run {
                    [decoder.users.items.withUnsafeBufferPointer {
                        Self.unique($0, decoder.users.origins, id: { $0.id }, collection: "user", namesFolders: true)
                     },
                     decoder.circles.items.withUnsafeBufferPointer {
                        Self.unique($0, decoder.circles.origins, id: { $0.id }, collection: "circle", namesFolders: true)
                     },
                     Self.unique(decoder.tasks, collection: "task"),
                     Self.unique(decoder.updates, collection: "update")]
                }
            }
        }
        let others = otherIds.results
        let people = Self.people(decoder, users: others[0], circles: others[1])
        people.diagnostics.forEach(decoder.add)
        let validUsers = people.validUsers
        let validCircles = people.validCircles
        let circleIds = people.known.circles
        let userIds = people.known.users
        let recipients = people.known.recipients
        // References (or records, when all are kept) are read in place: a loop over an array would
        // copy each one. A record that is rejected is marked to be left out of the model.
        let tasks = decoder.tasks
        var validTasks = validMask(tasks.count, rejecting: report(others[2]))
        tasks.read(
            records: { checkTasks($0, &validTasks, tasks.origins, circles: circleIds, users: userIds) },
            references: { checkTasks($0, &validTasks, tasks.origins, circles: circleIds, users: userIds) })
        let records = decoder.healthRecords
        var validRecords = validMask(records.count, rejecting: report(healthIds.results[0]))
        records.read(
            records: { checkHealthRecords($0, &validRecords, records.origins, circles: circleIds, recipients: recipients, users: userIds) },
            references: { checkHealthRecords($0, &validRecords, records.origins, circles: circleIds, recipients: recipients, users: userIds) })
        let updates = decoder.updates
        var validUpdates = validMask(updates.count, rejecting: report(others[3]))
        updates.read(
            records: { checkUpdates($0, &validUpdates, updates.origins, circles: circleIds, users: userIds) },
            references: { checkUpdates($0, &validUpdates, updates.origins, circles: circleIds, users: userIds) })
        let export = CareExport(
            timeZone: decoder.timeZone ?? TimeZone(identifier: "UTC")!, exportedAt: decoder.exportedAt,
            users: decoder.users.items.takeAll(keeping: validUsers),
            circles: decoder.circles.items.takeAll(keeping: validCircles),
            tasks: tasks.takeKept(validTasks),
            healthRecords: records.takeKept(validRecords),
            updates: updates.takeKept(validUpdates))
        return Checked(export: export, validity: Validity(tasks: validTasks, healthRecords: validRecords, updates: validUpdates))
    }

    private func checkTasks<R: TaskReferencing>(
        _ tasks: UnsafeBufferPointer<R>, _ valid: inout [Bool], _ origins: RecordList<Origin>, circles: IdIndex, users: IdIndex
    ) {
        for index in tasks.indices where valid[index] {
            valid[index] = Self.checkTask(tasks[index], circles: circles, users: users) { report(origins, index, $0, $1, $2) }
        }
    }

    private func checkHealthRecords<R: HealthRecordReferencing>(
        _ records: UnsafeBufferPointer<R>, _ valid: inout [Bool], _ origins: RecordList<Origin>, circles: IdIndex, recipients: [String],
        users: IdIndex
    ) {
        for index in records.indices where valid[index] {
            valid[index] = Self.checkHealthRecord(records[index], circles: circles, recipients: recipients, users: users) {
                report(origins, index, $0, $1, $2)
            }
        }
    }

    private func checkUpdates<R: UpdateReferencing>(
        _ updates: UnsafeBufferPointer<R>, _ valid: inout [Bool], _ origins: RecordList<Origin>, circles: IdIndex, users: IdIndex
    ) {
        for index in updates.indices where valid[index] {
            valid[index] = Self.checkUpdate(updates[index], circles: circles, users: users) { report(origins, index, $0, $1, $2) }
        }
    }

    private func report(_ origins: RecordList<Origin>, _ index: Int, _ severity: Diagnostic.Severity, _ key: String, _ message: String) {
        decoder.add(Self.diagnostic(severity, origins[index], key, message))
    }

    /// One flag per record: false for those a duplicate-id scan rejected.
    private func validMask(_ count: Int, rejecting rejected: Set<Int>) -> [Bool] {
        var mask = [Bool](repeating: true, count: count)
        for index in rejected { mask[index] = false }
        return mask
    }

    /// The indexes of records whose id is not a ``SafeId`` or was used before, and for each an error
    /// naming why (not yet reported: see `report`). Ids that name folders (`namesFolders`) must also
    /// differ in more than letter case, which some file systems do not tell apart.
    private static func unique<Item>(_ collection: ExportDecoder.ScopedCollection<Item>, collection name: String) -> Duplicates {
        collection.read(
            records: { unique($0, collection.origins, id: { $0.id }, collection: name) },
            references: { unique($0, collection.origins, id: { $0.id }, collection: name) })
    }

    static func unique<T>(
        _ items: UnsafeBufferPointer<T>, _ origins: RecordList<Origin>, id: (borrowing T) -> String, collection name: String,
        namesFolders: Bool = false
    ) -> Duplicates {
        var seen = IdIndex(capacity: items.count)
        var folded = IdIndex(capacity: namesFolders ? items.count : 0)
        var rejected: Set<Int> = []
        var errors: [Diagnostic] = []
        func place(_ first: Int, from index: Int) -> String {
            let firstOrigin = origins[first]
            return firstOrigin.file == origins[index].file ? firstOrigin.keyPath : "\(firstOrigin.file) \(firstOrigin.keyPath)"
        }
        for index in items.indices {
            let value = id(items[index])
            if !SafeId.isSafe(value, namesFolder: namesFolders) {
                errors.append(Self.diagnostic(.error, origins[index], "id", "not a usable \(name) id: \(SafeId.rule(namesFolder: namesFolders))"))
                rejected.insert(index)
            } else if let first = seen.insert(value, value: index) {
                errors.append(Self.diagnostic(.error, origins[index], "id", "duplicate \(name) id; first used at \(place(first, from: index))"))
                rejected.insert(index)
            } else if namesFolders, let first = folded.insert(SafeId.folded(value), value: index) {
                errors.append(Self.diagnostic(
                    .error, origins[index], "id",
                    "\(name) id differs from the one at \(place(first, from: index)) only in letter case; ids name folders, which some file systems do not tell apart by case"))
                rejected.insert(index)
            }
        }
        return Duplicates(rejected: rejected, errors: errors)
    }

    /// Reports a scan's errors and returns the indexes it rejected.
    private func report(_ duplicates: Duplicates) -> Set<Int> {
        duplicates.errors.forEach(decoder.add)
        return duplicates.rejected
    }

    static func diagnostic(_ severity: Diagnostic.Severity, _ origin: Origin, _ key: String, _ message: String) -> Diagnostic {
        Diagnostic(severity, file: origin.file, keyPath: "\(origin.keyPath).\(key)", message: message)
    }
}

/// What a duplicate-id scan found.
struct Duplicates: Sendable {
    let rejected: Set<Int>
    let errors: [Diagnostic]
}

/// The results of scans run on another thread (each thread writes its own instance once).
private final class DuplicateScan: @unchecked Sendable {
    private(set) var results: [Duplicates] = []

    func run(_ body: () -> [Duplicates]) { results = body() }

    func run(_ body: () -> Duplicates) { results = [body()] }
}
