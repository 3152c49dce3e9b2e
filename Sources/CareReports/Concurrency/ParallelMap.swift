import Foundation

/// Runs `body` on each item on up to `workers` cores and returns the results in the items' order
/// (the first error in that order is thrown, after every item has run), so what is made from them
/// is the same whichever core made it.
public func parallelMap<Item: Sendable, Result: Sendable>(
    _ items: [Item], workers: Int, _ body: @Sendable (Item) throws -> Result
) throws -> [Result] {
    let slots = ParallelSlots<Result>(count: items.count)
    let next = JobCounter()
    DispatchQueue.concurrentPerform(iterations: max(1, min(workers, items.count))) { _ in
        while let index = next.take(below: items.count) {
            slots.set(index, Swift.Result { try body(items[index]) })
        }
    }
    return try slots.all().map { try $0.get() }
}

/// A lock-protected array of results, one slot per item.
private final class ParallelSlots<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var slots: [Result<Value, any Error>?]

    init(count: Int) { slots = Array(repeating: nil, count: count) }

    func set(_ index: Int, _ result: Result<Value, any Error>) {
        lock.lock()
        slots[index] = result
        lock.unlock()
    }

    func all() -> [Result<Value, any Error>] {
        lock.lock()
        defer { lock.unlock() }
        return slots.map { $0! }
    }
}
