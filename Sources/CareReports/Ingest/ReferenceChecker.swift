import Foundation

/// Checks what no single record can: duplicate ids, references to unknown users and circles.
struct ReferenceChecker {
    let decoder: ExportDecoder

    func check() -> CareExport {
        let users = unique(decoder.users, id: \.id, collection: "user")
        let circles = unique(decoder.circles, id: \.id, collection: "circle")
        let userIds = Set(users.map(\.0.id))
        let circlesById = Dictionary(circles.map { ($0.0.id, $0.0) }, uniquingKeysWith: { first, _ in first })

        for (circle, origin) in circles {
            for (index, member) in circle.members.enumerated() where !userIds.contains(member.userId) {
                warn(origin, "members[\(index)].userId", "unknown user; shown as \"unknown member\"")
            }
        }
        let tasks = unique(decoder.tasks, id: \.id, collection: "task").filter { task, origin in
            guard circlesById[task.careCircleId] != nil else {
                reject(origin, "careCircleId", "unknown circle; the task is rejected")
                return false
            }
            checkUser(task.createdBy.userId, origin, "createdBy.userId", known: userIds)
            if let assigned = task.assignedTo { checkUser(assigned.userId, origin, "assignedTo.userId", known: userIds) }
            return true
        }
        let records = unique(decoder.healthRecords, id: \.id, collection: "health record").filter { record, origin in
            guard let circle = circlesById[record.careCircleId] else {
                reject(origin, "careCircleId", "unknown circle; the record is rejected")
                return false
            }
            if record.careRecipientId != circle.careRecipient.userId {
                warn(origin, "careRecipientId", "not the care recipient of the record's circle")
            }
            for (index, id) in record.visibleTo.enumerated() { checkUser(id, origin, "visibleTo[\(index)]", known: userIds) }
            return true
        }
        let updates = unique(decoder.updates, id: \.id, collection: "update")
        for (update, origin) in updates {
            if circlesById[update.careCircleId] == nil {
                warn(origin, "careCircleId", "unknown circle; the update is shown to nobody")
            }
            checkUser(update.authorId, origin, "authorId", known: userIds)
        }
        return CareExport(
            timeZone: decoder.timeZone ?? TimeZone(identifier: "UTC")!, exportedAt: decoder.exportedAt,
            users: users.map(\.0), circles: circles.map(\.0), tasks: tasks.map(\.0), healthRecords: records.map(\.0),
            updates: updates.map(\.0))
    }

    /// Keeps the first record of each id; every later one is an error naming where the first stands.
    private func unique<T>(_ items: [(T, ExportDecoder.Origin)], id: KeyPath<T, String>, collection: String) -> [(T, ExportDecoder.Origin)] {
        var seen: [String: ExportDecoder.Origin] = [:]
        seen.reserveCapacity(items.count)
        var result: [(T, ExportDecoder.Origin)] = []
        result.reserveCapacity(items.count)
        for (item, origin) in items {
            if let first = seen[item[keyPath: id]] {
                let place = first.file == origin.file ? first.keyPath : "\(first.file) \(first.keyPath)"
                reject(origin, "id", "duplicate \(collection) id; first used at \(place)")
                continue
            }
            seen[item[keyPath: id]] = origin
            result.append((item, origin))
        }
        return result
    }

    private func checkUser(_ id: String, _ origin: ExportDecoder.Origin, _ key: String, known: Set<String>) {
        if !known.contains(id) { warn(origin, key, "unknown user; shown as \"unknown member\"") }
    }

    private func warn(_ origin: ExportDecoder.Origin, _ key: String, _ message: String) {
        decoder.add(Diagnostic(.warning, file: origin.file, keyPath: "\(origin.keyPath).\(key)", message: message))
    }

    private func reject(_ origin: ExportDecoder.Origin, _ key: String, _ message: String) {
        decoder.add(Diagnostic(.error, file: origin.file, keyPath: "\(origin.keyPath).\(key)", message: message))
    }
}
