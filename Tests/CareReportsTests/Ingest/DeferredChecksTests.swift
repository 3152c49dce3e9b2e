import Foundation
import Testing

@testable import CareReports

extension IngestTests {
    /// An export read for output can be checked as its circles are read (`DeferredChecks`): the
    /// first reading only indexes each record by its id and circle. A clean export then gives the
    /// same result and the same circles as a reading that checks first; an export with anything to
    /// say about a record is either read again with every check at once (the problem is seen in the
    /// first reading: a repeated id, an unknown circle, an unusable id) or fails the reading of that
    /// record's circle, or `checkUnread()`, with `needsFullChecks`: never a circle that passes.
    @Suite("Deferred checks")
    struct DeferredChecksTests {
        typealias Streamed = StreamedChecksTests

        static func reader(_ path: String, workers: Int = 1, chosen: Set<String>? = nil) throws -> CircleReader {
            try Streamed.loader(workers: workers).circleReader(path, choosing: { _ in { chosen?.contains($0) ?? true } }, deferChecks: true)
        }

        /// Reads every circle of `circles`, then checks the rest; the first `needsFullChecks`, or nil.
        static func firstProblem(_ reader: CircleReader, reading circles: [String]) throws -> IngestError? {
            do throws(IngestError) {
                for circle in circles { _ = try reader.export(ofCircle: circle) }
                try reader.checkUnread()
                return nil
            } catch .needsFullChecks(let path) {
                return .needsFullChecks(path: path)
            }
        }

        /// Whether `body` throws `needsFullChecks`.
        static func needsFullChecks(_ body: () throws(IngestError) -> Void) -> Bool {
            do throws(IngestError) {
                try body()
                return false
            } catch {
                if case .needsFullChecks = error { return true }
                return false
            }
        }

        @Test(arguments: [1, 2])
        func aCleanExportIsIndexedOnlyAndGivesTheSameCircles(workers: Int) throws {
            let directory = try Streamed.generated(circles: 3)
            defer { try? FileManager.default.removeItem(atPath: directory) }
            let whole = try Streamed.whole(directory)
            let reader = try Self.reader(directory, workers: workers)
            #expect(reader.checksDeferred)
            #expect(reader.result.diagnostics.isEmpty && whole.diagnostics.isEmpty)
            #expect(reader.result.summary == whole.summary)
            #expect(reader.result.counts.map(\.count) == whole.counts.map(\.count))
            for circle in ["g1", "g2", "g3"] {
                let one = try reader.export(ofCircle: circle)
                #expect(one.tasks == whole.export.tasks.filter { $0.careCircleId == circle })
                #expect(one.healthRecords == whole.export.healthRecords.filter { $0.careCircleId == circle })
                #expect(one.updates == whole.export.updates.filter { $0.careCircleId == circle })
            }
            try reader.checkUnread()
        }

        /// A problem the first reading sees: the export is read again with every check, and its
        /// diagnostics are the whole reading's.
        @Test(arguments: [
            ("an unknown circle", "health.json", #"("id":"g2-hr-000007"[^\n]*"careCircleId":)"g2""#, "$1\"g8\""),
            ("a repeated id", "tasks.json", #""id":"g3-t-000002""#, #""id":"g1-t-000001""#),
            ("an unusable id", "updates.json", #""id":"g2-up-000001""#, #""id":"../g2""#),
            ("a record without its id", "health.json", #""id":"g1-hr-000004","#, ""),
            ("a record that is no object", "tasks.json", #"\{"id":"g2-t-000003"[^\n]*\}(,?)$"#, "17$1"),
        ])
        func aProblemSeenFirstIsReadAgainWithEveryCheck(_ problem: String, file: String, pattern: String, replacement: String) throws {
            let (directory, whole) = try Self.withProblem(problem, in: file, pattern, replacement)
            defer { try? FileManager.default.removeItem(atPath: directory) }
            let reader = try Self.reader(directory)
            #expect(!reader.checksDeferred, "\(problem)")
            #expect(reader.result.diagnostics == whole.diagnostics, "\(problem)")
        }

        /// A problem inside a record: the first reading cannot see it, and the circle that holds it
        /// fails to read, whichever circles are read before it.
        @Test(arguments: [
            ("a date that is no date", "health.json", #"("id":"g2-hr-000005"[^\n]*?"date":)"[^"]*""#, #"$1"not-a-date""#),
            ("an unknown reader of a record", "health.json", #""visibleTo":\["g2-u2""#, #""visibleTo":["g2-nobody""#),
            ("another circle's care recipient", "health.json", #"("id":"g2-hr-000006"[^\n]*"careRecipientId":)"g2-u1""#, #"$1"g1-u1""#),
            ("an unknown creator of a task", "tasks.json", #""createdBy":\{"userId":"g2-u4""#, #""createdBy":{"userId":"g2-nobody""#),
            ("an unknown author of an update", "updates.json", #""authorId":"g2-u5""#, #""authorId":"g2-ghost""#),
            ("a title that is no text", "tasks.json", #"("id":"g2-t-000004"[^\n]*"title":)"[^"]*""#, "$117"),
        ])
        func aProblemInARecordFailsItsCircle(_ problem: String, file: String, pattern: String, replacement: String) throws {
            let (directory, whole) = try Self.withProblem(problem, in: file, pattern, replacement)
            defer { try? FileManager.default.removeItem(atPath: directory) }
            #expect(whole.diagnostics.allSatisfy { $0.description.contains("[") }, "\(problem): a record's problem")
            let reader = try Self.reader(directory)
            #expect(reader.checksDeferred, "\(problem): the first reading indexes only")
            #expect(reader.result.diagnostics.isEmpty)
            // The other circles read as ever; g2, the one with the problem, does not.
            _ = try reader.export(ofCircle: "g1")
            _ = try reader.export(ofCircle: "g3")
            #expect(Self.needsFullChecks { () throws(IngestError) in _ = try reader.export(ofCircle: "g2") }, "\(problem)")
            #expect(Self.needsFullChecks { () throws(IngestError) in try reader.checkUnread() }, "\(problem)")
        }

        /// The circles no reader reads (another shard's, or with nobody active) are checked too.
        @Test(arguments: [1, 2])
        func aProblemInACircleNobodyReadsIsFoundByCheckingTheRest(workers: Int) throws {
            let directory = try Streamed.generated(circles: 3)
            defer { try? FileManager.default.removeItem(atPath: directory) }
            try Self.replace(in: directory + "/health.json", #""visibleTo":\["g3-u2""#, with: #""visibleTo":["g3-nobody""#)
            let reader = try Self.reader(directory, workers: workers, chosen: ["g1", "g2"])
            #expect(reader.checksDeferred)
            #expect(try Self.firstProblem(reader, reading: ["g1", "g2"]) != nil)
            // Without the problem, reading the chosen circles and checking the rest passes.
            let clean = try Streamed.generated(circles: 3)
            defer { try? FileManager.default.removeItem(atPath: clean) }
            #expect(try Self.firstProblem(Self.reader(clean, workers: workers, chosen: ["g1", "g2"]), reading: ["g1", "g2"]) == nil)
        }

        /// A generated export of three circles with `problem` made in `file`, and what checking it
        /// whole says (something, or the edit made no problem).
        static func withProblem(_ problem: String, in file: String, _ pattern: String, _ replacement: String) throws -> (String, IngestResult) {
            let directory = try Streamed.generated(circles: 3)
            try replace(in: directory + "/" + file, pattern, with: replacement)
            let whole = try Streamed.whole(directory)
            #expect(!whole.diagnostics.isEmpty, "\(problem): the edit made a problem")
            return (directory, whole)
        }

        /// Replaces every match of `pattern` (a regular expression, lines anchored) in the file.
        static func replace(in path: String, _ pattern: String, with replacement: String) throws {
            let text = try String(contentsOfFile: path, encoding: .utf8)
            let expression = try NSRegularExpression(pattern: pattern, options: [.anchorsMatchLines])
            let range = NSRange(text.startIndex..., in: text)
            #expect(expression.numberOfMatches(in: text, range: range) > 0, "\(pattern) matches in \(path)")
            try expression.stringByReplacingMatches(in: text, range: range, withTemplate: replacement)
                .write(toFile: path, atomically: true, encoding: .utf8)
        }
    }
}
