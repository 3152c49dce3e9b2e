import CFileSwap
import Glibc
import Foundation

/// Writes a site plan into a sibling temporary folder, then swaps it in whole, so a killed build
/// leaves the previous site untouched and no file of an earlier build survives.
///
/// The staging folder is `.NAME.carereport-new-PID` beside the output folder `NAME` (and, where the
/// system has no atomic exchange, the old site briefly stands at `.NAME.carereport-old-PID`). Its
/// marker is written first; a build killed outright leaves it behind with the viewer's pages, so
/// every build first removes the staging folders of earlier builds into the same parent that no
/// process holds (``StagingCleaner``, ``StagingLock``: the marker is held under `flock` while the
/// folder is written, a token any PID namespace can check). A run whose staging folder was removed
/// under it stops with an error and puts nothing in place.
public struct SiteWriter: Sendable {
    /// The file that marks a folder as carereport's, so a build never replaces someone's other files.
    public static let marker = ".carereport-site"
    /// What the marker file holds.
    static let markerText = "written by carereport\n"

    public init() {}

    public func write(_ plan: SitePlan, to output: String) throws(WriteError) {
        let fileManager = FileManager.default
        let target = URL(fileURLWithPath: output).standardizedFileURL
        let parent = target.deletingLastPathComponent()
        try checkReplaceable(target)
        do {
            try fileManager.createDirectory(at: parent, withIntermediateDirectories: true)
        } catch {
            throw .cannotCreate(parent.path, "the parent folder cannot be made")
        }
        InterruptGuard.begin()
        defer { InterruptGuard.end() }
        let staging = try Self.makeStaging(in: parent, for: target.lastPathComponent)
        defer { StagingLock.release(staging) }
        do {
            try writeFiles(plan, into: staging)
            try swapIn(staging, as: target)
        } catch {
            if error == .stagingGone(staging.path) {
                StagingLock.removeRemade(staging)  // never another run's folder
            } else {
                try? fileManager.removeItem(at: staging)
            }
            throw error
        }
    }

    /// Writes one document (a digest, a visit summary) to `path` atomically: into a marked staging
    /// folder beside it, then renamed into place, so a killed run leaves only what the next run
    /// removes, never a half-written file or a temporary one nobody knows about.
    public func writeDocument(_ bytes: [UInt8], to path: String) throws(WriteError) {
        let target = URL(fileURLWithPath: path).standardizedFileURL
        let parent = target.deletingLastPathComponent()
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: target.path, isDirectory: &isDirectory), isDirectory.boolValue { throw .isAFolder(path) }
        InterruptGuard.begin()
        defer { InterruptGuard.end() }
        let staging = try Self.makeStaging(in: parent, for: target.lastPathComponent)
        defer {
            StagingLock.release(staging)
            try? FileManager.default.removeItem(at: staging)
        }
        let file = staging.appendingPathComponent(target.lastPathComponent)
        guard Self.writeFile(file.path, bytes), !InterruptGuard.isInterrupted else { throw .cannotWrite(target.path, "no permission or no space") }
        try StagingLock.verify(staging)
        guard rename(file.path, target.path) == 0 else { throw .cannotWrite(target.path, "it cannot be put in place") }
    }

    /// A new, marked staging folder for `name` in `parent`, after removing abandoned ones there.
    static func makeStaging(in parent: URL, for name: String) throws(WriteError) -> URL {
        let fileManager = FileManager.default
        StagingCleaner.removeAbandoned(in: parent.path)
        let staging = parent.appendingPathComponent(StagingCleaner.stagingName(for: name, pid: getpid()))
        // One of this PID's (a crashed run's, or another PID namespace's with the same number):
        // removed only when nobody holds it.
        if fileManager.fileExists(atPath: staging.path) {
            if StagingCleaner.isCarereportFolder(staging.path) {
                _ = StagingLock.whileUnused(staging.path) { try? fileManager.removeItem(at: staging) }
            } else {
                try? fileManager.removeItem(at: staging)  // no marker: nobody's live staging folder
            }
            if fileManager.fileExists(atPath: staging.path) {
                throw .cannotCreate(staging.path, "another run (perhaps in another container) is writing the same output now")
            }
        }
        guard mkdir(staging.path, 0o755) == 0 else {
            let code = errno
            let reason = switch code {
            case EACCES, EPERM: "the folder is not writable by this user"
            case EROFS: "the folder is on a read-only file system"
            case ENOSPC, EDQUOT: "no space left on the device"
            case ENOENT: "the folder does not exist"
            default: String(cString: strerror(code))
            }
            throw .parentNotWritable(parent.path, name, reason)
        }
        guard writeFile(staging.appendingPathComponent(marker).path, Array(markerText.utf8)), StagingLock.hold(staging) else {
            try? fileManager.removeItem(at: staging)
            throw .cannotWrite(staging.path, "no permission or no space")
        }
        return staging
    }

    func checkReplaceable(_ target: URL) throws(WriteError) {
        let fileManager = FileManager.default
        var status = stat()
        if lstat(target.path, &status) == 0, status.st_mode & S_IFMT == S_IFLNK { throw .symbolicLink(target.path) }
        var isDirectory: ObjCBool = false
        guard fileManager.fileExists(atPath: target.path, isDirectory: &isDirectory) else { return }
        guard isDirectory.boolValue else { throw .notAFolder(target.path) }
        let contents = (try? fileManager.contentsOfDirectory(atPath: target.path)) ?? []
        if !contents.isEmpty, !contents.contains(Self.marker) { throw .notASite(target.path) }
    }

    /// Writes the plan's files into `staging` (under `prefix`, a relative folder such as `c/g1/`, when given).
    func writeFiles(_ plan: SitePlan, into staging: URL, prefix: String = "", skipping skip: (String) -> Bool = { _ in false }) throws(WriteError) {
        let fileManager = FileManager.default
        var madeFolders: Set<String> = []
        for file in plan.sorted where !skip(file.path) {
            let url = staging.appendingPathComponent(prefix + file.path)
            let folder = url.deletingLastPathComponent().path
            if !madeFolders.contains(folder) {
                do {
                    try fileManager.createDirectory(atPath: folder, withIntermediateDirectories: true)
                } catch {
                    throw .cannotCreate(folder, "no permission or no space")
                }
                madeFolders.insert(folder)
            }
            guard Self.writeFile(url.path, file.bytes) else { throw .cannotWrite(url.path, "no permission or no space") }
            if InterruptGuard.isInterrupted { throw .cannotWrite(staging.path, "interrupted") }
        }
    }

    /// Writes bytes with plain POSIX calls: no per-file fsync or temporary file, since the whole
    /// staging folder is swapped in at once.
    static func writeFile(_ path: String, _ bytes: [UInt8]) -> Bool {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        return bytes.withUnsafeBytes { DescriptorWriter.writeAll(descriptor, $0) == nil }
    }

    /// Moves the old site at `target` to `.NAME.carereport-old-PID` beside `staging`, its marker held
    /// locked first (``StagingLock/holdMarker(of:)``): the folder and the descriptor to close once
    /// it is removed.
    func moveAside(_ target: URL, beside staging: URL) throws(WriteError) -> (aside: URL, held: Int32?) {
        let aside = staging.deletingLastPathComponent().appendingPathComponent(
            StagingCleaner.asideName(for: target.lastPathComponent, pid: getpid()))
        let held = StagingLock.holdMarker(of: target)
        do {
            try FileManager.default.moveItem(at: target, to: aside)
        } catch {
            if let held { close(held) }
            throw .cannotSwap(target.path, "the old site cannot be moved aside")
        }
        return (aside, held)
    }

    /// Exchanges the staging folder with the old site atomically, then deletes the old one.
    func swapIn(_ staging: URL, as target: URL) throws(WriteError) {
        let fileManager = FileManager.default
        // A staging folder another process removed (and this one may have partly remade) holds
        // part of a site at best: never put it in place.
        try StagingLock.verify(staging)
        if fileManager.fileExists(atPath: target.path) {
            if cfileswap_exchange(staging.path, target.path) == 0 {
                try? fileManager.removeItem(at: staging)
                return
            }
            // No atomic exchange here: move the old site aside, move the new one in, delete the old.
            let (aside, held) = try moveAside(target, beside: staging)
            defer { if let held { close(held) } }
            do {
                try fileManager.moveItem(at: staging, to: target)
            } catch {
                try? fileManager.moveItem(at: aside, to: target)
                throw .cannotSwap(target.path, "the new site cannot be moved in")
            }
            try? fileManager.removeItem(at: aside)
        } else {
            do {
                try fileManager.moveItem(at: staging, to: target)
            } catch {
                throw .cannotSwap(target.path, "the new site cannot be moved in")
            }
        }
    }
}
