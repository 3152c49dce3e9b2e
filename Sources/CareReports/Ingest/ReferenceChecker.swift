import Foundation

/// Checks what no single record can: duplicate ids, references to unknown users and circles. It
/// reads the records in place and then moves them into the model, so none is copied.
struct ReferenceChecker {
    typealias Origin = ExportDecoder.Origin
    let decoder: ExportDecoder

    func check() -> CareExport {
        let userRejects = unique(decoder.users, id: { $0.id }, collection: "user")
        let circleRejects = unique(decoder.circles, id: { $0.id }, collection: "circle")
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
        var taskRejects = unique(decoder.tasks, id: { $0.id }, collection: "task")
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
        var recordRejects = unique(decoder.healthRecords, id: { $0.id }, collection: "health record")
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
        let updateRejects = unique(decoder.updates, id: { $0.id }, collection: "update")
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

    /// The indexes of records whose id was used before; each is an error naming where the first stands.
    private func unique<T>(_ collection: ExportDecoder.Collection<T>, id: (borrowing T) -> String, collection name: String) -> Set<Int> {
        var seen: [String: Int] = [:]
        seen.reserveCapacity(collection.items.count)
        var rejected: Set<Int> = []
        collection.items.withUnsafeBufferPointer { items in
            for index in items.indices {
                let key = id(items[index])
                if let first = seen[key] {
                    let firstOrigin = collection.origins[first]
                    let origin = collection.origins[index]
                    let place = firstOrigin.file == origin.file ? firstOrigin.keyPath : "\(firstOrigin.file) \(firstOrigin.keyPath)"
                    reject(origin, "id", "duplicate \(name) id; first used at \(place)")
                    rejected.insert(index)
                    continue
                }
                seen[key] = index
            }
        }
        return rejected
    }

    private func checkUser(_ id: String, _ origin: Origin, _ key: String, known: Set<String>) {
        if !known.contains(id) { warn(origin, key, "unknown user; shown as \"unknown member\"") }
    }

    private func warn(_ origin: Origin, _ key: String, _ message: String) {
        decoder.add(Diagnostic(.warning, file: origin.file, keyPath: "\(origin.keyPath).\(key)", message: message))
    }

    private func reject(_ origin: Origin, _ key: String, _ message: String) {
        decoder.add(Diagnostic(.error, file: origin.file, keyPath: "\(origin.keyPath).\(key)", message: message))
    }
}
