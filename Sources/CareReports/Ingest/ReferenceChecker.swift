import Foundation

/// Checks what no single record can: duplicate ids, references to unknown users and circles. It
/// reads the records in place and then moves them into the model, so none is copied.
struct ReferenceChecker {
    typealias Origin = ExportDecoder.Origin
    let decoder: ExportDecoder

    func check() -> CareExport {
        // The duplicate-id scan of the health records (the largest collection) runs on a second
        // thread beside the others'; each reports its diagnostics where the serial order puts them.
        let healthIds = DuplicateScan()
        let otherIds = DuplicateScan()
        // Both threads only read the decoder's records until they are joined.
        nonisolated(unsafe) let decoder = decoder
        DispatchQueue.concurrentPerform(iterations: 2) { part in
            if part == 0 {
                healthIds.run { Self.unique(decoder.healthRecords, id: { $0.id }, collection: "health record") }
            } else {
                otherIds.run {
                    [Self.unique(decoder.users, id: { $0.id }, collection: "user"),
                     Self.unique(decoder.circles, id: { $0.id }, collection: "circle"),
                     Self.unique(decoder.tasks, id: { $0.id }, collection: "task"),
                     Self.unique(decoder.updates, id: { $0.id }, collection: "update")]
                }
            }
        }
        let others = otherIds.results
        let keptUsers = keptMask(decoder.users, rejecting: report(others[0]))
        let keptCircles = keptMask(decoder.circles, rejecting: report(others[1]))
        var userIds = IdIndex(capacity: decoder.users.items.count)
        // Each known circle's id, numbered by its place in `recipients`.
        var circleIds = IdIndex(capacity: decoder.circles.items.count)
        var recipients: [String] = []
        decoder.users.items.withUnsafeBufferPointer { users in
            for index in users.indices where keptUsers[index] { userIds.insert(users[index].id, value: index) }
        }
        decoder.circles.items.withUnsafeBufferPointer { circles in
            for index in circles.indices where keptCircles[index] {
                if let place = circleIds.value(for: circles[index].id) {
                    recipients[place] = circles[index].careRecipient.userId
                } else {
                    circleIds.insert(circles[index].id, value: recipients.count)
                    recipients.append(circles[index].careRecipient.userId)
                }
            }
            for (position, circle) in circles.enumerated() {
                for (index, member) in circle.members.enumerated() where !userIds.contains(member.userId) {
                    warn(decoder.circles, position, "members[\(index)].userId", "unknown user; shown as \"unknown member\"")
                }
            }
        }
        // Records are read in place (a loop over the array would copy each one). A record that is
        // rejected, or is a stub of a circle not kept, is marked to be left out of the model.
        var keptTasks = keptMask(decoder.tasks, rejecting: report(others[2]))
        decoder.tasks.items.withUnsafeBufferPointer { tasks in
            for index in tasks.indices where keptTasks[index] {
                guard circleIds.contains(tasks[index].careCircleId) else {
                    reject(decoder.tasks, index, "careCircleId", "unknown circle; the task is rejected")
                    keptTasks[index] = false
                    continue
                }
                checkUser(tasks[index].createdBy.userId, decoder.tasks, index, "createdBy.userId", known: userIds)
                if let assigned = tasks[index].assignedTo {
                    checkUser(assigned.userId, decoder.tasks, index, "assignedTo.userId", known: userIds)
                }
                keptTasks[index] = keeps(tasks[index].careCircleId)
            }
        }
        var keptRecords = keptMask(decoder.healthRecords, rejecting: report(healthIds.results[0]))
        decoder.healthRecords.items.withUnsafeBufferPointer { records in
            for index in records.indices where keptRecords[index] {
                guard let place = circleIds.value(for: records[index].careCircleId) else {
                    reject(decoder.healthRecords, index, "careCircleId", "unknown circle; the record is rejected")
                    keptRecords[index] = false
                    continue
                }
                if records[index].careRecipientId != recipients[place] {
                    warn(decoder.healthRecords, index, "careRecipientId", "not the care recipient of the record's circle")
                }
                for (position, id) in records[index].visibleTo.enumerated() {
                    checkUser(id, decoder.healthRecords, index, "visibleTo[\(position)]", known: userIds)
                }
                keptRecords[index] = keeps(records[index].careCircleId)
            }
        }
        var keptUpdates = keptMask(decoder.updates, rejecting: report(others[3]))
        decoder.updates.items.withUnsafeBufferPointer { updates in
            for index in updates.indices where keptUpdates[index] {
                if !circleIds.contains(updates[index].careCircleId) {
                    warn(decoder.updates, index, "careCircleId", "unknown circle; the update is shown to nobody")
                }
                checkUser(updates[index].authorId, decoder.updates, index, "authorId", known: userIds)
                keptUpdates[index] = keeps(updates[index].careCircleId)
            }
        }
        return CareExport(
            timeZone: decoder.timeZone ?? TimeZone(identifier: "UTC")!, exportedAt: decoder.exportedAt,
            users: decoder.users.items.takeAll(keeping: keptUsers),
            circles: decoder.circles.items.takeAll(keeping: keptCircles),
            tasks: decoder.tasks.items.takeAll(keeping: keptTasks),
            healthRecords: decoder.healthRecords.items.takeAll(keeping: keptRecords),
            updates: decoder.updates.items.takeAll(keeping: keptUpdates))
    }

    /// Whether a record of this circle goes into the model (the stubs of other circles do not).
    private func keeps(_ circleId: String) -> Bool { decoder.filter?.keeps(circleId) ?? true }

    /// One flag per record of the collection: false for those a duplicate-id scan rejected.
    private func keptMask<T>(_ collection: ExportDecoder.Collection<T>, rejecting rejected: Set<Int>) -> [Bool] {
        var mask = [Bool](repeating: true, count: collection.items.count)
        for index in rejected { mask[index] = false }
        return mask
    }

    /// The indexes of records whose id was used before, and for each an error naming where the
    /// first stands (not yet reported: see `report`).
    private static func unique<T>(_ collection: ExportDecoder.Collection<T>, id: (borrowing T) -> String, collection name: String) -> Duplicates {
        var seen = IdIndex(capacity: collection.items.count)
        var rejected: Set<Int> = []
        var errors: [Diagnostic] = []
        collection.items.withUnsafeBufferPointer { items in
            for index in items.indices {
                if let first = seen.insert(id(items[index]), value: index) {
                    let firstOrigin = collection.origins[first]
                    let origin = collection.origins[index]
                    let place = firstOrigin.file == origin.file ? firstOrigin.keyPath : "\(firstOrigin.file) \(firstOrigin.keyPath)"
                    errors.append(Self.diagnostic(.error, origin, "id", "duplicate \(name) id; first used at \(place)"))
                    rejected.insert(index)
                }
            }
        }
        return Duplicates(rejected: rejected, errors: errors)
    }

    /// Reports a scan's errors and returns the indexes it rejected.
    private func report(_ duplicates: Duplicates) -> Set<Int> {
        duplicates.errors.forEach(decoder.add)
        return duplicates.rejected
    }

    private func checkUser<T>(_ id: String, _ collection: ExportDecoder.Collection<T>, _ index: Int, _ key: String, known: IdIndex) {
        if !known.contains(id) { warn(collection, index, key, "unknown user; shown as \"unknown member\"") }
    }

    private func warn<T>(_ collection: ExportDecoder.Collection<T>, _ index: Int, _ key: String, _ message: String) {
        decoder.add(Self.diagnostic(.warning, collection.origins[index], key, message))
    }

    private func reject<T>(_ collection: ExportDecoder.Collection<T>, _ index: Int, _ key: String, _ message: String) {
        decoder.add(Self.diagnostic(.error, collection.origins[index], key, message))
    }

    private static func diagnostic(_ severity: Diagnostic.Severity, _ origin: Origin, _ key: String, _ message: String) -> Diagnostic {
        Diagnostic(severity, file: origin.file, keyPath: "\(origin.keyPath).\(key)", message: message)
    }
}

/// What a duplicate-id scan found.
private struct Duplicates: Sendable {
    let rejected: Set<Int>
    let errors: [Diagnostic]
}

/// The results of scans run on another thread (each thread writes its own instance once).
private final class DuplicateScan: @unchecked Sendable {
    private(set) var results: [Duplicates] = []

    func run(_ body: () -> [Duplicates]) { results = body() }

    func run(_ body: () -> Duplicates) { results = [body()] }
}
