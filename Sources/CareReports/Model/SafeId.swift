/// The ids an export may use. User and circle ids name folders (`OUT/CIRCLE/USER` with
/// `--all-members`), so each is one safe path segment on any file system: 1 to 128 URI-unreserved
/// ASCII characters (letters, digits, `-`, `.`, `_`, `~`), not starting with `.` or `~` (so never
/// `.`, `..`, a hidden file or a home folder), and unlike every other such id in more than letter case.
/// Record ids (tasks, health records, updates) may also hold `:` and `@` (as in `fhir:labs:x1`):
/// still one path segment on Linux, never a separator, a control character or a space.
/// Such an id needs no escaping in a path, a URL or a shell word.
public enum SafeId {
    public static let maximumLength = 128

    /// Why an id is refused, in words that never quote it.
    public static func rule(namesFolder: Bool) -> String {
        namesFolder
            ? "an id takes 1 to 128 letters, digits, '-', '_', '.' or '~' and does not start with '.' or '~'"
            : "an id takes 1 to 128 letters, digits, '-', '_', '.', '~', ':' or '@' and does not start with '.' or '~'"
    }

    /// Whether `id` is usable: for a user or circle (`namesFolder`), or for a record.
    public static func isSafe(_ id: String, namesFolder: Bool = true) -> Bool {
        let bytes = id.utf8
        guard let first = bytes.first, bytes.count <= maximumLength else { return false }
        guard first != UInt8(ascii: "."), first != UInt8(ascii: "~") else { return false }
        if namesFolder { return bytes.allSatisfy(isUnreserved) }
        return bytes.allSatisfy { isUnreserved($0) || $0 == UInt8(ascii: ":") || $0 == UInt8(ascii: "@") }
    }

    @inline(__always)
    static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"): true
        case UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"): true
        default: false
        }
    }

    /// The id as file systems that ignore letter case see it (ASCII only, as the id is).
    public static func folded(_ id: String) -> String {
        String(decoding: id.utf8.map { (0x41...0x5A).contains($0) ? $0 + 0x20 : $0 }, as: UTF8.self)
    }
}
