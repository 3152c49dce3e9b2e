import Foundation
import Testing

@testable import CareReports

extension IngestTests {
    /// The loader maps each file and hands back the pages it has read: what it decodes must not
    /// depend on that, and a page handed back must still read the same.
    @Suite("Mapped files")
    struct MappedFileTests {
        static func temporaryFile(_ bytes: [UInt8]) throws -> String {
            let path = FileManager.default.temporaryDirectory.appendingPathComponent("mapped-\(UUID().uuidString)").path
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            return path
        }

        @Test func pagesHandedBackReadTheSameAgain() throws {
            let bytes = (0..<(3 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 12) }
            let path = try Self.temporaryFile(bytes)
            defer { try? FileManager.default.removeItem(atPath: path) }
            let file = try #require(MappedFile(path: path))
            #expect(file.bytes.count == bytes.count)
            #expect(Array(file.bytes) == bytes)
            file.release(0..<file.bytes.count)
            file.release(12_345..<2_000_000)
            #expect(Array(file.bytes) == bytes)
        }

        @Test func emptyMissingAndDirectoryPaths() throws {
            let empty = try Self.temporaryFile([])
            defer { try? FileManager.default.removeItem(atPath: empty) }
            #expect(MappedFile(path: empty)?.bytes.count == 0)
            #expect(MappedFile(path: empty + "-missing") == nil)
            #expect(MappedFile(path: FileManager.default.temporaryDirectory.path) == nil)
        }

        @Test func anExportLargerThanTheReleaseStepLoadsTheSameOnOneAndTwoThreads() throws {
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("mapped-export-\(UUID().uuidString)").path
            defer { try? FileManager.default.removeItem(atPath: directory) }
            _ = try ExportGenerator(circles: 10, weeks: 52, seed: 3).write(to: directory)
            let health = try FileManager.default.attributesOfItem(atPath: directory + "/health.json")[.size] as? Int ?? 0
            #expect(health > 2 * PageReleaser.step, "the file must span several release steps")
            var serial = ExportLoader()
            serial.workers = 1
            var parallel = ExportLoader()
            parallel.workers = 2
            parallel.parallelMinimumBytes = 0
            let one = try serial.load(directory)
            let two = try parallel.load(directory)
            #expect(one.diagnostics.isEmpty)
            #expect(two.diagnostics.isEmpty)
            #expect(one.export.healthRecords == two.export.healthRecords)
            #expect(one.export.tasks == two.export.tasks)
            #expect(one.export.updates == two.export.updates)
            #expect(one.export.healthRecords.count > 10_000)
        }
    }
}
