import Foundation
import Testing

@testable import CareReports

extension IngestTests {
    /// A directory export is checked record by record as it is read (`ExportLoader.streamedRead`,
    /// `StreamedChecks`), keeping 8 bytes of hash per record: the diagnostics, counts and exit
    /// status are those of the whole reading (`ExportLoader.read`, which keeps every record), and a
    /// circle read again from the index is the records the whole reading kept of it.
    @Suite("Streamed checks")
    struct StreamedChecksTests {
        static func generated(circles: Int, weeks: Int = 4) throws -> String {
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("streamed-\(UUID().uuidString)").path
            _ = try ExportGenerator(circles: circles, weeks: weeks, seed: 5).write(to: directory)
            return directory
        }

        static func loader(workers: Int) -> ExportLoader {
            var loader = ExportLoader()
            loader.workers = workers
            loader.parallelMinimumBytes = 0
            loader.minimumRunBytes = 2048
            return loader
        }

        /// The whole reading: every record kept and checked after all are read.
        static func whole(_ path: String) throws -> IngestResult { try loader(workers: 1).load(path) }

        static func streamed(
            _ path: String, workers: Int = 1, hashMask: UInt64 = .max, hashLimit: Int = HashSpill.defaultLimit
        ) throws -> ExportLoader.StreamedRead {
            let read = try loader(workers: workers).streamedRead(path, keeps: { _ in true }, hashMask: hashMask, hashLimit: hashLimit)
            return try #require(read, "a generated directory export is read streamed")
        }

        static func edit(_ path: String, _ body: (String) -> String) throws {
            try body(try String(contentsOfFile: path, encoding: .utf8)).write(toFile: path, atomically: true, encoding: .utf8)
        }

        @Test(arguments: [1, 2])
        func aValidExportGivesTheWholeReadingsDiagnosticsAndCounts(workers: Int) throws {
            let directory = try Self.generated(circles: 3)
            defer { try? FileManager.default.removeItem(atPath: directory) }
            let whole = try Self.whole(directory)
            let read = try Self.streamed(directory, workers: workers)
            #expect(read.result.diagnostics == whole.diagnostics)
            #expect(read.result.summary == whole.summary)
            #expect(read.result.export.users == whole.export.users)
            #expect(read.result.export.circles == whole.export.circles)
            // Nothing of the records is kept but where each circle's lie: a few runs per circle.
            #expect(read.result.export.tasks.isEmpty && read.result.export.healthRecords.isEmpty)
            let runs = read.runs.values.reduce(0) { $0 + $1.count }
            #expect(runs >= 9 && runs < whole.export.healthRecords.count / 4)
            let reader = CircleReader(read)
            for circle in ["g1", "g2", "g3"] {
                let one = try reader.export(ofCircle: circle)
                #expect(one.tasks == whole.export.tasks.filter { $0.careCircleId == circle })
                #expect(one.healthRecords == whole.export.healthRecords.filter { $0.careCircleId == circle })
                #expect(one.updates == whole.export.updates.filter { $0.careCircleId == circle })
            }
            // Several circles (a reader's, or a shard's) come in the export's order.
            let two = try reader.export(ofCircles: ["g3", "g1"])
            #expect(two.healthRecords == whole.export.healthRecords.filter { ["g1", "g3"].contains($0.careCircleId) })
            #expect(two.tasks == whole.export.tasks.filter { ["g1", "g3"].contains($0.careCircleId) })
        }

        @Test(arguments: [1, 2])
        func duplicateIdsAcrossCirclesAreFoundWhereTheWholeReadingFindsThem(workers: Int) throws {
            let directory = try Self.generated(circles: 3)
            defer { try? FileManager.default.removeItem(atPath: directory) }
            // A task of g3 and a health record of g2 take ids of circle g1's records.
            try Self.edit(directory + "/tasks.json") { $0.replacingOccurrences(of: "\"id\":\"g3-t-000002\"", with: "\"id\":\"g1-t-000001\"") }
            try Self.edit(directory + "/health.json") { $0.replacingOccurrences(of: "\"id\":\"g2-hr-000004\"", with: "\"id\":\"g1-hr-000003\"") }
            let whole = try Self.whole(directory)
            let read = try Self.streamed(directory, workers: workers)
            #expect(read.result.hasErrors)
            #expect(read.result.diagnostics == whole.diagnostics)
            #expect(read.result.summary == whole.summary)
            let duplicates = read.result.errors.map(\.description).filter { $0.contains("duplicate") }
            #expect(duplicates.count == 2)
            #expect(duplicates.contains { $0.contains("duplicate task id; first used at tasks[") })
            #expect(duplicates.contains { $0.contains("duplicate health record id; first used at healthRecords[") })
        }

        @Test func aDuplicateAcrossTwoFilesNamesTheFirstFile() throws {
            let directory = try Self.generated(circles: 2)
            defer { try? FileManager.default.removeItem(atPath: directory) }
            // healthRecords.json beside health.json: one of its records reuses an id of the first.
            let first = try String(contentsOfFile: directory + "/health.json", encoding: .utf8)
            let line = try #require(first.split(separator: "\n").first { $0.contains("\"id\":\"g2-hr-000001\"") })
            let record = line.hasSuffix(",") ? String(line.dropLast()) : String(line)
            try "[\n\(record)\n]\n".write(toFile: directory + "/healthRecords.json", atomically: true, encoding: .utf8)
            let whole = try Self.whole(directory)
            let read = try Self.streamed(directory)
            #expect(read.result.diagnostics == whole.diagnostics)
            #expect(read.result.errors.map(\.description).contains {
                $0.hasPrefix("\(directory)/healthRecords.json: error: at healthRecords[0].id: duplicate health record id; first used at \(directory)/health.json healthRecords[")
            })
        }

        @Test(arguments: [1, 2])
        func danglingReferencesAreFoundAsTheRecordsAreRead(workers: Int) throws {
            let directory = try Self.generated(circles: 3)
            defer { try? FileManager.default.removeItem(atPath: directory) }
            // Users referenced across circles: an unknown creator, a reader of another circle's record
            // who does not exist, a record in an unknown circle, an update by an unknown author.
            try Self.edit(directory + "/tasks.json") {
                $0.replacingOccurrences(of: "\"createdBy\":{\"userId\":\"g3-u4\"", with: "\"createdBy\":{\"userId\":\"g3-nobody\"")
            }
            try Self.edit(directory + "/health.json") {
                $0.replacingOccurrences(of: "\"visibleTo\":[\"g2-u2\"", with: "\"visibleTo\":[\"g9-u2\"")
                    .replacingOccurrences(
                        of: #"("id":"g1-hr-000007"[^\n]*"careCircleId":)"g1""#, with: "$1\"g8\"", options: .regularExpression)
            }
            try Self.edit(directory + "/updates.json") { $0.replacingOccurrences(of: "\"authorId\":\"g1-u5\"", with: "\"authorId\":\"g1-ghost\"") }
            let whole = try Self.whole(directory)
            let read = try Self.streamed(directory, workers: workers)
            #expect(read.result.diagnostics == whole.diagnostics)
            #expect(read.result.summary == whole.summary)
            let messages = read.result.diagnostics.map(\.message)
            #expect(messages.contains("unknown circle; the record is rejected"))
            #expect(messages.filter { $0.hasPrefix("unknown user") }.count >= 3)
        }

        @Test func aHashCollisionNeverMakesADuplicate() throws {
            let directory = try Self.generated(circles: 2)
            defer { try? FileManager.default.removeItem(atPath: directory) }
            // With no bit of the hash kept, every id collides with every other: the ids themselves
            // are read again and compared, and none of them is a duplicate.
            let whole = try Self.whole(directory)
            let collided = try Self.streamed(directory, hashMask: 0)
            #expect(!collided.result.hasErrors)
            #expect(collided.result.diagnostics == whole.diagnostics)
            #expect(collided.result.summary == whole.summary)
            // One real duplicate among them is still found, once, and the circle reads back whole.
            try Self.edit(directory + "/updates.json") { $0.replacingOccurrences(of: "\"id\":\"g2-up-000002\"", with: "\"id\":\"g2-up-000001\"") }
            let wholeWithDuplicate = try Self.whole(directory)
            let withDuplicate = try Self.streamed(directory, hashMask: 0)
            #expect(withDuplicate.result.diagnostics == wholeWithDuplicate.diagnostics)
            #expect(withDuplicate.result.errors.count == 1)
            let reader = CircleReader(try Self.streamed(directory, hashMask: 0x3))
            #expect(try reader.export(ofCircle: "g1").tasks == wholeWithDuplicate.export.tasks.filter { $0.careCircleId == "g1" })
        }

        @Test(arguments: [1, 2])
        func hashesWrittenOutFindTheSameDuplicates(workers: Int) throws {
            let directory = try Self.generated(circles: 3)
            defer { try? FileManager.default.removeItem(atPath: directory) }
            // With a few dozen hashes held at a time, nearly all are written out and read back slice by slice.
            let clean = try Self.streamed(directory, workers: workers, hashLimit: 37)
            #expect(!clean.result.hasErrors)
            #expect(clean.result.diagnostics == (try Self.whole(directory)).diagnostics)
            try Self.edit(directory + "/tasks.json") { $0.replacingOccurrences(of: "\"id\":\"g3-t-000002\"", with: "\"id\":\"g1-t-000001\"") }
            try Self.edit(directory + "/health.json") { $0.replacingOccurrences(of: "\"id\":\"g3-hr-000009\"", with: "\"id\":\"g1-hr-000001\"") }
            let whole = try Self.whole(directory)
            let read = try Self.streamed(directory, workers: workers, hashLimit: 37)
            #expect(read.result.diagnostics == whole.diagnostics)
            #expect(read.result.errors.filter { $0.message.hasPrefix("duplicate") }.count == 2)
            // Collisions among hashes written out are settled by the ids too.
            let collided = try Self.streamed(directory, workers: workers, hashMask: 0xFF00_0000_0000_00FF, hashLimit: 37)
            #expect(collided.result.diagnostics == whole.diagnostics)
        }

        @Test func otherFormsAreLeftToTheWholeReading() throws {
            let directory = try Self.generated(circles: 1)
            defer { try? FileManager.default.removeItem(atPath: directory) }
            #expect(try ExportLoader().streamedRead(directory + "/export.json", keeps: { _ in true }) == nil)
            // An API envelope can report an error after its records: read whole.
            try Self.edit(directory + "/updates.json") { "{\"data\": \($0)}" }
            #expect(try ExportLoader().streamedRead(directory, keeps: { _ in true }) == nil)
        }
    }
}
