/// Where a reader's visible records stand in their circle's arrays (``CircleFacts``): the facts
/// worked out once per record are then found by position, with no look-up by id.
public struct VisiblePositions: Sendable {
    /// The facts whose arrays these are positions in.
    let facts: CircleFacts
    /// The positions of the visible health records, tasks and updates, in the reader's order.
    let health: [Int]
    let tasks: [Int]
    let updates: [Int]
    /// For each record of the circle, whether the reader sees it.
    let healthMask: [Bool]
    let taskMask: [Bool]
    let updateMask: [Bool]

    /// The positions of `records` in `facts`' arrays, or nil when one is not found there in order
    /// (then nothing is looked up by position). A reader's records are the circle's records the
    /// policy let through, in the export's order, so each is found by walking forward once.
    init?(_ records: VisibleRecords, in facts: CircleFacts) {
        guard let health = Self.positions(of: records.healthRecords.lazy.map(\.id), in: facts.health.lazy.map(\.id)),
            let tasks = Self.positions(of: records.tasks.lazy.map(\.id), in: facts.tasks.lazy.map(\.id)),
            let updates = Self.positions(of: records.updates.lazy.map(\.id), in: facts.updates.lazy.map(\.id))
        else { return nil }
        self.facts = facts
        self.health = health
        self.tasks = tasks
        self.updates = updates
        healthMask = Self.mask(health, count: facts.health.count)
        taskMask = Self.mask(tasks, count: facts.tasks.count)
        updateMask = Self.mask(updates, count: facts.updates.count)
    }

    private static func positions<A: Collection<String>, B: Collection<String>>(of ids: A, in all: B) -> [Int]? where B.Index == Int {
        var found: [Int] = []
        found.reserveCapacity(ids.count)
        var position = all.startIndex
        for id in ids {
            // The ids of a circle with facts are unique, so the first equal one is the record.
            while position < all.endIndex && all[position] != id { position += 1 }
            guard position < all.endIndex else { return nil }
            found.append(position)
            position += 1
        }
        return found
    }

    private static func mask(_ positions: [Int], count: Int) -> [Bool] {
        var mask = [Bool](repeating: false, count: count)
        for position in positions { mask[position] = true }
        return mask
    }
}
