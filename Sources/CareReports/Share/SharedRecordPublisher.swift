import Foundation

/// What one publication of a shared record did: the link to print and the file it opens.
public struct SharedRecordPublication: Sendable {
    public let payload: ShareLinkPayload
    /// The viewer page's address, `#`, the `shlink:/` URI: what the QR code holds.
    public let link: String
    /// True when the circle and reader had no link before this run (or it was withdrawn by it).
    public let isNewLink: Bool
    /// The file of the withdrawn link, deleted, when `--share-new-link` replaced one.
    public let withdrawnFile: String?
}

/// Publishes a reader's record as a SMART Health Link (flag `LU`): the keys file keeps one link
/// per circle and reader, the record is encrypted under its key (``CompactJWE``) into the share
/// folder under its random name, and the link is the viewer page's address with the payload in
/// the fragment. The key goes only into the keys file and the link (on paper).
public struct SharedRecordPublisher {
    public let base: String
    public let folder: String
    public let keysPath: String

    public init(base: String, folder: String, keysPath: String) {
        self.base = base
        self.folder = folder
        self.keysPath = keysPath
    }

    /// Encrypts `record` (the IPS's bytes) for the circle and reader's link, made or renewed as asked.
    public func publish(
        record: [UInt8], circleId: String, readerId: String, viewerPage: String, label: String, newLink: Bool
    ) throws -> SharedRecordPublication {
        var keys = try ShareKeysFile.open(keysPath)
        let existing = keys.entry(circleId: circleId, readerId: readerId)
        let entry = (newLink ? nil : existing) ?? ShareLinkEntry.new(circleId: circleId, readerId: readerId)
        let payload = try ShareLinkPayload(url: base + "/" + entry.fileName, key: entry.key, label: label)
        if entry != existing {
            keys.replace(with: entry)
            try keys.save()
        }
        try makeFolder()
        let sealed = try CompactJWE.encrypt(record, key: entry.key)
        try ShareFileWriter.write(Array(sealed.utf8), to: folder + "/" + entry.fileName, mode: 0o644)
        var withdrawn: String?
        if let existing, existing.fileName != entry.fileName, ShareLinkEntry.isFileName(existing.fileName) {
            let old = folder + "/" + existing.fileName
            if unlink(old) == 0 || errno == ENOENT { withdrawn = old }
        }
        return SharedRecordPublication(
            payload: payload, link: payload.link(viewer: base + "/" + viewerPage), isNewLink: entry != existing, withdrawnFile: withdrawn)
    }

    /// Writes a file of the viewer (its page, its script) into the share folder.
    public func writeViewerFile(_ name: String, _ text: String) throws {
        try makeFolder()
        try ShareFileWriter.write(Array(text.utf8), to: folder + "/" + name, mode: 0o644)
    }

    private func makeFolder() throws {
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw ShareLinkError.cannotWrite(path: folder, reason: "the folder cannot be made")
        }
    }
}
