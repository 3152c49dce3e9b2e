/// What every text from an export goes through before it is written anywhere: scalar by scalar,
/// never by `Character` (a grapheme cluster can swallow a markup character: `"\u{600}<"` is one
/// `Character` and is not equal to `"<"`). One rule for every output (pages, Markdown, the digest
/// and its headers, the feed, the calendar, the visit summary and its FHIR JSON, file names,
/// standard output and error; docs/privacy.md, "Invisible and direction characters"):
///
/// - C0 controls other than tab and line feed, DEL, C1 controls and Unicode noncharacters are
///   dropped; CR LF, a lone CR and the line and paragraph separators U+2028/U+2029 are line feeds.
///   No escape sequence reaches a terminal, and no page holds a character a validator or a mail
///   reader would refuse.
/// - Invisible characters that change what text looks like without showing are dropped: the
///   bidirectional embedding, override and isolate controls (U+202A–U+202E, U+2066–U+2069), the
///   direction marks (LRM U+200E, RLM U+200F, ALM U+061C), ZERO WIDTH SPACE U+200B, the word joiner
///   and invisible operators (U+2060–U+2064) and ZERO WIDTH NO-BREAK SPACE / BOM U+FEFF. Text that
///   holds right-to-left letters is wrapped in FIRST STRONG ISOLATE … POP DIRECTIONAL ISOLATE (what
///   `<bdi>` does), so it is laid out on its own and never reorders its neighbours: the marks are
///   not needed for that, and where nothing isolates them (a header, a file name, a terminal) they
///   would reorder the text beside them. ZWNJ and ZWJ (U+200C, U+200D) stay: Persian, the Indic
///   scripts and emoji need them, and they change no order.
/// - A field that is one line by nature (a mail header, a calendar SUMMARY, a feed title, a file
///   name, a line on standard error) has every line break and tab made a space (``singleLine(_:)``).
public enum DisplayText {
    /// FIRST STRONG ISOLATE and POP DIRECTIONAL ISOLATE.
    public static let isolateStart: Unicode.Scalar = "\u{2068}"
    public static let isolateEnd: Unicode.Scalar = "\u{2069}"

    /// `text` with what ``DisplayText`` drops removed and right-to-left text isolated.
    public static func cleaned(_ text: String) -> String {
        if isPlainASCII(text) || !needsCleaning(text) { return text }
        var (out, rightToLeft) = strip(text)
        if rightToLeft {
            out.insert(isolateStart, at: out.startIndex)
            out.append(isolateEnd)
        }
        return String(out)
    }

    /// `text` with what ``DisplayText`` drops removed, and nothing added: for a terminal, or a line
    /// that must stay valid JSON.
    public static func stripped(_ text: String) -> String {
        isPlainASCII(text) || !needsCleaning(text) ? text : String(strip(text).scalars)
    }

    /// False when ``strip(_:)`` would give every scalar back and isolate nothing (most text with
    /// accents, dashes or symbols): read without building a copy.
    private static func needsCleaning(_ text: String) -> Bool {
        text.unicodeScalars.contains { $0 == "\r" || isLineSeparator($0) || isDropped($0) || isRightToLeft($0) }
    }

    /// `text` as one line: what ``stripped(_:)`` drops removed, and every run of line breaks and
    /// tabs made one space. For the fields that are one line by nature.
    public static func singleLine(_ text: String) -> String {
        let scalars = stripped(text).unicodeScalars
        guard scalars.contains(where: { $0 == "\n" || $0 == "\t" }) else { return String(scalars) }
        var out = String.UnicodeScalarView()
        var inBreak = false
        for scalar in scalars {
            if scalar == "\n" || scalar == "\t" {
                if !inBreak { out.append(" ") }
                inBreak = true
            } else {
                inBreak = false
                out.append(scalar)
            }
        }
        return String(out)
    }

    /// LINE SEPARATOR and PARAGRAPH SEPARATOR: line breaks, written as line feeds.
    static func isLineSeparator(_ scalar: Unicode.Scalar) -> Bool { scalar == "\u{2028}" || scalar == "\u{2029}" }

    private static func strip(_ text: String) -> (scalars: String.UnicodeScalarView, rightToLeft: Bool) {
        var out = String.UnicodeScalarView()
        var rightToLeft = false
        var afterCR = false
        for scalar in text.unicodeScalars {
            let wasCR = afterCR
            afterCR = false
            if scalar == "\r" {
                afterCR = true
                out.append("\n")
                continue
            }
            if scalar == "\n", wasCR { continue }
            if isLineSeparator(scalar) {
                out.append("\n")
                continue
            }
            if isDropped(scalar) { continue }
            if !rightToLeft, isRightToLeft(scalar) { rightToLeft = true }
            out.append(scalar)
        }
        return (out, rightToLeft)
    }

    /// True when every byte is printable ASCII, tab or line feed: nothing to clean.
    @inline(__always)
    static func isPlainASCII(_ text: String) -> Bool {
        func plain(_ byte: UInt8) -> Bool { (byte >= 0x20 && byte < 0x7F) || byte == 0x0A || byte == 0x09 }
        return text.utf8.withContiguousStorageIfAvailable { $0.allSatisfy(plain) } ?? text.utf8.allSatisfy(plain)
    }

    /// Scalars that are never written: controls but tab and line feed, DEL, C1, bidi controls and
    /// marks, the invisible format characters above, noncharacters.
    public static func isDropped(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        switch value {
        case 0x09, 0x0A: return false
        case 0x00...0x1F, 0x7F...0x9F: return true
        case 0x202A...0x202E, 0x2066...0x2069: return true
        case 0x200E, 0x200F, 0x061C, 0x200B, 0x2060...0x2064, 0xFEFF: return true
        case 0xFDD0...0xFDEF: return true
        default: return value & 0xFFFE == 0xFFFE
        }
    }

    /// Scalars of the right-to-left scripts (Hebrew, Arabic, Syriac, Thaana, N'Ko and the others of
    /// bidi class R or AL).
    public static func isRightToLeft(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0590...0x08FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFE, 0x10800...0x10FFF, 0x1E800...0x1EFFF: return true
        default: return false
        }
    }
}
