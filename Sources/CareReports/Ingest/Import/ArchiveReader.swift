import CLibArchive
import Foundation

/// Reads the regular files of a `.zip` (or a tar, plain or gzip) into memory, named as the archive
/// names them (UTF-8, or CP437 for a zip entry without the UTF-8 flag; made one line by
/// ``DisplayText/singleLine(_:)``, since a name reaches page footers and standard error),
/// through the system libarchive, with limits, so a portal download is read where it lies and
/// nothing is ever written to disk:
/// - at most ``Limits/maximumEntries`` entries and ``Limits/maximumTotal`` bytes once expanded,
///   each file at most ``Limits/maximumEntry`` bytes, counted as the data is expanded (sizes in
///   the headers are not trusted), so a zip bomb stops at the limit and the archive is refused;
/// - an entry whose path is absolute or climbs out with `..` is skipped with a warning;
/// - links (symbolic or hard), devices and other non-regular entries are skipped with a warning,
///   never followed;
/// - an entry that repeats an earlier one (the same bytes, or a name equal to its but for Unicode
///   normalisation or case) is skipped with a warning (``ArchiveEntryFilter``): one document is read once.
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
        // libarchive converts entry names to the locale's character set; in the C locale a name
        // that is not ASCII cannot be converted and is lost. Read in C.UTF-8, on this thread only.
        let utf8 = newlocale(LC_CTYPE_MASK, "C.UTF-8", nil)
        let previous = utf8.map { uselocale($0) }
        defer {
            if let previous { uselocale(previous) }
            if let utf8 { freelocale(utf8) }
        }
        guard let archive = archive_read_new() else {
            return (nil, [Diagnostic(.error, file: path, message: "the archive reader could not be created")])
        }
        defer { archive_read_free(archive) }
        // Zip (and tar, plain or gzip) only: `support_filter_all` would let libarchive run external
        // programs for some compressions.
        archive_read_support_format_zip(archive)
        archive_read_support_format_tar(archive)
        archive_read_support_filter_gzip(archive)
        // A zip entry without the UTF-8 flag is named in the legacy DOS code page (CP437); one with
        // the flag is read as UTF-8 whatever this option says.
        _ = archive_read_set_format_option(archive, "zip", "hdrcharset", "CP437")
        guard archive_read_open_filename(archive, path, 64 << 10) == ARCHIVE_OK else {
            return (nil, [Diagnostic(.error, file: path, message: "not a readable archive: \(Self.message(archive))")])
        }
        var entries: [Entry] = []
        var diagnostics: [Diagnostic] = []
        var filter = ArchiveEntryFilter()
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
            let name = Self.entryName(header)
            let label = Self.printable(name)
            guard !name.isEmpty else {
                diagnostics.append(Diagnostic(.warning, file: path, message: "an entry has no name; entry skipped"))
                continue
            }
            guard let inside = Self.insidePath(name).map(DisplayText.singleLine), !inside.isEmpty else {
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
            if let repeated = filter.repeated(inside, bytes) {
                diagnostics.append(Diagnostic(.warning, file: path, keyPath: label, message: repeated))
                continue
            }
            entries.append(Entry(path: inside, bytes: bytes))
        }
        return (entries, diagnostics)
    }

    /// The entry's name as Unicode: UTF-8 as the archive states it (a zip's UTF-8 flag, a pax
    /// header), CP437 for a zip entry without the flag; bytes that are not valid UTF-8 otherwise
    /// (an old tar) are read as UTF-8 with U+FFFD in their place, never dropped.
    static func entryName(_ header: OpaquePointer) -> String {
        if let utf8 = archive_entry_pathname_utf8(header) { return String(cString: utf8) }
        guard let raw = archive_entry_pathname(header) else { return "" }
        let bytes = UnsafeBufferPointer(start: UnsafeRawPointer(raw).assumingMemoryBound(to: UInt8.self), count: strlen(raw))
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The entry's path made relative and clean, or nil when it is absolute (`/x`, `\\x`, `C:x`) or
    /// climbs out with `..`. Any other name, in any script, stays inside.
    static func insidePath(_ name: String) -> String? {
        guard !name.isEmpty, !name.hasPrefix("/"), !name.hasPrefix("\\"), !name.contains("\0") else { return nil }
        var parts: [Substring] = []
        for (index, part) in name.split(whereSeparator: { $0 == "/" || $0 == "\\" }).enumerated() {
            switch part {
            case ".", "": continue
            case "..": return nil
            default:
                let scalars = Array(part.unicodeScalars.prefix(2))
                if index == 0, scalars.count == 2, scalars[1] == ":", scalars[0].isASCII, scalars[0].properties.isAlphabetic {
                    return nil  // C:\…, C:…
                }
                parts.append(part)
            }
        }
        return parts.isEmpty ? nil : parts.joined(separator: "/")
    }

    /// A name safe to print, on one line: control characters are replaced by `?`, then
    /// ``DisplayText/singleLine(_:)`` applies (invisible and direction characters dropped, line
    /// separators made spaces); at most 200 scalars.
    static func printable(_ name: String) -> String {
        var out = String.UnicodeScalarView()
        for scalar in name.unicodeScalars.prefix(200) {
            out.append(scalar.properties.generalCategory == .control ? "?" : scalar)
        }
        return DisplayText.singleLine(String(out))
    }

    private static func message(_ archive: OpaquePointer) -> String {
        archive_error_string(archive).map { String(cString: $0) } ?? "unknown error"
    }

    /// True when the file is a tar: `ustar` at offset 257 (POSIX and GNU tar), or a gzip stream
    /// named `.tgz` or `.tar.gz`.
    static func looksLikeTar(_ bytes: UnsafeBufferPointer<UInt8>, name: String) -> Bool {
        let lower = name.lowercased()
        if bytes.count >= 2, bytes[0] == 0x1F, bytes[1] == 0x8B { return lower.hasSuffix(".tgz") || lower.hasSuffix(".tar.gz") }
        guard bytes.count >= 262 else { return false }
        return Array(bytes[257..<262]) == Array("ustar".utf8)
    }

    /// True when the file starts like a zip (local header, empty archive or spanned marker).
    static func looksLikeZip(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard bytes.count >= 4, bytes[0] == 0x50, bytes[1] == 0x4B else { return false }
        return (bytes[2] == 3 && bytes[3] == 4) || (bytes[2] == 5 && bytes[3] == 6) || (bytes[2] == 7 && bytes[3] == 8)
    }
}
