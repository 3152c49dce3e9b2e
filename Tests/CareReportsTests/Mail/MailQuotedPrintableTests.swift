import CareReports
import Foundation
import Testing

/// Quoted-printable bodies decode to the input and keep every line within RFC 2045's limits.
@Suite struct MailQuotedPrintableTests {
    static let samples: [String] = [
        "",
        "plain ascii",
        "a = b and ==\n=3D is not an escape",
        "trailing space \nand tab\t\nend ",
        "Grüße aus Köln, naïve café — “quotes” … 日本語のテキスト",
        "emoji 👩‍👩‍👧‍👦 and flags 🇩🇪🇯🇵 and ❤️ and 🎉",
        String(repeating: "long line of words ", count: 20),
        String(repeating: "ü", count: 100),
        String(repeating: "=", count: 80) + "x",
        String(repeating: "a", count: 75) + " ",
        String(repeating: "a", count: 74) + "=",
        "From the start\nFrom here\n.\n.hidden\nnot From at start",
        "windows\r\nline\rendings\n",
        "\n\nblank lines\n\n\n",
        "control \u{01}\u{7F} bytes",
    ]

    @Test(arguments: samples) func roundTrips(_ text: String) {
        let encoded = QuotedPrintable.encode(text)
        let expected = text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
        #expect(MailTestSupport.decodeQuotedPrintable(encoded) == expected)
    }

    @Test(arguments: samples) func linesAreShortAsciiAndSafe(_ text: String) {
        let encoded = QuotedPrintable.encode(text)
        #expect(encoded.unicodeScalars.allSatisfy { $0.isASCII })
        #expect(!encoded.contains("=_"))
        let lines = encoded.components(separatedBy: "\r\n")
        for line in lines {
            #expect(line.utf8.count <= 76, "\(line)")
            #expect(!line.hasSuffix(" ") && !line.hasSuffix("\t"), "trailing white space: \(line)")
            #expect(!line.hasPrefix("From "), "mbox would mangle: \(line)")
            #expect(!line.hasPrefix("."), "a leading dot: \(line)")
            #expect(!line.contains("\r") && !line.contains("\n"))
            let piece = line.hasSuffix("=") ? String(line.dropLast()) : line
            #expect(!MailTestSupport.decodeQuotedPrintable(piece).contains("\u{FFFD}"), "a character split across lines: \(line)")
            for scalar in line.unicodeScalars {
                #expect(scalar.value >= 0x20 && scalar.value < 0x7F || scalar == "\t")
            }
        }
    }

    @Test func encodesTheSpecialCases() {
        #expect(QuotedPrintable.encode("a=b") == "a=3Db")
        #expect(QuotedPrintable.encode("end \nnext") == "end=20\r\nnext")
        #expect(QuotedPrintable.encode("From me\n.") == "=46rom me\r\n=2E")
        #expect(QuotedPrintable.encode("ü") == "=C3=BC")
        #expect(QuotedPrintable.encode(String(repeating: "a", count: 76)) == String(repeating: "a", count: 76))
        #expect(QuotedPrintable.encode(String(repeating: "a", count: 77))
            == String(repeating: "a", count: 75) + "=\r\naa")
    }
}
