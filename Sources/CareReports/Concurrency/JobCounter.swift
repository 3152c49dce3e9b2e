import Foundation

/// Hands out job indexes 0, 1, 2, ... to workers pulling jobs from a shared list.
final class JobCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0

    /// The next index, or nil when all `limit` jobs have been handed out.
    func take(below limit: Int) -> Int? {
        lock.lock()
        defer { lock.unlock() }
        guard value < limit else { return nil }
        value += 1
        return value - 1
    }
}
