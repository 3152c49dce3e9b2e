import Foundation

/// A thread-safe cache for a pure function: the first caller of a key computes the value (outside
/// the lock, so two threads may both compute it once; they get equal values, the first stored
/// is kept), later callers get the stored one. Only for values that depend on the key alone, so
/// the output stays byte-identical whichever thread computed it. With a `limit`, the memo is emptied
/// when the values it holds would weigh more (each value weighs 1 unless `weight` says otherwise),
/// so memory stays bounded for keys that come in runs (one circle after another).
final class LockedMemo<Key: Hashable & Sendable, Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [Key: Value] = [:]
    private let limit: Int?
    private let weight: @Sendable (Value) -> Int
    private var held = 0

    init(limit: Int? = nil, weight: @escaping @Sendable (Value) -> Int = { _ in 1 }) {
        self.limit = limit
        self.weight = weight
    }

    func value(_ key: Key, _ compute: () -> Value) -> Value {
        lock.lock()
        if let found = values[key] {
            lock.unlock()
            return found
        }
        lock.unlock()
        let made = compute()
        lock.lock()
        defer { lock.unlock() }
        if let found = values[key] { return found }
        let madeWeight = weight(made)
        if let limit {
            guard madeWeight <= limit else { return made }
            if held + madeWeight > limit {
                values.removeAll(keepingCapacity: true)
                held = 0
            }
        }
        held += madeWeight
        values[key] = made
        return made
    }
}
