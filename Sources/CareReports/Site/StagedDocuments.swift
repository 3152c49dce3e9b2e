import Foundation
import Glibc

/// Many documents for one folder (the digests of an `--all-members` run: the outbox a mailer picks
/// up), written all or not at all: each is written into a marked staging folder inside the folder
/// as it is made, and only when every one is written are they renamed into place, each rename
/// atomic and needing no space. A full disk, a failure or an interrupt before that removes the
/// staging folder and leaves the folder as it was: a mailer never finds half of a run's messages.
public final class StagedDocuments {
    private let folder: URL
    private let staging: URL
    private var names: [String] = []
    private var open = true

    /// Makes the staging folder inside `folder` (which must exist).
    public init(folder: String) throws(WriteError) {
        self.folder = URL(fileURLWithPath: folder).standardizedFileURL
        InterruptGuard.begin()
        do {
            // Named apart from any other run's: shards of one run on other machines may have this PID.
            let token = String(UInt32.random(in: .min ... .max), radix: 16)
            self.staging = try SiteWriter.makeStaging(in: self.folder, for: "outbox-\(token)")
        } catch {
            InterruptGuard.end()
            throw error
        }
    }

    deinit { abandon() }

    /// How many documents were added.
    public var count: Int { names.count }

    /// Writes `bytes` as the document `name` (one file name, no folder) into the staging folder.
    public func add(_ name: String, _ bytes: [UInt8]) throws(WriteError) {
        let target = folder.appendingPathComponent(name)
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: target.path, isDirectory: &isDirectory), isDirectory.boolValue {
            abandon()
            throw .isAFolder(target.path)
        }
        guard SiteWriter.writeFile(staging.appendingPathComponent(name).path, bytes), !InterruptGuard.isInterrupted else {
            abandon()
            throw .cannotWrite(target.path, InterruptGuard.isInterrupted ? "interrupted" : "no permission or no space")
        }
        names.append(name)
    }

    /// Renames every document into place, once all are written.
    public func commit() throws(WriteError) {
        guard open else { throw .cannotWrite(staging.path, "interrupted") }
        defer { abandon() }
        if InterruptGuard.isInterrupted { throw .cannotWrite(staging.path, "interrupted") }
        try StagingLock.verify(staging)
        for (index, name) in names.enumerated() {
            let target = folder.appendingPathComponent(name)
            guard rename(staging.appendingPathComponent(name).path, target.path) == 0 else {
                throw .partlyPlaced(target.path, placed: index, of: names.count)
            }
        }
    }

    /// Removes the staging folder and what is left in it.
    public func abandon() {
        guard open else { return }
        open = false
        StagingLock.release(staging)
        try? FileManager.default.removeItem(at: staging)
        InterruptGuard.end()
    }
}
