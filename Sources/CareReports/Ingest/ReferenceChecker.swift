import Foundation

/// Checks what no single record can: duplicate ids, references to unknown users and circles. It
/// works on indexes, so a large export's records are handed on without being copied.
struct ReferenceChecker {
    typealias Origin = ExportDecoder.Origin
    let decoder: ExportDecoder

    func check() -> CareExport {
        let users = keep(decoder.users, unique(decoder.users, id: \.id, collection: "user"))
        let circles = keep(decoder.circles, unique(decoder.circles, id: \.id, collection: "circle"))
        let userIds = Set(users.map(\.id))
        var circlesById: [String: CareCircle] = [:]
        for circle in circles where circlesById[circle.id] == nil { circlesById[circle.id] = circle }

        for (position, circle) in decoder.circles.items.enumerated() {
            for (index, member) in circle.members.enumerated() where !userIds.contains(member.userId) {
                warn(decoder.circles.origins[position], "members[\(index)].userId", "unknown user; shown as \"unknown member\"")
            }
        }
        var taskRejects = unique(decoder.tasks, id: \.id, collection: "task")
        for (index, task) in decoder.tasks.items.enumerated() where !taskRejects.contains(index) {
            let origin = decoder.tasks.origins[index]
            guard circlesById[task.careCircleId] != nil else {
                reject(origin, "careCircleId", "unknown circle; the task is rejected")
                taskRejects.insert(index)
                continue
            }
            checkUser(task.createdBy.userId, origin, "createdBy.userId", known: userIds)
            if let assigned = task.assignedTo { checkUser(assigned.userId, origin, "assignedTo.userId", known: userIds) }
        }
        var recordRejects = unique(decoder.healthRecords, id: \.id, collection: "health record")
        for (index, record) in decoder.healthRecords.items.enumerated() where !recordRejects.contains(index) {
            let origin = decoder.healthRecords.origins[index]
            guard let circle = circlesById[record.careCircleId] else {
                reject(origin, "careCircleId", "unknown circle; the record is rejected")
                recordRejects.insert(index)
                continue
            }
            if record.careRecipientId != circle.careRecipient.userId {
                warn(origin, "careRecipientId", "not the care recipient of the record's circle")
            }
            for (position, id) in record.visibleTo.enumerated() { checkUser(id, origin, "visibleTo[\(position)]", known: userIds) }
        }
        let updateRejects = unique(decoder.updates, id: \.id, collection: "update")
        for (index, update) in decoder.updates.items.enumerated() where !updateRejects.contains(index) {
            let origin = decoder.updates.origins[index]
            if circlesById[update.careCircleId] == nil { warn(origin, "careCircleId", "unknown circle; the update is shown to nobody") }
            checkUser(update.authorId, origin, "authorId", known: userIds)
        }
        return CareExport(
            timeZone: decoder.timeZone ?? TimeZone(identifier: "UTC")!, exportedAt: decoder.exportedAt, users: users,
            circles: circles, tasks: keep(decoder.tasks, taskRejects), healthRecords: keep(decoder.healthRecords, recordRejects),
            updates: keep(decoder.updates, updateRejects))
    }

    /// The items not rejected; the same array (not a copy) when none was.
    private func keep<T>(_ collection: ExportDecoder.Collection<T>, _ rejected: Set<Int>) -> [T] {
        guard !rejected.isEmpty else { return collection.items }
        return collection.items.enumerated().filter { !rejected.contains($0.offset) }.map(\.element)
    }

    /// The indexes of records whose id was used before; each is an error naming where the first stands.
    private func unique<T>(_ collection: ExportDecoder.Collection<T>, id: KeyPath<T, String>, collection name: String) -> Set<Int> {
        var seen: [String: Int] = [:]
        seen.reserveCapacity(collection.items.count)
        var rejected: Set<Int> = []
        for (index, item) in collection.items.enumerated() {
            let key = item[keyPath: id]
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
