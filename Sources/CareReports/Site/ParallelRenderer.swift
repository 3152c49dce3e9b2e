import Foundation

/// Runs independent rendering jobs on every core and returns their results in job order, so the
/// output is byte-identical to running them one after another.
public struct ParallelRenderer: Sendable {
    public typealias Job = @Sendable () throws -> [SitePlan.File]

    /// How many jobs run at once; 1 renders on the calling thread only.
    public let workers: Int

    public init(workers: Int = ProcessInfo.processInfo.activeProcessorCount) {
        self.workers = max(1, workers)
    }

    public func run(_ jobs: [Job]) throws -> [SitePlan.File] {
        let results = ResultSlots(count: jobs.count)
        if workers == 1 || jobs.count < 2 {
            for (index, job) in jobs.enumerated() { results.set(index, Result { try job() }) }
        } else {
            let next = JobCounter()
            DispatchQueue.concurrentPerform(iterations: min(workers, jobs.count)) { _ in
                while let index = next.take(below: jobs.count) {
                    results.set(index, Result { try jobs[index]() })
                }
            }
        }
        var output: [SitePlan.File] = []
        for result in results.all() { output += try result.get() }
        return output
    }
}

/// A lock-protected array of results, one slot per job.
private final class ResultSlots: @unchecked Sendable {
    private let lock = NSLock()
    private var slots: [Result<[SitePlan.File], any Error>?]

    init(count: Int) { slots = Array(repeating: nil, count: count) }

    func set(_ index: Int, _ result: Result<[SitePlan.File], any Error>) {
        lock.lock()
        slots[index] = result
        lock.unlock()
    }

    func all() -> [Result<[SitePlan.File], any Error>] {
        lock.lock()
        defer { lock.unlock() }
        return slots.map { $0! }
    }
}
