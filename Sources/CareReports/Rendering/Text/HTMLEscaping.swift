/// Escapes text for HTML (and XML) content and double- or single-quoted attribute values, scalar by
/// scalar (over UTF-8 bytes): `& < > " '` become references, and the text is first ``DisplayText/cleaned(_:)``.
///
/// This is the one HTML escaping of the project: the Mustache templates use it, and so do the charts.
/// (An escaping that compares `Character`s, as swift-mustache's `htmlEscape()` did, misses a `<`
/// behind a prepend character such as U+0600, which joins it into one grapheme.)
public enum HTMLEscaping {
    public static func escape(_ text: String) -> String {
        // Most text is plain ASCII with nothing to escape: found in one pass over its bytes.
        let (plain, references) = scanned(text)
        if plain, !references { return text }
        let cleaned = plain ? text : DisplayText.cleaned(text)
        if !plain, !cleaned.utf8.contains(where: needsReference) { return cleaned }
        // Over UTF-8 bytes: the five characters are ASCII, and no byte of a multi-byte scalar is.
        var out: [UInt8] = []
        out.reserveCapacity(cleaned.utf8.count + 32)
        appendEscaping(cleaned.utf8, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Whether `text` is printable ASCII (with tab and line feed) alone, and whether it holds one of
    /// the five characters that become references (read until the first byte that is not plain).
    private static func scanned(_ text: String) -> (plain: Bool, references: Bool) {
        var references = false
        for byte in text.utf8 {
            guard (byte >= 0x20 && byte < 0x7F) || byte == 0x0A || byte == 0x09 else { return (false, references) }
            if needsReference(byte) { references = true }
        }
        return (true, references)
    }

    /// ``escape(_:)``'s UTF-8 bytes appended to `out`, with no escaped string of its own (what a
    /// template writes for every value): plain text copied whole, else byte by byte (the five
    /// characters are ASCII, and no byte of a multi-byte scalar is).
    static func append(escaping text: String, to out: inout [UInt8]) {
        // Read in place: printable ASCII is copied whole or escaped byte by byte; anything else is cleaned first.
        let done = text.utf8.withContiguousStorageIfAvailable { bytes -> Bool in
            var references = false
            for byte in bytes {
                guard (byte >= 0x20 && byte < 0x7F) || byte == 0x0A || byte == 0x09 else { return false }
                if needsReference(byte) { references = true }
            }
            if references { appendEscaping(bytes, to: &out) } else { out.append(contentsOf: bytes) }
            return true
        }
        guard done != true else { return }
        let (plain, references) = scanned(text)
        if plain, !references {
            out.append(contentsOf: text.utf8)
            return
        }
        let cleaned = plain ? text : DisplayText.cleaned(text)
        appendEscaping(cleaned.utf8, to: &out)
    }

    /// `bytes` (cleaned text) with the five characters written as references.
    private static func appendEscaping<Bytes: Sequence<UInt8>>(_ bytes: Bytes, to out: inout [UInt8]) {
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "&"): out.append(contentsOf: "&amp;".utf8)
            case UInt8(ascii: "<"): out.append(contentsOf: "&lt;".utf8)
            case UInt8(ascii: ">"): out.append(contentsOf: "&gt;".utf8)
            case UInt8(ascii: "\""): out.append(contentsOf: "&quot;".utf8)
            case UInt8(ascii: "'"): out.append(contentsOf: "&#39;".utf8)
            default: out.append(byte)
            }
        }
    }

    @inline(__always)
    private static func needsReference(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "&") || byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">")
            || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'")
    }
}
