import Foundation

/// Works `body` out for each item on up to `workers` threads, and hands the results to the calling
/// thread in the items' order as soon as each one and all before it are ready: no core waits for a
/// slow neighbour at a barrier, and what is made from the results does not depend on which thread
/// made them. At most `ahead` items are worked out beyond the one being handed over, so memory holds
/// a few results, however many items there are.
public final class OrderedPipeline<Item: Sendable, Output: Sendable>: @unchecked Sendable {
    private let items: [Item]
    private let body: @Sendable (Item) throws -> Output
    private let condition = NSCondition()
    private var results: [Int: Result<Output, any Error>] = [:]
    private var next = 0
    private var handed = 0
    private var stopped = false
    private var running = 0

    public init(_ items: [Item], _ body: @escaping @Sendable (Item) throws -> Output) {
        self.items = items
        self.body = body
    }

    /// Runs the items, calling `consume` with each index and result in order on this thread. A
    /// failed item stops the work: nothing after it is handed over, and its index and error are
    /// returned (nil when every item was handed over). An error thrown by `consume` stops the work too
    /// and is thrown once the workers have stopped.
    public func run(workers: Int, ahead: Int, _ consume: (Int, Output) throws -> Void) throws -> (index: Int, error: any Error)? {
        let count = max(1, min(workers, items.count))
        condition.lock()
        running = count
        condition.unlock()
        for _ in 0..<count {
            let thread = Thread { [self] in work(ahead: max(ahead, 1)) }
            thread.stackSize = 8 << 20  // as the main thread's: templates and documents nest deeply
            thread.start()
        }
        defer { stopAndWait() }
        for index in items.indices {
            condition.lock()
            while results[index] == nil { condition.wait() }
            let result = results.removeValue(forKey: index)!
            handed = index + 1
            condition.broadcast()
            condition.unlock()
            switch result {
            case .success(let output): try consume(index, output)
            case .failure(let error): return (index, error)
            }
        }
        return nil
    }

    private func work(ahead: Int) {
        while true {
            condition.lock()
            while !stopped && next < items.count && next >= handed + ahead { condition.wait() }
            guard !stopped, next < items.count else {
                running -= 1
                condition.broadcast()
                condition.unlock()
                return
            }
            let index = next
            next += 1
            condition.unlock()
            let result = Result { try body(items[index]) }
            condition.lock()
            results[index] = result
            condition.broadcast()
            condition.unlock()
        }
    }

    private func stopAndWait() {
        condition.lock()
        stopped = true
        condition.broadcast()
        while running > 0 { condition.wait() }
        condition.unlock()
    }
}
