import Testing

@testable import CareReports

/// The escapings work over UTF-8 bytes with a fast path for text that needs nothing done; they must
/// write exactly what the scalar-by-scalar definitions they replaced wrote (kept below as the
/// reference), for any text: random strings drawn mostly from the characters that matter (markup,
/// line breaks, controls, bidi controls, combining and prepend marks, right-to-left letters, `www.`,
/// `://`, digits and list markers) and from the whole of Unicode.
@Suite struct EscapingEquivalenceTests {
    static let interesting: [Unicode.Scalar] = Array("\\`*_[]<>#|!~&\"' -+=.):/wW019aZ é\t\n\r".unicodeScalars)
        + ["\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{2029}", "\u{0}", "\u{1B}", "\u{7F}", "\u{9F}", "\u{202E}", "\u{2067}",
           "\u{600}", "\u{301}", "\u{5D0}", "\u{627}", "\u{200F}", "\u{1F600}", "\u{E2}", "\u{C2}", "\u{A8}"] + [0xFFFE, 0xFDD0, 0x1FFFF].map { Unicode.Scalar($0)! }

    static func randomText(_ rng: inout EscapingSplitMix) -> String {
        var scalars = String.UnicodeScalarView()
        let length = Int(rng.next() % 14)
        for _ in 0..<length {
            if rng.next() % 4 == 0 {
                var value = UInt32(rng.next() % 0x11_0000)
                if (0xD800...0xDFFF).contains(value) { value = 0x41 }
                scalars.append(Unicode.Scalar(value)!)
            } else {
                scalars.append(interesting[Int(rng.next() % UInt64(interesting.count))])
            }
        }
        return String(scalars)
    }

    @Test func markdownEscapingMatchesTheScalarDefinition() {
        var rng = EscapingSplitMix(seed: 15)
        for _ in 0..<100_000 {
            let text = Self.randomText(&rng)
            #expect(MarkdownEscaping.inline(text) == ReferenceMarkdownEscaping.escape(text, backslash: "\\\\"), "\(Array(text.unicodeScalars))")
            #expect(MarkdownEscaping.tableCell(text) == ReferenceMarkdownEscaping.escape(text, backslash: "&#92;"), "\(Array(text.unicodeScalars))")
            // Appended as bytes after text already written (what a Markdown template does), the same escaping.
            var written = Array("| é".utf8)
            MarkdownEscaping.append(tableCell: text, to: &written)
            #expect(written == Array(("| é" + ReferenceMarkdownEscaping.escape(text, backslash: "&#92;")).utf8), "\(Array(text.unicodeScalars))")
        }
    }

    @Test func htmlEscapingMatchesTheScalarDefinition() {
        var rng = EscapingSplitMix(seed: 16)
        for _ in 0..<100_000 {
            let text = Self.randomText(&rng)
            #expect(HTMLEscaping.escape(text) == ReferenceHTMLEscaping.escape(text), "\(Array(text.unicodeScalars))")
            // Appended after text already written (what a template does), the same escaping.
            var written = Array("<p>é".utf8)
            HTMLEscaping.append(escaping: text, to: &written)
            #expect(written == Array(("<p>é" + ReferenceHTMLEscaping.escape(text)).utf8), "\(Array(text.unicodeScalars))")
        }
    }

    @Test func fixedCases() {
        #expect(MarkdownEscaping.inline("www.example.org") == "www\\.example.org")
        #expect(MarkdownEscaping.inline("see https://x") == "see https\\://x")
        #expect(MarkdownEscaping.inline("1. first") == "1\\. first")
        #expect(MarkdownEscaping.inline("-- x") == "\\-- x")
        #expect(MarkdownEscaping.inline("  a\u{2028}b\n") == "a b")
        #expect(MarkdownEscaping.tableCell("a\\|b") == "a&#92;\\|b")
        #expect(MarkdownEscaping.inline("plain text, 37.9 °C") == "plain text, 37.9 °C")
        #expect(HTMLEscaping.escape("\u{600}<é'") == "\u{2068}\u{600}&lt;é&#39;\u{2069}")
    }
}

/// A small seeded generator, so a failure is the same on every run.
struct EscapingSplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// MarkdownEscaping as it was defined scalar by scalar (commit aa05def).
enum ReferenceMarkdownEscaping {
    static func escape(_ text: String, backslash: String) -> String {
        var scalars: [Unicode.Scalar] = []
        var pendingSpace = false
        for scalar in DisplayText.cleaned(text).unicodeScalars {
            if isLineBreakOrTab(scalar) {
                pendingSpace = true
                continue
            }
            if pendingSpace {
                if !scalars.isEmpty { scalars.append(" ") }
                pendingSpace = false
            }
            if scalar == " ", scalars.isEmpty { continue }
            scalars.append(scalar)
        }
        var out = String.UnicodeScalarView()
        for (index, scalar) in scalars.enumerated() {
            if scalar == "\\" {
                out.append(contentsOf: backslash.unicodeScalars)
            } else if MarkdownEscaping.structural.contains(scalar) || startsExtendedAutolink(scalars, at: index) {
                out.append("\\")
                out.append(scalar)
            } else {
                out.append(scalar)
            }
        }
        return defusingLeadingMarker(String(out))
    }

    static func isLineBreakOrTab(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029: true
        default: false
        }
    }

    static func startsExtendedAutolink(_ scalars: [Unicode.Scalar], at index: Int) -> Bool {
        switch scalars[index] {
        case ":": return index + 2 < scalars.count && scalars[index + 1] == "/" && scalars[index + 2] == "/"
        case ".": return index >= 3 && scalars[(index - 3)..<index].allSatisfy { $0 == "w" || $0 == "W" }
        default: return false
        }
    }

    static func defusingLeadingMarker(_ text: String) -> String {
        let scalars = Array(text.unicodeScalars)
        guard let first = scalars.first else { return text }
        func endsMarker(at index: Int) -> Bool {
            index >= scalars.count || scalars[index] == " " || scalars[index] == "\t"
        }
        if first == "-" || first == "+" || first == "=" {
            if endsMarker(at: 1) || scalars[1] == first { return "\\" + text }
            return text
        }
        let digits = scalars.prefix { ("0"..."9").contains($0) }
        if !digits.isEmpty, digits.count <= 9, digits.count < scalars.count {
            let marker = scalars[digits.count]
            if (marker == "." || marker == ")") && endsMarker(at: digits.count + 1) {
                return String(String.UnicodeScalarView(digits)) + "\\" + String(String.UnicodeScalarView(scalars[digits.count...]))
            }
        }
        return text
    }
}

/// HTMLEscaping as it was defined scalar by scalar (commit aa05def).
enum ReferenceHTMLEscaping {
    static func escape(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        for scalar in DisplayText.cleaned(text).unicodeScalars {
            switch scalar {
            case "&": out.append(contentsOf: "&amp;".unicodeScalars)
            case "<": out.append(contentsOf: "&lt;".unicodeScalars)
            case ">": out.append(contentsOf: "&gt;".unicodeScalars)
            case "\"": out.append(contentsOf: "&quot;".unicodeScalars)
            case "'": out.append(contentsOf: "&#39;".unicodeScalars)
            default: out.append(scalar)
            }
        }
        return String(out)
    }
}
