import CLibArchive

/// Reads the regular files of a `.zip` (or a tar, plain or gzip) into memory
/// through the system libarchive, with limits, so a portal download is read where it lies and
/// nothing is ever written to disk:
/// - at most ``Limits/maximumEntries`` entries and ``Limits/maximumTotal`` bytes once expanded,
///   each file at most ``Limits/maximumEntry`` bytes, counted as the data is expanded (sizes in
///   the headers are not trusted), so a zip bomb stops at the limit and the archive is refused;
/// - an entry whose path is absolute or climbs out with `..` is skipped with a warning;
/// - links (symbolic or hard), devices and other non-regular entries are skipped with a warning,
///   never followed.
public struct ArchiveReader: Sendable {
    public struct Limits: Sendable {
        public var maximumEntries = 10_000
        public var maximumEntry = 64 << 20
        public var maximumTotal = 512 << 20

        public init() {}
    }

    /// One regular file of the archive: its path inside the archive and its bytes.
    public struct Entry: Sendable {
        public let path: String
        public let bytes: [UInt8]
    }

    public var limits = Limits()

    /// libarchive's file types (AE_IFDIR, AE_IFREG, AE_IFLNK: the POSIX mode bits).
    private static let directory: UInt32 = 0o040000
    private static let regular: UInt32 = 0o100000
    private static let symbolicLink: UInt32 = 0o120000

    public init(limits: Limits = Limits()) { self.limits = limits }

    /// The archive's regular files in archive order, and a warning per entry skipped; nil with an
    /// error diagnostic when the archive cannot be read or breaks a limit (then nothing is read).
    public func read(_ path: String) -> (entries: [Entry]?, diagnostics: [Diagnostic]) {
        guard let archive = archive_read_new() else {
            return (nil, [Diagnostic(.error, file: path, message: "the archive reader could not be created")])
        }
        defer { archive_read_free(archive) }
        // Zip (and tar, plain or gzip) only: `support_filter_all` would let libarchive run external
        // programs for some compressions.
        archive_read_support_format_zip(archive)
        archive_read_support_format_tar(archive)
        archive_read_support_filter_gzip(archive)
        guard archive_read_open_filename(archive, path, 64 << 10) == ARCHIVE_OK else {
            return (nil, [Diagnostic(.error, file: path, message: "not a readable archive: \(Self.message(archive))")])
        }
        var entries: [Entry] = []
        var diagnostics: [Diagnostic] = []
        var total = 0
        var count = 0
        var header: OpaquePointer?
        while true {
            let status = archive_read_next_header(archive, &header)
            if status == ARCHIVE_EOF { break }
            guard status == ARCHIVE_OK || status == ARCHIVE_WARN, let header else {
                return (nil, [Diagnostic(.error, file: path, message: "the archive is damaged: \(Self.message(archive)); nothing was read from it")])
            }
            count += 1
            guard count <= limits.maximumEntries else {
                return (nil, [Diagnostic(.error, file: path, message: "the archive has more than \(limits.maximumEntries) entries; nothing was read from it")])
            }
            let name = archive_entry_pathname(header).map { String(cString: $0) } ?? ""
            let label = Self.printable(name)
            guard let inside = Self.insidePath(name) else {
                diagnostics.append(Diagnostic(.warning, file: path, keyPath: label, message: "the entry's path leads outside the archive; entry skipped"))
                continue
            }
            let type = archive_entry_filetype(header)
            if type == Self.directory { continue }
            guard type == Self.regular, archive_entry_hardlink(header) == nil else {
                let what = type == Self.symbolicLink || archive_entry_hardlink(header) != nil ? "a link" : "not a regular file"
                diagnostics.append(Diagnostic(.warning, file: path, keyPath: label, message: "the entry is \(what); not followed, entry skipped"))
                continue
            }
            var bytes: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 64 << 10)
            while true {
                let read = buffer.withUnsafeMutableBytes { archive_read_data(archive, $0.baseAddress, $0.count) }
                if read == 0 { break }
                guard read > 0 else {
                    return (nil, [Diagnostic(.error, file: path, keyPath: label, message: "the entry cannot be expanded: \(Self.message(archive)); nothing was read from the archive")])
                }
                bytes += buffer[0..<read]
                total += read
                guard bytes.count <= limits.maximumEntry else {
                    return (nil, [Diagnostic(.error, file: path, keyPath: label, message: "the entry expands beyond the \(limits.maximumEntry >> 20) MiB limit for one file; nothing was read from the archive")])
                }
                guard total <= limits.maximumTotal else {
                    return (nil, [Diagnostic(.error, file: path, message: "the archive expands beyond the \(limits.maximumTotal >> 20) MiB limit; nothing was read from it")])
                }
            }
            entries.append(Entry(path: inside, bytes: bytes))
        }
        return (entries, diagnostics)
    }

    /// The entry's path made relative and clean, or nil when it is absolute or climbs out.
    static func insidePath(_ name: String) -> String? {
        guard !name.isEmpty, !name.hasPrefix("/"), !name.hasPrefix("\\"), !name.contains("\0") else { return nil }
        var parts: [Substring] = []
        for part in name.split(whereSeparator: { $0 == "/" || $0 == "\\" }) {
            switch part {
            case ".", "": continue
            case "..": return nil
            default:
                if part.count >= 2, part.dropFirst().first == ":" { return nil }  // C:\…
                parts.append(part)
            }
        }
        return parts.isEmpty ? nil : parts.joined(separator: "/")
    }

    /// A name safe to print: control characters are replaced.
    static func printable(_ name: String) -> String {
        String(name.unicodeScalars.map { $0.properties.generalCategory == .control ? "?" : Character($0) }.prefix(200))
    }

    private static func message(_ archive: OpaquePointer) -> String {
        archive_error_string(archive).map { String(cString: $0) } ?? "unknown error"
    }

    /// True when the file starts like a zip (local header, empty archive or spanned marker).
    static func looksLikeZip(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard bytes.count >= 4, bytes[0] == 0x50, bytes[1] == 0x4B else { return false }
        return (bytes[2] == 3 && bytes[3] == 4) || (bytes[2] == 5 && bytes[3] == 6) || (bytes[2] == 7 && bytes[3] == 8)
    }
}
