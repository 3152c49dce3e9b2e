@testable import CareReports
import Foundation
import Testing

/// The pipeline of an `--all-members` run: results handed over in the items' order whatever thread
/// made them and however long each took, never more than `ahead` beyond the one handed over, and a
/// failure stops it at the failed item.
@Suite struct OrderedPipelineTests {
    @Test func resultsComeInOrderWhateverTheirTimes() throws {
        let items = Array(0..<200)
        var seen: [Int] = []
        let failed = try OrderedPipeline(items) { item -> Int in
            if item % 7 == 0 { usleep(UInt32(200 + (item % 3) * 300)) }  // some slower than their neighbours
            return item * 2
        }.run(workers: 3, ahead: 4) { index, output in
            #expect(output == items[index] * 2)
            seen.append(index)
        }
        #expect(failed == nil)
        #expect(seen == items)
    }

    @Test func noItemIsWorkedOutMoreThanAheadBeyondTheOneHandedOver() throws {
        let started = Counter()
        var handed = 0
        _ = try OrderedPipeline(Array(0..<60)) { item -> Int in
            started.add()
            return item
        }.run(workers: 2, ahead: 3) { index, _ in
            usleep(500)
            // Started items are at most the ones handed over (index of them, this one included) plus `ahead`.
            #expect(started.value <= index + 1 + 3)
            handed += 1
        }
        #expect(handed == 60)
    }

    @Test func aFailureStopsAtTheFailedItem() throws {
        struct Broken: Error {}
        var seen: [Int] = []
        let failed = try OrderedPipeline(Array(0..<50)) { item -> Int in
            if item == 17 { throw Broken() }
            return item
        }.run(workers: 2, ahead: 4) { index, _ in seen.append(index) }
        #expect(failed?.index == 17)
        #expect(failed?.error is Broken)
        #expect(seen == Array(0..<17))
    }

    @Test func anErrorOfTheConsumerIsThrownAfterTheWorkersStop() {
        struct Full: Error {}
        #expect(throws: Full.self) {
            _ = try OrderedPipeline(Array(0..<30)) { $0 }.run(workers: 2, ahead: 2) { index, _ in
                if index == 5 { throw Full() }
            }
        }
    }
}

/// A thread-safe count.
private final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0

    func add() {
        lock.lock()
        count += 1
        lock.unlock()
    }

    var value: Int {
        lock.lock()
        defer { lock.unlock() }
        return count
    }
}
