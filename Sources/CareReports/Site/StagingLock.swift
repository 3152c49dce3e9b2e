import CFileSwap
import Foundation
import Glibc

/// The token that says a staging folder is in use, which any process that shares the folder can
/// check, in this PID namespace or another (another container or pod on the same output folder):
/// the folder's marker file, held open under an exclusive `flock` by the build that writes it for
/// as long as it writes. The kernel drops the lock when that process ends, however it ends, so a
/// folder whose marker can be locked is abandoned; one whose marker is locked is never touched.
/// A PID alone says nothing across namespaces.
enum StagingLock {
    /// The open marker of each staging folder this process holds, by folder path.
    nonisolated(unsafe) private static var held: [String: Int32] = [:]
    private static let heldLock = NSLock()

    /// Locks the marker of `staging` (just made) for this process.
    static func hold(_ staging: URL) -> Bool {
        let descriptor = open(staging.appendingPathComponent(SiteWriter.marker).path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        // A file system without locks (ENOLCK, EOPNOTSUPP) still gets the check that the folder is
        // the one made here; only a lock someone else holds is a failure.
        guard cfileswap_lock(descriptor, 0) == 0 || errno != EWOULDBLOCK else {
            close(descriptor)
            return false
        }
        heldLock.withLock { held[staging.path] = descriptor }
        return true
    }

    /// Locks the marker of the site at `folder`, about to stand aside as `.NAME.carereport-old-PID`
    /// while a system without an atomic exchange swaps the new site in: held (the open descriptor,
    /// to close once the old site is removed) like a staging folder's, so a build in another PID
    /// namespace never takes it for abandoned. Nil when it has no marker or someone else holds it.
    static func holdMarker(of folder: URL) -> Int32? {
        let descriptor = open(folder.appendingPathComponent(SiteWriter.marker).path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
        guard descriptor >= 0 else { return nil }
        guard cfileswap_lock(descriptor, 0) == 0 || errno != EWOULDBLOCK else {
            close(descriptor)
            return nil
        }
        return descriptor
    }

    /// Lets go of the lock on `staging` (swapped in or removed).
    static func release(_ staging: URL) {
        if let descriptor = heldLock.withLock({ held.removeValue(forKey: staging.path) }) { close(descriptor) }
    }

    /// Throws when `staging` is no longer the folder this process made and locked (another process
    /// removed it, and perhaps someone made a new one in its place): nothing of it may be swapped in.
    static func verify(_ staging: URL) throws(WriteError) {
        guard let descriptor = heldLock.withLock({ held[staging.path] }) else { throw .stagingGone(staging.path) }
        var mine = stat(), now = stat()
        guard fstat(descriptor, &mine) == 0, mine.st_nlink > 0,
              lstat(staging.appendingPathComponent(SiteWriter.marker).path, &now) == 0,
              now.st_dev == mine.st_dev, now.st_ino == mine.st_ino else { throw .stagingGone(staging.path) }
    }

    /// After ``verify(_:)`` failed: removes what this run may have made again at `staging` (folders
    /// without a marker), never a folder another run marked.
    static func removeRemade(_ staging: URL) {
        if !StagingCleaner.isCarereportFolder(staging.path) { try? FileManager.default.removeItem(at: staging) }
    }

    /// Runs `body` while holding the lock on the marker of the folder at `path`, only when no other
    /// process holds it; false when the folder is in use (or has no marker to lock).
    static func whileUnused(_ path: String, _ body: () -> Void) -> Bool {
        let descriptor = open((path as NSString).appendingPathComponent(SiteWriter.marker), O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        // Held by a live run; where the file system has no locks, the PID check alone decides.
        guard cfileswap_lock(descriptor, 0) == 0 || errno != EWOULDBLOCK else { return false }
        body()
        return true
    }
}
