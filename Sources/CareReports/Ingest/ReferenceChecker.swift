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
        let userRejects = report(others[0])
        let circleRejects = report(others[1])
        var userIds: Set<String> = []
        var circlesById: [String: CareCircle] = [:]
        decoder.users.items.withUnsafeBufferPointer { users in
            for index in users.indices where !userRejects.contains(index) { userIds.insert(users[index].id) }
        }
        decoder.circles.items.withUnsafeBufferPointer { circles in
            for index in circles.indices where !circleRejects.contains(index) { circlesById[circles[index].id] = circles[index] }
            for (position, circle) in circles.enumerated() {
                for (index, member) in circle.members.enumerated() where !userIds.contains(member.userId) {
                    warn(decoder.circles.origins[position], "members[\(index)].userId", "unknown user; shown as \"unknown member\"")
                }
            }
        }
        let recipients = circlesById.mapValues(\.careRecipient.userId)
        var taskRejects = report(others[2])
        // Records are read in place (a loop over the array would copy each one).
        decoder.tasks.items.withUnsafeBufferPointer { tasks in
            for index in tasks.indices where !taskRejects.contains(index) {
                let origin = decoder.tasks.origins[index]
                guard circlesById[tasks[index].careCircleId] != nil else {
                    reject(origin, "careCircleId", "unknown circle; the task is rejected")
                    taskRejects.insert(index)
                    continue
                }
                checkUser(tasks[index].createdBy.userId, origin, "createdBy.userId", known: userIds)
                if let assigned = tasks[index].assignedTo { checkUser(assigned.userId, origin, "assignedTo.userId", known: userIds) }
            }
        }
        var recordRejects = report(healthIds.results[0])
        decoder.healthRecords.items.withUnsafeBufferPointer { records in
            for index in records.indices where !recordRejects.contains(index) {
                let origin = decoder.healthRecords.origins[index]
                guard let recipient = recipients[records[index].careCircleId] else {
                    reject(origin, "careCircleId", "unknown circle; the record is rejected")
                    recordRejects.insert(index)
                    continue
                }
                if records[index].careRecipientId != recipient {
                    warn(origin, "careRecipientId", "not the care recipient of the record's circle")
                }
                for (position, id) in records[index].visibleTo.enumerated() {
                    checkUser(id, origin, "visibleTo[\(position)]", known: userIds)
                }
            }
        }
        let updateRejects = report(others[3])
        decoder.updates.items.withUnsafeBufferPointer { updates in
            for index in updates.indices where !updateRejects.contains(index) {
                let origin = decoder.updates.origins[index]
                if circlesById[updates[index].careCircleId] == nil {
                    warn(origin, "careCircleId", "unknown circle; the update is shown to nobody")
                }
                checkUser(updates[index].authorId, origin, "authorId", known: userIds)
            }
        }
        return CareExport(
            timeZone: decoder.timeZone ?? TimeZone(identifier: "UTC")!, exportedAt: decoder.exportedAt,
            users: decoder.users.items.takeAll(dropping: userRejects),
            circles: decoder.circles.items.takeAll(dropping: circleRejects),
            tasks: decoder.tasks.items.takeAll(dropping: taskRejects) { keeps($0.careCircleId) },
            healthRecords: decoder.healthRecords.items.takeAll(dropping: recordRejects) { keeps($0.careCircleId) },
            updates: decoder.updates.items.takeAll(dropping: updateRejects) { keeps($0.careCircleId) })
    }

    /// Whether a record of this circle goes into the model (the stubs of other circles do not).
    private func keeps(_ circleId: String) -> Bool { decoder.filter?.keeps(circleId) ?? true }

    /// The indexes of records whose id was used before, and for each an error naming where the
    /// first stands (not yet reported: see `report`).
    private static func unique<T>(_ collection: ExportDecoder.Collection<T>, id: (borrowing T) -> String, collection name: String) -> Duplicates {
        var seen: [String: Int] = [:]
        seen.reserveCapacity(collection.items.count)
        var rejected: Set<Int> = []
        var errors: [Diagnostic] = []
        collection.items.withUnsafeBufferPointer { items in
            for index in items.indices {
                let key = id(items[index])
                if let first = seen[key] {
                    let firstOrigin = collection.origins[first]
                    let origin = collection.origins[index]
                    let place = firstOrigin.file == origin.file ? firstOrigin.keyPath : "\(firstOrigin.file) \(firstOrigin.keyPath)"
                    errors.append(Self.diagnostic(.error, origin, "id", "duplicate \(name) id; first used at \(place)"))
                    rejected.insert(index)
                    continue
                }
                seen[key] = index
            }
        }
        return Duplicates(rejected: rejected, errors: errors)
    }

    /// Reports a scan's errors and returns the indexes it rejected.
    private func report(_ duplicates: Duplicates) -> Set<Int> {
        duplicates.errors.forEach(decoder.add)
        return duplicates.rejected
    }

    private func checkUser(_ id: String, _ origin: Origin, _ key: String, known: Set<String>) {
        if !known.contains(id) { warn(origin, key, "unknown user; shown as \"unknown member\"") }
    }

    private func warn(_ origin: Origin, _ key: String, _ message: String) {
        decoder.add(Self.diagnostic(.warning, origin, key, message))
    }

    private func reject(_ origin: Origin, _ key: String, _ message: String) {
        decoder.add(Self.diagnostic(.error, origin, key, message))
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
