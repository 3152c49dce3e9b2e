import Foundation

/// A thread-safe cache for a pure function: the first caller of a key computes the value (outside
/// the lock, so two threads may both compute it once; they get equal values, the first stored
/// is kept), later callers get the stored one. Only for values that depend on the key alone, so
/// the output stays byte-identical whichever thread computed it.
final class LockedMemo<Key: Hashable & Sendable, Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [Key: Value] = [:]

    init() {}

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
        values[key] = made
        return made
    }
}
