import Foundation

/// Which attachments a site carries as files, and their bytes. An attachment is copied into the
/// site's `attachments/` folder, under a name keyed by the installation's secret (``OpaqueId``; never its own name, path or id), when
/// it is a PDF, PNG or JPEG (told by its first bytes, not its name or MIME type) of at most
/// `maximumBytes`, and it is either carried inline by an imported document or a file in the
/// export's folder named by a relative `url` that stays inside that folder (no `..`, no absolute
/// path, no symbolic link leading out). Anything else (HTML, SVG, scripts, a file too large) is
/// never copied. Only the attachments of records the viewer may see are ever asked about, so a
/// hidden record's file, name and link leave no trace.
public final class AttachmentFiles: Sendable {
    /// The largest file copied: 10 MiB.
    public static let maximumBytes = 10 << 20

    /// What becomes of one attachment in the site.
    public enum Outcome: Sendable, Hashable {
        /// Copied to `path` (relative to the site's root).
        case copied(path: String, kind: Kind, bytes: [UInt8])
        /// Linked where it is (`https:` or `http:`), never fetched.
        case external(link: String)
        /// Named without a link, for `reason`.
        case unlinked(reason: Reason)
    }

    public enum Kind: String, Sendable, Hashable { case pdf, png, jpeg }

    public enum Reason: Sendable, Hashable { case notInExport, notAllowedType, tooLarge }

    let folder: String?

    public init(folder: String?) { self.folder = folder }

    struct Key: Hashable, Sendable {
        let folder: String?
        let attachment: Attachment
    }

    /// Outcomes by folder and attachment, for the whole process: an `--all-members` run reads each
    /// file once, not once per member (the outcome depends on the file alone, never on the viewer).
    /// Emptied past 64 MiB of copied bytes.
    private static let memo = LockedMemo<Key, Outcome>(limit: 64 << 20) { outcome in
        if case .copied(_, _, let bytes) = outcome { return max(1, bytes.count) }
        return 1
    }

    /// The attachment's outcome, worked out once.
    public func outcome(_ attachment: Attachment) -> Outcome {
        Self.memo.value(Key(folder: folder, attachment: attachment)) { resolve(attachment) }
    }

    private func resolve(_ attachment: Attachment) -> Outcome {
        if let data = attachment.data { return check(data, attachment) }
        guard let url = attachment.url?.trimmingSpacesAndNewlines(), !url.isEmpty else { return .unlinked(reason: .notInExport) }
        let lower = url.lowercased()
        if lower.hasPrefix("https://") || lower.hasPrefix("http://") {
            return AttachmentView.linkTarget(url).map { .external(link: $0.link) } ?? .unlinked(reason: .notInExport)
        }
        guard let folder, let relative = Self.safeRelativePath(url),
            let bytes = Self.files.value(FileKey(folder: folder, relative: relative), { Self.read(relative, in: folder) })
        else {
            return .unlinked(reason: .notInExport)
        }
        // Named by the file, not the attachment: a file that 150 records name is read, held and
        // copied once, and every record links to that one copy.
        return check(bytes, attachment, name: OpaqueId.uuid(["attachment-file", relative, String(bytes.count)]))
    }

    private func check(_ bytes: [UInt8], _ attachment: Attachment, name given: String? = nil) -> Outcome {
        guard bytes.count <= Self.maximumBytes else { return .unlinked(reason: .tooLarge) }
        guard let kind = Self.kind(of: bytes) else { return .unlinked(reason: .notAllowedType) }
        let name = given ?? OpaqueId.uuid(["attachment", attachment.id, attachment.url ?? "", attachment.fileName, String(bytes.count)])
        return .copied(path: "attachments/\(name).\(kind == .jpeg ? "jpg" : kind.rawValue)", kind: kind, bytes: bytes)
    }

    struct FileKey: Hashable, Sendable {
        let folder: String
        let relative: String
    }

    /// The bytes of each file of the export's folder that attachments name, read once however many
    /// attachments name it (emptied past 64 MiB).
    private static let files = LockedMemo<FileKey, [UInt8]?>(limit: 64 << 20) { bytes in max(1, bytes?.count ?? 1) }

    /// PDF (`%PDF-`), PNG (its 8-byte signature) or JPEG (`FF D8 FF`), from the first bytes; nil otherwise.
    public static func kind(of bytes: [UInt8]) -> Kind? {
        if bytes.starts(with: Array("%PDF-".utf8)) { return .pdf }
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return .jpeg }
        return nil
    }

    /// The path a relative `url` names, its percent-escapes decoded; nil for an absolute path, a
    /// scheme, a `..` or `.` step, a backslash, a query or fragment, or a control character.
    static func safeRelativePath(_ url: String) -> String? {
        guard let decoded = url.removingPercentEncoding, !decoded.isEmpty, !decoded.hasPrefix("/"),
            !decoded.unicodeScalars.contains(where: { $0.value < 0x20 || $0 == "\\" || $0 == ":" || $0 == "?" || $0 == "#" || $0.value == 0x7F })
        else { return nil }
        let steps = decoded.split(separator: "/", omittingEmptySubsequences: false)
        guard steps.allSatisfy({ !$0.isEmpty && $0 != "." && $0 != ".." }) else { return nil }
        return decoded
    }

    /// The bytes of the regular file at `relative` inside `folder`, when its real path (symbolic
    /// links followed) is still inside the folder's and it is no larger than the limit allows reading.
    static func read(_ relative: String, in folder: String) -> [UInt8]? {
        guard let root = realPath(folder), let target = realPath(folder + "/" + relative),
            target.hasPrefix(root.hasSuffix("/") ? root : root + "/")
        else { return nil }
        var info = stat()
        guard stat(target, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        // One byte past the limit is enough to know the file is too large.
        guard let handle = FileHandle(forReadingAtPath: target) else { return nil }
        defer { try? handle.close() }
        guard let data = try? handle.read(upToCount: maximumBytes + 1) else { return nil }
        return [UInt8](data)
    }

    private static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
