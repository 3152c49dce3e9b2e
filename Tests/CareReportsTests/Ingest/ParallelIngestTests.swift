import CareReports
import Foundation
import Testing

/// Reading a collection file on several threads gives exactly the serial reader's records and
/// diagnostics, in the same order, for valid and for broken input.
extension IngestTests {
    @Suite("Parallel ingest") struct ParallelIngestTests {
        static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()

        /// Loads with `workers` threads, cutting runs as small as `runBytes` (many cuts, many guesses).
        func load(_ path: String, workers: Int, runBytes: Int = 4 << 10) throws -> IngestResult {
            var loader = ExportLoader()
            loader.workers = workers
            loader.parallelMinimumBytes = 0
            loader.minimumRunBytes = runBytes
            return try loader.load(path)
        }

        /// A copy of the sample export in a fresh folder, removed when `body` returns.
        func withSampleCopy(_ name: String, _ body: (URL) throws -> Void) throws {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("parallel-\(name)-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            let sample = Self.root.appendingPathComponent("sample-data")
            for file in ["export.json", "users.json", "circles.json", "tasks.json", "updates.json", "health.json"] {
                try FileManager.default.copyItem(at: sample.appendingPathComponent(file), to: folder.appendingPathComponent(file))
            }
            try body(folder)
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
            try withSampleCopy(name) { folder in
                var health = try String(contentsOf: folder.appendingPathComponent("health.json"), encoding: .utf8)
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
        }

        @Test func filesTheWorkersCannotReadAreReadSeriallyInTheirPlace() throws {
            // Tasks in an API envelope (not a bare array), updates with a syntax error, health
            // records with a rejected record: read together, then in file order, the result is
            // the serial one, whether the runs are small or whole files.
            try withSampleCopy("mixed") { folder in
                let tasks = try String(contentsOf: folder.appendingPathComponent("tasks.json"), encoding: .utf8)
                try "{\"data\": \(tasks)}".write(to: folder.appendingPathComponent("tasks.json"), atomically: true, encoding: .utf8)
                let updates = try String(contentsOf: folder.appendingPathComponent("updates.json"), encoding: .utf8)
                    .replacingOccurrences(of: "\"authorRole\":", with: "\"authorRole\": ,")
                try updates.write(to: folder.appendingPathComponent("updates.json"), atomically: true, encoding: .utf8)
                var health = try String(contentsOf: folder.appendingPathComponent("health.json"), encoding: .utf8)
                health = health.replacingOccurrences(of: "\"privacyLevel\": \"private\"", with: "\"privacyLevel\": \"secret\"")
                try health.write(to: folder.appendingPathComponent("health.json"), atomically: true, encoding: .utf8)
                let serial = try load(folder.path, workers: 1)
                #expect(serial.diagnostics.contains { $0.file.hasSuffix("updates.json") && $0.line != nil })
                #expect(serial.diagnostics.contains { $0.file.hasSuffix("health.json") && $0.severity == .error })
                #expect(!serial.export.tasks.isEmpty)
                for runBytes in [1 << 10, 64 << 10, 1 << 30] {
                    let parallel = try load(folder.path, workers: 2, runBytes: runBytes)
                    #expect(fingerprint(serial) == fingerprint(parallel))
                    #expect(serial.export.tasks == parallel.export.tasks)
                }
            }
        }

        /// The guessed starts of each run, as the text of the line from there on.
        func runStarts(_ text: String, shares: Int) -> [String]? {
            var bytes = Array(text.utf8)
            return bytes.withUnsafeMutableBufferPointer { buffer in
                JSONParser.runStarts(of: UnsafeBufferPointer(buffer), shares: shares).map { starts in
                    starts.map { String(decoding: buffer[$0...].prefix { $0 != 0x0A }, as: UTF8.self) }
                }
            }
        }

        @Test func runsStartAtLinesWithTheFirstElementsIndentation() {
            // Nested lines that open with '{' after a comma, but deeper: never taken.
            let element = "  {\n    \"a\": [0,\n    {\"b\": 1}]\n  }"
            let pretty = "[\n" + Array(repeating: element, count: 6).joined(separator: ",\n") + "\n]\n"
            #expect(runStarts(pretty, shares: 3) == ["{", "{", "{"])
            #expect(runStarts(pretty, shares: 6)?.allSatisfy { $0 == "{" } == true)
            let lines = "[{\"a\": 1},\n{\"a\": 2},\n{\"a\": 3},\n{\"a\": 4}]"
            #expect(runStarts(lines, shares: 2) == [#"{"a": 1},"#, #"{"a": 3},"#])
            #expect(runStarts(#"[{"a": 1}, {"a": 2}]"#, shares: 2) == [#"{"a": 1}, {"a": 2}]"#])
            #expect(runStarts(lines, shares: 1) == [#"{"a": 1},"#])
            #expect(runStarts("{\"data\": [\n1,\n2]}", shares: 2) == nil)
            #expect(runStarts("[]", shares: 2) == nil)
        }

        @Test func aWrongGuessIsCaughtByTheRunBeforeIt() throws {
            // The third line looks like an element start (a line at the elements' indentation,
            // opening with '{' after a line ending in a comma) but is inside the first element.
            let text = "[\n{\"a\": [1,\n{\"b\": 2}]},\n{\"c\": 3}\n]"
            var bytes = Array(text.utf8)
            try bytes.withUnsafeMutableBufferPointer { buffer in
                let input = UnsafeBufferPointer(buffer)
                let misleading = Array(text.utf8).firstIndex(of: UInt8(ascii: "b"))! - 2
                #expect(throws: JSONSyntaxError.self) {
                    try JSONParser.parseElements(input, from: 2, to: misleading, tape: JSONTape()) { _, _ in }
                }
                let last = Array(text.utf8).lastIndex(of: UInt8(ascii: "{"))!
                var seen = 0
                let count = try JSONParser.parseElements(input, from: 2, to: last, tape: JSONTape()) { index, node in
                    #expect(index == seen)
                    #expect(node.kind == .object)
                    seen += 1
                }
                #expect(count == 1)
                var third: Double?
                let rest = try JSONParser.parseElements(input, from: last, to: nil, tape: JSONTape()) { _, node in third = node["c"]?.number }
                #expect(rest == 1)
                #expect(third == 3)
            }
        }

        @Test func misleadingLinesGiveTheSerialResult() throws {
            // Health records whose notes hold nested lists laid out so that inner lines look like
            // record starts: wherever the cuts land, the result is the serial one.
            try withSampleCopy("misleading") { folder in
                let health = try String(contentsOf: folder.appendingPathComponent("health.json"), encoding: .utf8)
                // After every "id", a key the decoder ignores whose list's second element stands at
                // the records' indentation after a line ending in a comma.
                let misleading = health.replacingOccurrences(
                    of: #"("id": "[^"]*",)"#, with: "$1\n    \"z\": [0,\n  {\"x\": 1}],", options: .regularExpression)
                #expect(misleading != health)
                // Unknown keys are ignored, so the records are the same; the cuts may not be.
                try misleading.write(to: folder.appendingPathComponent("health.json"), atomically: true, encoding: .utf8)
                let serial = try load(folder.path, workers: 1)
                for workers in [2, 3, 5, 8] {
                    let parallel = try load(folder.path, workers: workers)
                    #expect(fingerprint(serial) == fingerprint(parallel))
                    #expect(serial.export.healthRecords == parallel.export.healthRecords)
                }
            }
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
