import Foundation
import Testing

@testable import CareReports

/// The decoder's record storage: records move in and out whole, none is lost, copied or freed twice.
extension IngestTests {
    @Suite("Record lists") struct RecordListTests {
        /// Counts the live instances, so a leak or a double release shows.
        final class Tracked {
            nonisolated(unsafe) static var live = 0
            let text: String
            init(_ text: String) {
                self.text = text
                Self.live += 1
            }
            deinit { Self.live -= 1 }
        }

        struct Record {
            let id: String
            let payload: Tracked
        }

        func record(_ number: Int) -> Record {
            Record(id: "record-\(number)-with-a-heap-allocated-id", payload: Tracked("payload \(number)"))
        }

        func ids(_ list: RecordList<Record>) -> [String] { list.indices.map { list[$0].id } }

        @Test func recordsSurviveGrowthJoinsAndTakingOut() {
            let before = Tracked.live
            do {
                let first = RecordList<Record>(capacity: 1)
                for number in 0..<1000 { first.append(record(number)) }
                #expect(ids(first) == (0..<1000).map { record($0).id })
                // Into an empty list: its storage is taken over.
                let empty = RecordList<Record>()
                empty.moveAppend(first)
                #expect(first.count == 0)
                #expect(empty.count == 1000)
                // Into a list that has records: moved after them.
                let second = RecordList<Record>()
                for number in 1000..<1500 { second.append(record(number)) }
                empty.reserveCapacity(2000)
                empty.moveAppend(second)
                #expect(second.isEmpty)
                #expect(ids(empty) == (0..<1500).map { record($0).id })
                #expect(Tracked.live == before + 1500)
                empty.truncate(to: 1400)
                #expect(Tracked.live == before + 1400)
                let taken = empty.takeAll(keeping: (0..<1400).map { ![0, 7, 8, 1399].contains($0) })
                #expect(taken.count == 1396)
                #expect(taken.first?.id == record(1).id)
                #expect(!taken.contains { $0.id == record(7).id || $0.id == record(8).id || $0.id == record(1399).id })
                #expect(empty.isEmpty)
                #expect(Tracked.live == before + 1396)
                // Lists dropped with records still in them release them.
                let left = RecordList<Record>()
                for number in 0..<10 { left.append(record(number)) }
                #expect(Tracked.live == before + 1406)
            }
            #expect(Tracked.live == before)
        }
    }
}
