import Foundation
import Testing

@testable import CareReports

/// carereport's own trimming cuts exactly what Foundation's `trimmingCharacters(in:)` cuts with the
/// same sets, scalar by scalar, for every kind of space, line break and what is neither.
@Suite struct TrimmingTests {
    static let pieces: [String] = [
        "", " ", "\t", "\n", "\r\n", "\r", "\u{0B}", "\u{0C}", "\u{85}", "\u{A0}", "\u{1680}", "\u{2000}", "\u{200A}", "\u{200B}",
        "\u{2028}", "\u{2029}", "\u{202F}", "\u{205F}", "\u{3000}", "\u{FEFF}", "a", "é", "e\u{301}", "\u{301}", "日本", "🙂", "x y", "<", "\u{1}",
    ]

    @Test func sameAsFoundationForEveryMixOfThreePieces() {
        var compared = 0
        for a in Self.pieces {
            for b in Self.pieces {
                for c in Self.pieces {
                    let text = a + b + c
                    #expect(text.trimmingSpaces() == text.trimmingCharacters(in: .whitespaces), "\(Array(text.unicodeScalars))")
                    #expect(text.trimmingNewlines() == text.trimmingCharacters(in: .newlines), "\(Array(text.unicodeScalars))")
                    #expect(
                        text.trimmingSpacesAndNewlines() == text.trimmingCharacters(in: .whitespacesAndNewlines), "\(Array(text.unicodeScalars))")
                    compared += 1
                }
            }
        }
        #expect(compared == Self.pieces.count * Self.pieces.count * Self.pieces.count)
    }

    @Test func everySpaceSeparatorIsASpace() {
        for value in UInt32(0)...0xFFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            #expect(Trimming.isSpace(scalar) == CharacterSet.whitespaces.contains(scalar), "U+\(String(value, radix: 16))")
            #expect(Trimming.isNewline(scalar) == CharacterSet.newlines.contains(scalar), "U+\(String(value, radix: 16))")
        }
    }
}
