import Foundation
import Glibc

/// A site written in parts into its staging folder, then swapped in whole (as ``SiteWriter`` does
/// for a site made at once): a reader's site of many circles is written circle by circle, so only
/// one circle's pages are ever held in memory. Until `commit()`, the old site stays as it was; a
/// failure or an interrupt removes the staging folder, so nothing half-written is left.
public final class StagedSite {
    private let writer = SiteWriter()
    private let staging: URL
    private let target: URL
    private var open = true

    /// Makes the staging folder beside `output` (refusing, as `SiteWriter` does, a folder that is
    /// not carereport's or a link).
    public init(output: String) throws(WriteError) {
        let target = URL(fileURLWithPath: output).standardizedFileURL
        let parent = target.deletingLastPathComponent()
        try writer.checkReplaceable(target)
        do {
            try FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)
        } catch {
            throw .cannotCreate(parent.path, "the parent folder cannot be made")
        }
        InterruptGuard.begin()
        do {
            self.staging = try SiteWriter.makeStaging(in: parent, for: target.lastPathComponent)
        } catch {
            InterruptGuard.end()
            throw error
        }
        self.target = target
    }

    deinit { abandon() }

    /// Writes `plan`'s files under the relative folder `prefix` (ending in `/`, or empty), leaving
    /// out the paths `skip` names.
    public func add(_ plan: SitePlan, under prefix: String = "", skipping skip: (String) -> Bool = { _ in false }) throws(WriteError) {
        do {
            try writer.writeFiles(plan, into: staging, prefix: prefix, skipping: skip)
        } catch {
            abandon()
            throw error
        }
    }

    /// Appends `text` to the file at the relative `path` (made if missing): for a file written in
    /// parts, such as the calendar of every circle.
    public func append(_ text: String, to path: String) throws(WriteError) {
        let file = staging.appendingPathComponent(path).path
        let descriptor = Glibc.open(file, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            abandon()
            throw .cannotWrite(file, "no permission or no space")
        }
        defer { close(descriptor) }
        let bytes = Array(text.utf8)
        let written = bytes.withUnsafeBytes { DescriptorWriter.writeAll(descriptor, $0) == nil }
        guard written, !InterruptGuard.isInterrupted else {
            abandon()
            throw .cannotWrite(file, InterruptGuard.isInterrupted ? "interrupted" : "no permission or no space")
        }
    }

    /// Puts the written site in place of the old one, whole.
    public func commit() throws(WriteError) {
        guard open else { throw .cannotWrite(target.path, "interrupted") }
        defer {
            open = false
            InterruptGuard.end()
        }
        defer { StagingLock.release(staging) }
        do throws(WriteError) {
            if InterruptGuard.isInterrupted { throw WriteError.cannotWrite(staging.path, "interrupted") }
            try writer.swapIn(staging, as: target)
        } catch {
            if error == .stagingGone(staging.path) {
                StagingLock.removeRemade(staging)  // never another run's folder
            } else {
                try? FileManager.default.removeItem(at: staging)
            }
            throw error
        }
    }

    /// Removes the staging folder and everything in it (the old site stays).
    public func abandon() {
        guard open else { return }
        open = false
        StagingLock.release(staging)
        try? FileManager.default.removeItem(at: staging)
        InterruptGuard.end()
    }
}
