import Foundation
import Testing

@testable import CareReports

extension IngestTests {
    /// `ExportLoader.circles` keeps one circle's records but checks every record, so a build for
    /// one circle sees the same records of that circle and the same diagnostics as a full load.
    @Suite("Circle filter")
    struct CircleFilterTests {
        static func generated(circles: Int) throws -> String {
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("circle-filter-\(UUID().uuidString)").path
            _ = try ExportGenerator(circles: circles, weeks: 6, seed: 9).write(to: directory)
            return directory
        }

        static func load(_ path: String, circles: Set<String>?, workers: Int = 1) throws -> IngestResult {
            var loader = ExportLoader()
            loader.circles = circles
            loader.workers = workers
            loader.parallelMinimumBytes = 0
            return try loader.load(path)
        }

        @Test(arguments: [1, 2])
        func keepsExactlyTheChosenCirclesRecords(workers: Int) throws {
            let directory = try Self.generated(circles: 3)
            defer { try? FileManager.default.removeItem(atPath: directory) }
            let whole = try Self.load(directory, circles: nil)
            let one = try Self.load(directory, circles: ["g2"], workers: workers)
            #expect(one.diagnostics.map(\.description) == whole.diagnostics.map(\.description))
            // What was read is the whole export, whichever circles were kept.
            #expect(one.summary == whole.summary)
            #expect(one.export.healthRecords == whole.export.healthRecords.filter { $0.careCircleId == "g2" })
            #expect(one.export.tasks == whole.export.tasks.filter { $0.careCircleId == "g2" })
            #expect(one.export.updates == whole.export.updates.filter { $0.careCircleId == "g2" })
            #expect(one.export.users == whole.export.users)
            #expect(one.export.circles == whole.export.circles)
            #expect(!one.export.healthRecords.isEmpty)
        }

        @Test func recordsOfOtherCirclesAreStillChecked() throws {
            let directory = try Self.generated(circles: 2)
            defer { try? FileManager.default.removeItem(atPath: directory) }
            // In circle g2 (not kept): a duplicate id, an unknown circle and an unknown user.
            let path = directory + "/health.json"
            var health = try String(contentsOfFile: path, encoding: .utf8)
            health = health.replacingOccurrences(of: "\"id\":\"g2-hr-000002\"", with: "\"id\":\"g2-hr-000001\"")
            health = health.replacingOccurrences(of: "\"careCircleId\":\"g2\",\"createdBy\":{\"userId\":\"g2-u3\"", with: "\"careCircleId\":\"g9\",\"createdBy\":{\"userId\":\"g2-u3\"")
            health = health.replacingOccurrences(of: "\"visibleTo\":[\"g2-u2\"", with: "\"visibleTo\":[\"g2-nobody\"")
            try health.write(toFile: path, atomically: true, encoding: .utf8)
            let whole = try Self.load(directory, circles: nil)
            let one = try Self.load(directory, circles: ["g1"])
            #expect(whole.hasErrors)
            #expect(one.hasErrors)
            #expect(one.diagnostics.map(\.description) == whole.diagnostics.map(\.description))
            let messages = whole.diagnostics.map(\.message)
            #expect(messages.contains { $0.hasPrefix("duplicate health record id") })
            #expect(messages.contains { $0.hasPrefix("unknown circle") })
            #expect(messages.contains { $0.hasPrefix("unknown user") })
            #expect(one.export.healthRecords == whole.export.healthRecords.filter { $0.careCircleId == "g1" })
        }

        @Test(arguments: [1, 2])
        func tasksAndUpdatesOfOtherCirclesAreStillChecked(workers: Int) throws {
            let directory = try Self.generated(circles: 2)
            defer { try? FileManager.default.removeItem(atPath: directory) }
            // In circle g2 (not kept): a task with an unknown creator and a duplicate id, a task in
            // an unknown circle, an update by an unknown author and one in an unknown circle.
            let tasksPath = directory + "/tasks.json"
            var tasks = try String(contentsOfFile: tasksPath, encoding: .utf8)
            tasks = tasks.replacingOccurrences(of: "\"createdBy\":{\"userId\":\"g2-u4\"", with: "\"createdBy\":{\"userId\":\"g2-nobody\"")
            tasks = tasks.replacingOccurrences(of: "\"id\":\"g2-t-000003\"", with: "\"id\":\"g2-t-000002\"")
            // Records stand one per line: the circle of one task and of one update.
            tasks = tasks.replacingOccurrences(
                of: #"("id":"g2-t-000005"[^\n]*"careCircleId":)"g2""#, with: "$1\"g7\"", options: .regularExpression)
            try tasks.write(toFile: tasksPath, atomically: true, encoding: .utf8)
            let updatesPath = directory + "/updates.json"
            var updates = try String(contentsOfFile: updatesPath, encoding: .utf8)
            updates = updates.replacingOccurrences(of: "\"authorId\":\"g2-u5\"", with: "\"authorId\":\"g2-ghost\"")
            updates = updates.replacingOccurrences(
                of: #"("id":"g2-up-000004"[^\n]*"careCircleId":)"g2""#, with: "$1\"g8\"", options: .regularExpression)
            try updates.write(toFile: updatesPath, atomically: true, encoding: .utf8)
            let whole = try Self.load(directory, circles: nil)
            let one = try Self.load(directory, circles: ["g1"], workers: workers)
            #expect(one.diagnostics.map(\.description) == whole.diagnostics.map(\.description))
            let text = whole.diagnostics.map(\.description).joined(separator: "\n")
            for expected in [
                "duplicate task id", "unknown circle; the task is rejected", "createdBy.userId: unknown user",
                "authorId: unknown user", "unknown circle; the update is shown to nobody",
            ] {
                #expect(text.contains(expected), "\(expected)")
            }
            #expect(one.export.tasks == whole.export.tasks.filter { $0.careCircleId == "g1" })
            #expect(one.export.updates == whole.export.updates.filter { $0.careCircleId == "g1" })
        }

        @Test func aFileWhoseEnvelopeReportsAnErrorIsDroppedWhole() throws {
            // The envelope's error comes after its records: the records of both circles read
            // from it are dropped again, kept or not, and the other files' stay.
            let directory = try Self.generated(circles: 2)
            defer { try? FileManager.default.removeItem(atPath: directory) }
            let path = directory + "/updates.json"
            let updates = try String(contentsOfFile: path, encoding: .utf8)
            try "{\"data\": \(updates), \"errors\": [{\"code\": \"E1\", \"message\": \"partial export\"}]}"
                .write(toFile: path, atomically: true, encoding: .utf8)
            let whole = try Self.load(directory, circles: nil)
            let one = try Self.load(directory, circles: ["g2"])
            #expect(whole.hasErrors)
            #expect(one.diagnostics.map(\.description) == whole.diagnostics.map(\.description))
            #expect(whole.export.updates.isEmpty)
            #expect(one.export.updates.isEmpty)
            #expect(one.export.healthRecords == whole.export.healthRecords.filter { $0.careCircleId == "g2" })
        }
    }
}

extension IngestTests {
    /// A `CircleReader` reads the export once and gives each circle the model a load of that
    /// circle alone gives.
    @Suite("Circle reader")
    struct CircleReaderTests {
        static let sample = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("sample-data").path

        func expectEachCircleAsLoadedAlone(_ path: String, workers: Int, timeZone: TimeZone? = nil) throws {
            var loader = ExportLoader(timeZoneOverride: timeZone)
            loader.workers = workers
            loader.parallelMinimumBytes = 0
            let reader = try loader.circleReader(path)
            let whole = try loader.load(path)
            #expect(reader.result.diagnostics.map(\.description) == whole.diagnostics.map(\.description))
            #expect(reader.result.summary == whole.summary)
            #expect(reader.result.export.tasks.isEmpty && reader.result.export.updates.isEmpty)
            #expect(!whole.export.circles.isEmpty)
            for circle in whole.export.circles {
                var alone = loader
                alone.circles = [circle.id]
                let expected = try alone.load(path).export
                let read = try reader.export(ofCircle: circle.id)
                #expect(read.tasks == expected.tasks, "circle \(circle.id)")
                #expect(read.healthRecords == expected.healthRecords, "circle \(circle.id)")
                #expect(read.updates == expected.updates, "circle \(circle.id)")
                #expect(read.users == expected.users && read.circles == expected.circles)
                #expect(read.timeZone == expected.timeZone && read.exportedAt == expected.exportedAt)
                #expect(!read.healthRecords.isEmpty)
            }
            #expect(try reader.export(ofCircle: "no-such-circle").healthRecords == reader.result.export.healthRecords)
        }

        @Test(arguments: [1, 2])
        func sampleData(workers: Int) throws {
            try expectEachCircleAsLoadedAlone(Self.sample, workers: workers)
        }

        @Test(arguments: [1, 3])
        func generatedExport(workers: Int) throws {
            let directory = try CircleFilterTests.generated(circles: 3)
            defer { try? FileManager.default.removeItem(atPath: directory) }
            try expectEachCircleAsLoadedAlone(directory, workers: workers)
        }

        @Test func recordsInExportJSONAndImportedDocuments() throws {
            // Some health records in export.json before health.json's; a FHIR bundle about Margaret
            // whose record id is taken by a native record: it is renamed the same way in the
            // whole load, in a load of her circle alone and in the circle reader, and belongs to
            // her circle's model only.
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("circle-reader-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            let sample = URL(fileURLWithPath: Self.sample)
            for file in ["users.json", "circles.json", "tasks.json", "updates.json"] {
                try FileManager.default.copyItem(at: sample.appendingPathComponent(file), to: folder.appendingPathComponent(file))
            }
            let health = try String(contentsOf: sample.appendingPathComponent("health.json"), encoding: .utf8)
                .replacingOccurrences(of: "\"id\": \"hr-cond-diabetes\"", with: "\"id\": \"fhir:labs:x1\"")
            var records = try JSONSerialization.jsonObject(with: Data(health.utf8)) as! [Any]
            let moved = Array(records.prefix(3))
            records.removeFirst(3)
            let export: [String: Any] = ["format": "caresupport-export", "version": 1, "timezone": "America/Los_Angeles", "healthRecords": moved]
            try JSONSerialization.data(withJSONObject: export).write(to: folder.appendingPathComponent("export.json"))
            try JSONSerialization.data(withJSONObject: records).write(to: folder.appendingPathComponent("health.json"))
            let bundle = #"""
                {"resourceType": "Bundle", "type": "collection", "entry": [
                  {"resource": {"resourceType": "Patient", "id": "p", "name": [{"family": "Ashworth", "given": ["Margaret"]}], "birthDate": "1941-03-09"}},
                  {"resource": {"resourceType": "Condition", "id": "x1", "code": {"text": "Imported condition"}, "onsetDateTime": "2020"}}]}
                """#
            try bundle.write(to: folder.appendingPathComponent("labs.json"), atomically: true, encoding: .utf8)
            let whole = try ExportLoader().load(folder.path)
            #expect(!whole.hasErrors, "\(whole.diagnostics)")
            #expect(whole.importedRecords == 1)
            let importedIds = whole.export.healthRecords.filter { $0.importedFrom != nil }.map(\.id)
            #expect(importedIds == ["fhir:labs:x1-2"])
            try expectEachCircleAsLoadedAlone(folder.path, workers: 2, timeZone: TimeZone(identifier: "Europe/London"))
            let reader = try ExportLoader().circleReader(folder.path)
            #expect(try reader.export(ofCircle: "circle-margaret").healthRecords.filter { $0.importedFrom != nil }.map(\.id) == importedIds)
            #expect(try reader.export(ofCircle: "circle-walter").healthRecords.allSatisfy { $0.importedFrom == nil })
            #expect(try reader.export(ofCircle: "circle-margaret").healthRecords.prefix(3).map(\.id) == whole.export.healthRecords.prefix(3).map(\.id))
        }

        @Test func aFileReplacedAfterTheFirstReadingIsRefused() throws {
            let directory = try CircleFilterTests.generated(circles: 2)
            defer { try? FileManager.default.removeItem(atPath: directory) }
            let reader = try ExportLoader().circleReader(directory)
            _ = try reader.export(ofCircle: "g1")
            // A new file in its place (the reader still maps the old one).
            let path = directory + "/health.json"
            let text = try String(contentsOfFile: path, encoding: .utf8)
            try FileManager.default.removeItem(atPath: path)
            try text.write(toFile: path, atomically: false, encoding: .utf8)
            #expect(throws: IngestError.self) { try reader.export(ofCircle: "g1") }
        }

        @Test func aSingleFileExport() throws {
            try expectEachCircleAsLoadedAlone(IngestFixtures.path("valid/minimal/export.json"), workers: 2)
        }
    }
}
