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
}
