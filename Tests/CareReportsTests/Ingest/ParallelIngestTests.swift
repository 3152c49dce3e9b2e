import CareReports
import Foundation
import Testing

/// Reading a collection file on several threads gives exactly the serial reader's records and
/// diagnostics, in the same order, for valid and for broken input.
extension IngestTests {
    @Suite("Parallel ingest") struct ParallelIngestTests {
        static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()

        func load(_ path: String, workers: Int) throws -> IngestResult {
            var loader = ExportLoader()
            loader.workers = workers
            loader.parallelMinimumBytes = 0
            return try loader.load(path)
        }

        func fingerprint(_ result: IngestResult) -> [String] {
            let export = result.export
            return result.diagnostics.map(\.description)
                + export.healthRecords.map { "\($0.id)|\($0.title)|\($0.data.type)" }
                + export.tasks.map { "\($0.id)|\($0.title)" } + export.updates.map(\.id) + export.users.map(\.id)
                + export.circles.map(\.id)
        }

        @Test func sampleDataIsTheSameOnOneAndOnThreeThreads() throws {
            let path = Self.root.appendingPathComponent("sample-data").path
            let serial = try load(path, workers: 1)
            let parallel = try load(path, workers: 3)
            #expect(serial.export.healthRecords == parallel.export.healthRecords)
            #expect(serial.export.tasks == parallel.export.tasks)
            #expect(fingerprint(serial) == fingerprint(parallel))
        }

        @Test(arguments: ["broken-records", "broken-syntax"])
        func brokenInputGivesTheSameDiagnostics(_ name: String) throws {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("parallel-\(name)-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let sample = Self.root.appendingPathComponent("sample-data")
            for file in ["export.json", "users.json", "circles.json", "tasks.json", "updates.json"] {
                try FileManager.default.copyItem(at: sample.appendingPathComponent(file), to: folder.appendingPathComponent(file))
            }
            var health = try String(contentsOf: sample.appendingPathComponent("health.json"), encoding: .utf8)
            if name == "broken-records" {
                // A privacy level nobody knows, a duplicate id and a missing title, far apart in the file.
                health = health.replacingOccurrences(of: "\"privacyLevel\": \"private\"", with: "\"privacyLevel\": \"secret\"")
                health = health.replacingOccurrences(of: "\"id\": \"hr-bp-2025-01-09-am\"", with: "\"id\": \"hr-bp-2025-01-07-am\"")
                health = health.replacingOccurrences(of: "\"title\": \"Weekly weigh-in, Mon 13 Jan\",", with: "")
            } else {
                health = health.replacingOccurrences(of: "\"severity\": 5,", with: "\"severity\": 5,,")
            }
            try health.write(to: folder.appendingPathComponent("health.json"), atomically: true, encoding: .utf8)
            let serial = try load(folder.path, workers: 1)
            let parallel = try load(folder.path, workers: 2)
            #expect(serial.hasErrors)
            #expect(fingerprint(serial) == fingerprint(parallel))
        }

        @Test func elementRangesFindEveryRecordAndRefuseWhatIsNotAPlainArray() throws {
            func ranges(_ text: String) -> [String]? {
                var bytes = Array(text.utf8)
                return bytes.withUnsafeMutableBufferPointer { buffer in
                    JSONParser.elementRanges(of: UnsafeBufferPointer(buffer)).map { found in
                        found.map { String(decoding: buffer[$0], as: UTF8.self).trimmingCharacters(in: .whitespaces) }
                    }
                }
            }
            #expect(ranges(#"[{"a": "x,]\"y"}, [1, 2], "s"]"#) == [#"{"a": "x,]\"y"}"#, "[1, 2]", #""s""#])
            #expect(ranges("[]") == [])
            #expect(ranges(" [ 1 ] ") == ["1"])
            #expect(ranges("{\"data\": []}") == nil)
            #expect(ranges("[1,,2]") == nil)
            #expect(ranges("[1, 2") == nil)
            #expect(ranges("[1] x") == nil)
        }
    }
}
