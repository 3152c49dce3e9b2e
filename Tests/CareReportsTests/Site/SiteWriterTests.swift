import CareReports
import Foundation
import Testing

/// The writer replaces a site whole, refuses folders it did not write, and never leaves a half site.
/// Each test gets a fresh instance; the folders it made are removed when it is done.
@Suite final class SiteWriterTests {
    private var folders: [URL] = []

    deinit {
        for folder in folders { try? FileManager.default.removeItem(at: folder) }
    }

    func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("carereport-writer-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        folders.append(url)
        return url
    }

    func plan(_ files: [String: String]) -> SitePlan {
        var plan = SitePlan()
        for (path, text) in files { plan.add(path, text) }
        return plan
    }

    @Test func writesEveryFileAndTheMarker() throws {
        let root = try temporaryFolder()
        let out = root.appendingPathComponent("site").path
        try SiteWriter().write(plan(["index.html": "home", "weeks/2025-W01.html": "week"]), to: out)
        #expect(try String(contentsOfFile: out + "/index.html", encoding: .utf8) == "home")
        #expect(try String(contentsOfFile: out + "/weeks/2025-W01.html", encoding: .utf8) == "week")
        #expect(FileManager.default.fileExists(atPath: out + "/" + SiteWriter.marker))
    }

    @Test func aNewBuildLeavesNoOldFileBehind() throws {
        let root = try temporaryFolder()
        let out = root.appendingPathComponent("site").path
        try SiteWriter().write(plan(["index.html": "one", "secret-week.html": "hidden later"]), to: out)
        try SiteWriter().write(plan(["index.html": "two"]), to: out)
        #expect(!FileManager.default.fileExists(atPath: out + "/secret-week.html"))
        #expect(try String(contentsOfFile: out + "/index.html", encoding: .utf8) == "two")
        let siblings = try FileManager.default.contentsOfDirectory(atPath: root.path)
        #expect(siblings == ["site"], "no staging or old folder is left beside the site")
    }

    @Test func refusesToReplaceAFolderItDidNotWrite() throws {
        let root = try temporaryFolder()
        let out = root.appendingPathComponent("documents")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        try Data("precious".utf8).write(to: out.appendingPathComponent("taxes.txt"))
        #expect(throws: WriteError.notASite(out.path)) { try SiteWriter().write(plan(["index.html": "x"]), to: out.path) }
        #expect(try String(contentsOfFile: out.path + "/taxes.txt", encoding: .utf8) == "precious")
    }

    @Test func aFailedWriteLeavesThePreviousSiteWhole() throws {
        let root = try temporaryFolder()
        let out = root.appendingPathComponent("site").path
        try SiteWriter().write(plan(["index.html": "previous"]), to: out)
        // A path that cannot be written: a file where a folder must go.
        let broken = plan(["index.html": "new", "weeks": "a file", "weeks/2025-W01.html": "cannot be under a file"])
        #expect(throws: WriteError.self) { try SiteWriter().write(broken, to: out) }
        #expect(try String(contentsOfFile: out + "/index.html", encoding: .utf8) == "previous")
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.path) == ["site"])
    }

    /// The queue writes every site handed over, in order, on its own thread; ``finish()`` returns when all are on disk.
    @Test func theQueueWritesEverySiteItIsHanded() throws {
        let root = try temporaryFolder()
        let queue = SiteWriteQueue()
        for index in 0..<5 {
            try queue.add(plan(["index.html": "member \(index)", "weeks/2025-W01.html": "week"]), to: root.path + "/m\(index)")
        }
        try queue.finish()
        for index in 0..<5 {
            #expect(try String(contentsOfFile: root.path + "/m\(index)/index.html", encoding: .utf8) == "member \(index)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.path).sorted() == (0..<5).map { "m\($0)" })
    }

    /// After a write fails nothing more is written, and the failure reaches the caller (by the next
    /// add or by finish), with no staging folder left behind.
    @Test func theQueueStopsAtTheFirstFailedWrite() throws {
        let root = try temporaryFolder()
        let documents = root.appendingPathComponent("documents")
        try FileManager.default.createDirectory(at: documents, withIntermediateDirectories: true)
        try Data("precious".utf8).write(to: documents.appendingPathComponent("taxes.txt"))
        let queue = SiteWriteQueue()
        var failed = false
        do {
            try queue.add(plan(["index.html": "first"]), to: root.path + "/first")
            try queue.add(plan(["index.html": "x"]), to: documents.path)
            for index in 0..<3 { try queue.add(plan(["index.html": "later"]), to: root.path + "/later\(index)") }
            try queue.finish()
        } catch {
            #expect(error == .notASite(documents.path))
            failed = true
            try? queue.finish()
        }
        #expect(failed)
        let left = try FileManager.default.contentsOfDirectory(atPath: root.path).sorted()
        #expect(left.first == "documents" && left.contains("first") && !left.contains("later2"), "\(left)")
        #expect(!left.contains { $0.hasPrefix(".") }, "no staging folder is left: \(left)")
        #expect(try String(contentsOfFile: documents.path + "/taxes.txt", encoding: .utf8) == "precious")
    }

    @Test func aBuildWhoseStagingFolderWasRemovedStopsAndPutsNothingInPlace() throws {
        let root = try temporaryFolder()
        let out = root.appendingPathComponent("site").path
        try SiteWriter().write(plan(["index.html": "old"]), to: out)
        let staged = try StagedSite(output: out)
        try staged.add(plan(["index.html": "new, part one"]))
        // Another process (another container's build, whose cleaner thought it abandoned) removes it.
        let staging = try #require(try FileManager.default.contentsOfDirectory(atPath: root.path).first { $0.hasPrefix(".site.carereport-new-") })
        try FileManager.default.removeItem(atPath: root.path + "/" + staging)
        try staged.add(plan(["week.html": "new, part two"]))
        #expect(throws: WriteError.stagingGone(root.path + "/" + staging)) { try staged.commit() }
        #expect(try String(contentsOfFile: out + "/index.html", encoding: .utf8) == "old")
        #expect(!FileManager.default.fileExists(atPath: out + "/week.html"))
    }

    @Test func theTextOfCSSStringsAndMailHeadersHoldsNoControlOrBidiCharacter() {
        let hostile = "Ana\u{202E}gnp.exe\u{2066}x\u{2069}\u{7}\u{1B}[2J\u{85}\u{FFFF}"
        let css = CSSString.escape(hostile)
        #expect(css == "Ana" + "gnp.exe" + "x" + "\\5B 2J")
        for scalar in ["\u{202E}", "\u{2066}", "\u{2069}", "\u{7}", "\u{1B}", "\u{85}", "\u{FFFF}"] as [Unicode.Scalar] {
            #expect(!css.unicodeScalars.contains(scalar))
        }
    }
}
