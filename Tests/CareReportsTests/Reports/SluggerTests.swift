import Testing

@testable import CareReports

/// Slugs are lowercase ASCII letters, digits and hyphens, cut at about 60, unique per folder.
@Suite struct SluggerTests {
    @Test func slugsAreLowercaseLettersDigitsAndHyphens() {
        #expect(Slugger.base("Lisinopril 10 mg 2025-02-24") == "lisinopril-10-mg-2025-02-24")
        #expect(Slugger.base("  Élan — vital ") == "lan-vital")
        #expect(Slugger.base("\u{212A}elvin") == "kelvin")  // the Kelvin sign lowercases to an ASCII k
        #expect(Slugger.base("日本 🌷") == "item")
        // The slug stops growing once it has 60 characters or more (a hyphen and a word may pass 60).
        #expect(Slugger.base(String(repeating: "ab ", count: 40)).utf8.count == 61)
        #expect(Slugger.base(String(repeating: "a", count: 80)).utf8.count == 60)
        var slugger = Slugger()
        #expect([slugger.slug("A b"), slugger.slug("a-b"), slugger.slug("A  B")] == ["a-b", "a-b-2", "a-b-3"])
    }

    /// The byte-built slug is the one built over scalars and their properties, for random texts of
    /// letters in both cases, digits, accents, symbols and characters that lowercase to ASCII.
    @Test func bytesGiveTheSameSlugAsScalars() {
        let pieces = ["A", "z", "Q", "0", "9", " ", "-", "_", ".", "é", "Ñ", "ß", "İ", "\u{212A}", "\u{301}", "日", "🌷", "µ", "ﬁ", "Ⅻ", "\t"]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<3_000 {
            let text = (0..<Int.random(in: 0...90, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
            #expect(Slugger.base(text) == Self.referenceBase(text), "\(text.debugDescription)")
        }
    }

    /// `Slugger.base` as it was written over scalars and their properties.
    static func referenceBase(_ text: String) -> String {
        var slug = ""
        var pendingHyphen = false
        for scalar in text.lowercased().unicodeScalars {
            if scalar.isASCII, scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) {
                if pendingHyphen, !slug.isEmpty { slug += "-" }
                slug.unicodeScalars.append(scalar)
                pendingHyphen = false
            } else {
                pendingHyphen = true
            }
            if slug.count >= 60 { break }
        }
        return slug.isEmpty ? "item" : slug
    }
}
