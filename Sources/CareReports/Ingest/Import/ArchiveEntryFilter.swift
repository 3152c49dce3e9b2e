import Crypto
import Foundation

/// Keeps one entry per document of an archive: a tar can hold the same file twice (appended again),
/// or two names that one file system, or a person, reads as one (`Visit.xml` and `visit.xml`; `é`
/// composed and decomposed). Each would be imported again, every record doubled. An entry whose
/// bytes are those of an earlier entry (SHA-256, swift-crypto), or whose name equals an earlier one
/// under Unicode NFC normalisation and case folding, is skipped (an empty entry holds no document:
/// only its name is compared) with a warning that names the
/// archive and both entries, never their content.
struct ArchiveEntryFilter {
    private var contents: [SHA256.Digest: String] = [:]
    private var names: [String: String] = [:]

    /// nil when `path` with `bytes` is new (it is remembered); otherwise why it is skipped.
    mutating func repeated(_ path: String, _ bytes: [UInt8]) -> String? {
        let digest = SHA256.hash(data: bytes)
        if !bytes.isEmpty, let first = contents[digest] {
            return "the entry holds the same bytes as \(ArchiveReader.printable(first)); read once, entry skipped"
        }
        let name = Self.comparable(path)
        if let first = names[name] {
            return "the entry's name is \(ArchiveReader.printable(first))'s but for Unicode normalisation or case; only the first is read, entry skipped"
        }
        contents[digest] = path
        names[name] = path
        return nil
    }

    /// `path` case-folded, then in Unicode normalisation form C.
    static func comparable(_ path: String) -> String {
        path.folding(options: [.caseInsensitive], locale: nil).precomposedStringWithCanonicalMapping
    }
}
