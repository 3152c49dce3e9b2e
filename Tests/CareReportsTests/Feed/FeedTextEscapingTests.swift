import Testing

@testable import CareReports

/// XML escaping over UTF-8 bytes gives what escaping scalar by scalar gives (the reference below is
/// the earlier implementation), for every mix of markup, line breaks, controls, noncharacters and
/// text in any script.
@Suite struct FeedTextEscapingTests {
    static func reference(_ text: String, attribute: Bool) -> String {
        var out = ""
        var afterCR = false
        for scalar in DisplayText.cleaned(text).unicodeScalars {
            let wasCR = afterCR
            afterCR = false
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\r":
                afterCR = true
                out += attribute ? "&#xA;" : "\n"
            case "\n": if !wasCR { out += attribute ? "&#xA;" : "\n" }
            case "\t": out += attribute ? "&#x9;" : "\t"
            default: if FeedText.isXMLChar(scalar.value) { out.unicodeScalars.append(scalar) }
            }
        }
        return out
    }

    static let pieces = ["", "&", "<", ">", "\"", "'", "\r\n", "\r", "\n", "\t", "\u{1}", "\u{7F}", "\u{85}", "\u{FFFE}", "\u{FFFF}", "\u{FFFD}",
                         "\u{EFBF}", "é", "e\u{301}", "\u{202E}", "שלום", "🙂", "a b"]

    @Test func bytesAndScalarsGiveTheSameText() {
        for a in Self.pieces {
            for b in Self.pieces {
                for c in Self.pieces {
                    let text = a + b + c
                    for attribute in [false, true] {
                        #expect(FeedText.xmlEscaped(text, attribute: attribute) == Self.reference(text, attribute: attribute), "\(Array(text.unicodeScalars))")
                    }
                }
            }
        }
    }
}
