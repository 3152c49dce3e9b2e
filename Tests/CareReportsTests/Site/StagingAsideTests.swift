import Foundation
import Glibc
import Testing

@testable import CareReports

/// Issue 32, item 11: the old site standing aside as `.NAME.carereport-old-PID` during a swap
/// without an atomic exchange carries the same token as a staging folder, its marker held under
/// `flock`, so a build in another PID namespace (where this PID means nothing) leaves it alone.
@Suite struct StagingAsideTests {
    @Test func theOldSiteMovedAsideHoldsItsMarkerLockedUntilItIsRemoved() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("carereport-aside-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let out = root.appendingPathComponent("site")
        try SiteWriter().write({ var plan = SitePlan(); plan.add("index.html", "old"); return plan }(), to: out.path)
        let staging = root.appendingPathComponent(StagingCleaner.stagingName(for: "site", pid: getpid()))

        let (aside, held) = try SiteWriter().moveAside(out, beside: staging)
        #expect(aside.lastPathComponent == ".site.carereport-old-\(getpid())")
        #expect(FileManager.default.fileExists(atPath: aside.appendingPathComponent("index.html").path))
        #expect(held != nil)
        // Another process (another open file description: flock locks conflict even within one
        // process) finds it in use, as a build in another PID namespace would.
        var removed = false
        #expect(!StagingLock.whileUnused(aside.path) { removed = true })
        #expect(!removed)

        if let held { close(held) }
        #expect(StagingLock.whileUnused(aside.path) { removed = true })
        #expect(removed, "once nobody holds it, it is abandoned")
    }

    @Test func aFolderWithoutAMarkerIsMovedAsideWithoutALock() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("carereport-aside-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let out = root.appendingPathComponent("site")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        let staging = root.appendingPathComponent(StagingCleaner.stagingName(for: "site", pid: getpid()))
        let (aside, held) = try SiteWriter().moveAside(out, beside: staging)
        #expect(held == nil)
        #expect(FileManager.default.fileExists(atPath: aside.path))
    }
}
