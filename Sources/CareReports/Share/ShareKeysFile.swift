import Foundation

/// The shared links' keys: one line per circle and reader (circle, reader, key, file name,
/// separated by tabs), in a file its owner alone may read (mode 0600), outside every output
/// folder. Next week's build reads the same line, so the paper printed before opens the newest
/// record (flag `L`).
public struct ShareKeysFile {
    public let path: String
    public private(set) var entries: [ShareLinkEntry]

    static let heading = "# carereport's shared links: circle, reader, key, file name. Whoever has a key can read that record: keep this file private.\n"

    /// The file at `path`: its links, or none when it does not exist yet.
    public static func open(_ path: String) throws -> ShareKeysFile {
        let descriptor = Foundation.open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            if errno == ENOENT { return ShareKeysFile(path: path, entries: []) }
            throw ShareLinkError.keysFileUnreadable(path: path, reason: String(cString: strerror(errno)))
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            throw ShareLinkError.keysFileUnreadable(path: path, reason: "not a regular file")
        }
        guard info.st_mode & 0o077 == 0 else { throw ShareLinkError.keysFileReadableByOthers(path: path, mode: UInt32(info.st_mode)) }
        guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8) else {
            throw ShareLinkError.keysFileUnreadable(path: path, reason: "not UTF-8 text")
        }
        return ShareKeysFile(path: path, entries: try parse(text, path: path))
    }

    static func parse(_ text: String, path: String) throws -> [ShareLinkEntry] {
        var entries: [ShareLinkEntry] = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if line.isEmpty || line.hasPrefix("#") { continue }
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.count == 4, !fields[0].isEmpty, !fields[1].isEmpty, let key = ShareKey(text: fields[2]),
                ShareLinkEntry.isFileName(fields[3])
            else { throw ShareLinkError.keysFileMalformed(path: path, line: index + 1) }
            entries.append(ShareLinkEntry(circleId: fields[0], readerId: fields[1], key: key, fileName: fields[3]))
        }
        return entries
    }

    /// The link of the circle and reader, if there is one.
    public func entry(circleId: String, readerId: String) -> ShareLinkEntry? {
        entries.first { $0.circleId == circleId && $0.readerId == readerId }
    }

    /// Puts `entry` in place of the circle and reader's link (or adds it); returns the one it replaced.
    @discardableResult
    public mutating func replace(with entry: ShareLinkEntry) -> ShareLinkEntry? {
        let old = self.entry(circleId: entry.circleId, readerId: entry.readerId)
        entries.removeAll { $0.circleId == entry.circleId && $0.readerId == entry.readerId }
        entries.append(entry)
        entries.sort { ($0.circleId, $0.readerId) < ($1.circleId, $1.readerId) }
        return old
    }

    /// The file's text: the heading, then one line per link in order.
    var text: String {
        Self.heading + entries.map { "\($0.circleId)\t\($0.readerId)\t\($0.key.text)\t\($0.fileName)\n" }.joined()
    }

    /// Writes the links to `path`: a new file of this process's (mode 0600) renamed over the old,
    /// so no reader ever sees half a file and the mode is the owner's alone from the first byte.
    public func save() throws {
        let folder = (path as NSString).deletingLastPathComponent
        if !folder.isEmpty, !FileManager.default.fileExists(atPath: folder) {
            do {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            } catch { throw ShareLinkError.cannotWrite(path: folder, reason: "the folder cannot be made") }
        }
        try ShareFileWriter.write(Array(text.utf8), to: path, mode: 0o600)
    }
}
