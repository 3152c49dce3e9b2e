import Foundation
import Testing

@testable import CareReports

extension IngestTests {
    /// The deferred checks' first reading of a file written one record per line (`LineSkim`): it
    /// reads each line only as far as the record's id and circle, and finds what parsing the file
    /// whole finds; a line it cannot follow makes it give up on the file, and a line that only
    /// looks like one record is caught when its circle is read.
    @Suite("Line skim")
    struct LineSkimTests {
        typealias Streamed = StreamedChecksTests

        static func record(_ line: String) -> LineSkim.Record? {
            var line = line
            return line.withUTF8 { bytes in LineSkim.record(bytes.baseAddress!, from: 0, to: bytes.count) }
        }

        @Test func aLineGivesItsTopLevelIdAndCircle() throws {
            let line = #"{"title":"a } ] \" { [","n":-1.5e3,"ok":true,"x":null,"data":{"id":"inner","careCircleId":"no","list":[{"a":"]"},[]]},"id":"hr-1","careCircleId":"c1","rest":"}"}"#
            let found = try #require(Self.record(line))
            #expect(found.id == "hr-1" && found.circle == "c1" && !found.comma)
            #expect(found.offset == 0 && found.end == line.utf8.count)
            let spaced = try #require(Self.record(#"{ "careCircleId" : "c2" , "id" : "t-9" , "more": [1, 2] },"#))
            #expect(spaced.id == "t-9" && spaced.circle == "c2" && spaced.comma)
            #expect(spaced.end == #"{ "careCircleId" : "c2" , "id" : "t-9" , "more": [1, 2] }"#.utf8.count)
        }

        /// Random records, one per line as JSONSerialization writes them: the skim finds the top-level
        /// id and circle wherever they stand, whatever nested values (quotes, backslashes, brackets,
        /// keys named `id` inside) come before them; it gives up only on an id it cannot read plainly.
        @Test func randomRecordsGiveTheirTopLevelIdAndCircle() throws {
            var random = GeneratorRandom(seed: 34)
            let pieces = ["a", "\"", "\\", "{", "}", "[", "]", ",", ":", " ", "é", "id", "careCircleId", "\n"]
            func text() -> String { (0..<Int.random(in: 0...6, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined() }
            func value(_ depth: Int) -> Any {
                switch Int.random(in: 0..<(depth > 2 ? 3 : 5), using: &random) {
                case 0: return text()
                case 1: return Int.random(in: -999...999, using: &random)
                case 2: return [true, false][Int.random(in: 0...1, using: &random)]
                case 3: return (0..<Int.random(in: 0...3, using: &random)).map { _ in value(depth + 1) }
                default: return Dictionary(uniqueKeysWithValues: (0..<Int.random(in: 0...3, using: &random)).map { ("\(text())\($0)", value(depth + 1)) })
                }
            }
            var found = 0
            for round in 0..<500 {
                let id = ["r\(round)", "r-\(round)-é", "a\\b\(round)"][round % 3]
                var object: [String: Any] = ["id": id, "careCircleId": "c\(round % 7)"]
                for key in 0..<Int.random(in: 0...5, using: &random) { object["k\(key)\(text())"] = value(0) }
                let data = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
                let line = String(decoding: data, as: UTF8.self)
                guard let record = Self.record(line) else {
                    #expect(id.contains("\\"), "\(line)")
                    continue
                }
                found += 1
                #expect(record.id == id && record.circle == "c\(round % 7)" && record.end == data.count, "\(line)")
            }
            #expect(found > 300)
        }

        @Test(arguments: [
            #"{"id":"a\u0062","careCircleId":"c1"}"#,  // an escaped id
            #"{"i\u0064":"a","careCircleId":"c1"}"#,  // an escaped key
            #"{"id":"a","title":"x"}"#,  // no circle before the record ends
            #"{"id":17,"careCircleId":"c1"}"#,  // an id that is no string
            #"{"id":"a","careCircleId":"c1""#,  // no closing brace
            #"["id","a"]"#,  // not an object
            #"{"title":"open,"id":"a","careCircleId":"c1"}"#,  // a string that does not close where it seems to
        ])
        func aLineTheSkimCannotFollowGivesNothing(_ line: String) {
            #expect(Self.record(line) == nil)
        }

        /// A generated export's files are skimmed; what the skim indexes (runs, id hashes, counts)
        /// is what parsing every record indexes; the sample's files, written over several lines
        /// per record, are parsed.
        @Test(arguments: [1, 2])
        func theSkimIndexesWhatParsingIndexes(workers: Int) throws {
            let directory = try Streamed.generated(circles: 4)
            defer { try? FileManager.default.removeItem(atPath: directory) }
            var loader = Streamed.loader(workers: workers)
            loader.minimumRunBytes = 4096
            for (name, kind) in [("tasks.json", CollectionKind.tasks), ("health.json", .healthRecords), ("updates.json", .updates)] {
                let file = CollectionFile(path: directory + "/" + name, kind: kind, data: try loader.contents(of: directory + "/" + name))
                let settings = try Self.settings(directory, loader: loader)
                let skimmed = try #require(loader.skimmed(file, settings: settings), "\(name) is skimmed")
                let parsed = ExportDecoder(settings)
                var documents: [ImportedDocument] = []
                loader.read(file.data, file: file.path, as: kind, alone: false, into: parsed, documents: &documents)
                let (mine, theirs) = (try #require(skimmed.streamed).collection(kind), try #require(parsed.streamed).collection(kind))
                #expect(mine.count == theirs.count && mine.count > 0)
                // (The skim's parts cut runs where they meet: joined again, they are the same runs.)
                #expect(Self.joined(mine.runs) == Self.joined(theirs.runs))
                #expect(mine.runs.count >= theirs.runs.count && (workers == 1 || mine.runs.count > theirs.runs.count))
                #expect(mine.runs.allSatisfy { $0.end != nil } && theirs.runs.allSatisfy { $0.end == nil })
                #expect(Self.hashes(mine) == Self.hashes(theirs))
            }
            let sample = CircleReaderTests.sample
            let health = CollectionFile(path: sample + "/health.json", kind: .healthRecords, data: try loader.contents(of: sample + "/health.json"))
            #expect(loader.skimmed(health, settings: try Self.settings(sample, loader: loader)) == nil)
        }

        /// Two records on one line look like one to the skim: reading their circle catches it.
        @Test func twoRecordsOnOneLineAreCaughtWhenTheirCircleIsRead() throws {
            let directory = try Streamed.generated(circles: 3)
            defer { try? FileManager.default.removeItem(atPath: directory) }
            try DeferredChecksTests.replace(in: directory + "/tasks.json", #"("id":"g2-t-000001"[^\n]*\},)\n"#, with: "$1")
            let reader = try DeferredChecksTests.reader(directory)
            #expect(reader.checksDeferred)
            _ = try reader.export(ofCircle: "g1")
            #expect(DeferredChecksTests.needsFullChecks { () throws(IngestError) in _ = try reader.export(ofCircle: "g2") })
            // Checking first reads it as the valid JSON it is.
            #expect(try Streamed.whole(directory).diagnostics.isEmpty)
        }

        /// What a deferred first reading's workers are given, the users and circles read as it reads them.
        static func settings(_ directory: String, loader: ExportLoader) throws -> ExportDecoder.Settings {
            let peopleDecoder = ExportDecoder(filter: CircleFilter(circles: []))
            var documents: [ImportedDocument] = []
            for (name, kind) in [("users.json", CollectionKind.users), ("circles.json", .circles)] {
                let path = directory + "/" + name
                loader.read(try loader.contents(of: path), file: path, as: kind, alone: false, into: peopleDecoder, documents: &documents)
            }
            let scans = ReferenceChecker.peopleScans(peopleDecoder)
            let people = ReferenceChecker.people(peopleDecoder, users: scans.users, circles: scans.circles)
            let checks = StreamedChecks.Settings(
                people: people.known, keeps: { _ in true }, seed: 7, hashMask: .max, suspects: [:], deferred: true)
            return ExportDecoder.Settings(filter: CircleFilter(circles: []), recordsOffsets: false, streamed: checks)
        }

        /// Runs as (circle, first offset, first index, count), next ones of a circle joined.
        static func joined(_ runs: [CircleRun]) -> [String] {
            var joined: [CircleRun] = []
            for run in runs {
                if let last = joined.last, last.circle == run.circle, last.index + last.count == run.index {
                    joined[joined.count - 1].count += run.count
                } else {
                    joined.append(run)
                }
            }
            return joined.map { "\($0.circle) \($0.offset) \($0.index) \($0.count)" }
        }

        static func hashes(_ collection: StreamedCollection) -> [UInt64] {
            collection.hashes.withUnsafeBufferPointer { Array($0) }.sorted()
        }
    }
}
