@testable import CareReports
import Foundation
import Testing

/// Plain-text wrapping and tables for fixed-width mail readers.
@Suite struct MailTextWrapperTests {
    @Test func wrapsAtWordBoundariesWithinTheWidth() {
        let text = String(repeating: "The care circle visited Grandma and wrote notes. ", count: 6)
        for width in [20, 40, 72] {
            let wrapped = TextWrapper.wrap(text, width: width)
            let lines = wrapped.split(separator: "\n")
            #expect(lines.count > 1)
            for line in lines {
                #expect(line.count <= width, "\(line)")
                #expect(!line.hasSuffix(" ") && !line.hasPrefix(" "))
            }
            #expect(wrapped.split(whereSeparator: \.isWhitespace) == text.split(whereSeparator: \.isWhitespace))
        }
    }

    @Test func everyLineBreakBecomesALineFeed() {
        #expect(TextWrapper.wrap("a\r\nb\rc\n\r\nd\r\re", width: 72) == "a\nb\nc\n\nd\n\ne")
        #expect(TextWrapper.wrap("é\r\n日本\r🙂", width: 72) == "é\n日本\n🙂")
    }

    @Test func exactWrap() {
        #expect(TextWrapper.wrap("one two three four five six", width: 10) == "one two\nthree four\nfive six")
        #expect(TextWrapper.wrap("short\n\nlines  stay   as they are", width: 72) == "short\n\nlines  stay   as they are")
        #expect(TextWrapper.wrap("a\r\nb", width: 72) == "a\nb")
    }

    @Test func listItemsContinueUnderTheirText() {
        let text = "- Ann visited on Monday and brought the photo albums from the attic\n"
            + "12. Dr. Example changed the blood pressure medication after the check-up\n"
            + "  * nested item that is long enough to need wrapping onto a second line"
        let wrapped = TextWrapper.wrap(text, width: 40)
        #expect(wrapped == """
        - Ann visited on Monday and brought the
          photo albums from the attic
        12. Dr. Example changed the blood
            pressure medication after the
            check-up
          * nested item that is long enough to
            need wrapping onto a second line
        """)
    }

    @Test func urlsAreNeverBroken() {
        let url = "https://care.example.org/circles/example-family/weeks/2025-W16/report.html?viewer=ann"
        let text = "See the full report at \(url) for details, or write to family-circle@example.org."
        let wrapped = TextWrapper.wrap(text, width: 30)
        let lines = wrapped.split(separator: "\n").map(String.init)
        #expect(lines.contains(url))
        #expect(wrapped.contains("family-circle@example.org."))
        for line in lines where !line.contains("://") { #expect(line.count <= 30, "\(line)") }
    }

    @Test func tablesCodeAndShortLinesAreUntouched() {
        let table = "| Day | Visits | Notes about the visit that go on and on and on and on and on and on |"
        let code = "    let x = some.long.code.line(that, must, not, be, wrapped, at, all, ever, ever, ever)"
        let short = "Short line."
        let text = [table, code, short].joined(separator: "\n")
        #expect(TextWrapper.wrap(text, width: 40) == text)
    }

    @Test func longWordsAreCutAndWideCharactersCountTwo() {
        let wrapped = TextWrapper.wrap(String(repeating: "x", count: 25), width: 10)
        #expect(wrapped == "xxxxxxxxxx\nxxxxxxxxxx\nxxxxx")
        let cjk = TextWrapper.wrap("日本語 日本語 日本語 日本語", width: 14)
        #expect(cjk == "日本語 日本語\n日本語 日本語")
        #expect(TextWrapper.displayWidth("a日🌷é👩‍👩‍👧") == 1 + 2 + 2 + 1 + 2)
        // Plain ASCII is counted by bytes: the same as Character by Character, CR LF (one Character) included.
        for text in ["", "abc", "a\tb", "#*0", "a\r\nb", "\r", "x\u{1}y"] {
            #expect(TextWrapper.displayWidth(text) == text.reduce(0) { $0 + TextWrapper.displayWidth($1) }, "\(Array(text.utf8))")
        }
    }

    @Test func wrapIsDeterministic() {
        let text = "- " + String(repeating: "wörd ", count: 50)
        #expect(TextWrapper.wrap(text) == TextWrapper.wrap(text))
    }

    @Test func tableIsAligned() {
        let table = TextWrapper.table(
            headers: ["Day", "Visits", "Note"],
            rows: [
                ["Mon 14 Apr", "3", "Walk in the park"],
                ["Tue 15 Apr", "12", "Doctor: blood pressure check and a change of the medication"],
                ["Wed", "0"],
            ],
            alignRight: [1]
        )
        #expect(table == """
        Day         Visits  Note
        ----------  ------  ----------------------------
        Mon 14 Apr       3  Walk in the park
        Tue 15 Apr      12  Doctor: blood pressure chec…
        Wed              0
        """)
    }

    @Test func wrapLeavesTableOutputAlone() {
        let table = TextWrapper.table(
            headers: ["Day", "Visits", "Note"],
            rows: [["Mon 14 Apr", "3", "A very long note that will be truncated somewhere"], ["Tue", "1", "Short"]],
            alignRight: [1]
        )
        let text = "- Ann visited on Monday and brought the photo albums from the attic\n\n" + table + "\n\nAfter the table comes more prose that is long enough to wrap."
        let wrapped = TextWrapper.wrap(text, width: 40)
        #expect(wrapped.contains("\n\n" + table + "\n\n"))
        #expect(wrapped.hasSuffix("After the table comes more prose that is\nlong enough to wrap."))
        #expect(TextWrapper.wrap("Heading that is long enough to need wrapping here\n---\ntext", width: 20)
            == "Heading that is long\nenough to need\nwrapping here\n---\ntext")
    }

    @Test func tableMeasuresWideCharacters() {
        let table = TextWrapper.table(headers: ["名前", "n"], rows: [["ab", "1"], ["日本🌷", "22"]], alignRight: [1])
        let lines = table.split(separator: "\n")
        #expect(lines.map { TextWrapper.displayWidth($0) } == [10, 10, 10, 10])
        #expect(table == "名前     n\n------  --\nab       1\n日本🌷  22")
        #expect(TextWrapper.table(headers: [], rows: [], alignRight: []) == "")
        #expect(TextWrapper.table(headers: ["a\nb"], rows: [["x\ty"]], alignRight: []) == "a b\n---\nx y")
    }

    /// The byte-by-byte table-rule test says what splitting on two spaces said, for every line of up
    /// to seven characters made of dashes, spaces and a letter.
    @Test func tableRulesAreThoseOfDashRunsTwoSpacesApart() {
        func reference(_ line: Substring) -> Bool {
            let groups = line.split(separator: "  ", omittingEmptySubsequences: false)
            return groups.count >= 2 && groups.allSatisfy { !$0.isEmpty && $0.allSatisfy { $0 == "-" } }
        }
        var lines: [String] = [""]
        var all: [String] = [""]
        for _ in 1...7 {
            lines = lines.flatMap { line in ["-", " ", "x"].map { line + $0 } }
            all += lines
        }
        var rules = 0
        for line in all {
            #expect(TextWrapper.isTableRule(Substring(line)) == reference(Substring(line)), "\(line)")
            if reference(Substring(line)) { rules += 1 }
        }
        #expect(rules > 5)
        #expect(TextWrapper.isTableRule("——  ——") == false)
    }

    /// Lines found in the bytes are the lines splitting the characters at line feeds gives, empty
    /// lines and combining marks after a line feed included.
    @Test func linesAreThoseOfSplittingCharactersAtLineFeeds() {
        for text in ["", "\n", "a", "a\n", "\na", "a\n\nb", "é\n\u{301}x\n", "日本\n🌷\n\n", "\n\n\n"] {
            #expect(TextWrapper.lines(of: text) == text.split(separator: "\n", omittingEmptySubsequences: false), "\(text.debugDescription)")
        }
    }

    /// Where every scalar is a Character of its own below U+0300 (English, Spanish), widths are
    /// scalar counts and words are split at space bytes: the same as Character by Character, and
    /// anything else (combining marks, CR LF, wide and emoji characters) is not taken for simple.
    @Test func simpleTextIsMeasuredAndSplitAsCharactersAre() {
        let pieces = ["a", " ", "  ", "é", "ñ", "¿", "°C", "µg", "ǅ", "\u{2B0}", "\u{301}", "e\u{301}", " \u{301}", "\r", "\r\n", "\t", "日", "🌷", "❤\u{FE0F}", "—", "x",
                      "…", "•", "→", "≥", "€", "‼", "↔", "↔\u{FE0F}", "\u{200B}", "\u{200D}", "\u{2028}", "\u{202E}", "\u{2060}", "\u{20D7}", "a\u{20DD}", "\u{2002}", "⌚", "\u{2300}", "\u{1100}",
                      "✓", "✗", "▲", "▼", "✗\u{FE0F}", "▶", "✔"]
        var generator = SystemRandomNumberGenerator()
        var simple = 0
        for _ in 0..<4_000 {
            let text = (0..<Int.random(in: 0...8, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
            let characters = text.reduce(0) { $0 + TextWrapper.displayWidth($1) }
            #expect(TextWrapper.displayWidth(text) == characters, "\(text.debugDescription)")
            if let count = TextWrapper.simpleScalars(text) {
                simple += 1
                #expect(count == text.count, "\(text.debugDescription)")
                let bytes = TextWrapper.simpleWords(Substring(text)).map { "\($0.gap)|\($0.word)" }
                let reference = TextWrapper.charactersWords(Substring(text)).map { "\($0.gap)|\($0.word)" }
                #expect(bytes == reference, "\(text.debugDescription)")
            }
        }
        #expect(simple > 100)
        for text in ["e\u{301}", " \u{301}", "a\r\nb", "日本", "🌷", "❤\u{FE0F}", "a\u{200D}b", "x\u{20D7}", "⌚"] {
            #expect(TextWrapper.simpleScalars(text) == nil, "\(text.debugDescription)")
        }
        #expect(TextWrapper.simpleScalars("Lisinopril 10 → 20 mg — 3 días… •") == 33)
        #expect(TextWrapper.simpleScalars("Presión 120/80 mmHg, 37,5 °C") == 28)
        #expect(TextWrapper.simpleScalars("✗ Doses: 2 missed ▲ ✓ ▼") == 23)
        #expect(TextWrapper.simpleScalars("✗\u{FE0F}") == nil && TextWrapper.simpleScalars("▶") == nil)
        for mark in ["✓", "✗", "▲", "▼"] { #expect(TextWrapper.displayWidth(Character(mark)) == 1 && mark.unicodeScalars.count == 1) }
    }

    /// A simple line (see `simpleScalars`) is wrapped over its bytes exactly as Character by
    /// Character: list markers, indents, code, tables, URLs and addresses, words cut to the width.
    @Test func simpleLinesWrapAsCharactersDo() {
        let pieces = ["word", "año", "°C", "x", " ", "  ", "- ", "* ", "+ ", "• ", "•", "12. ", "3) ", "|", "\t", "www.example.org/a/b", "https://x.y/zzzzzzzzzz",
                      "10 → 20 mg", "—", "…", "“quoted”", "≥140", "€5", "x\u{20D7}", "✗ ", "▲ ", "✓", "▼", "✗\u{FE0F}", "▲\u{301}",
                      "ana@example.org", "mailto:a@b.c", "(www.a.b)", "Supercalifragilisticexpialidocious", "µg/día", "ñññññññññññññññ", "1234567890"]
        var generator = SystemRandomNumberGenerator()
        var wrapped = 0
        for _ in 0..<5_000 {
            let line = (0..<Int.random(in: 0...14, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
            guard TextWrapper.simpleScalars(line) != nil else { continue }
            for width in [1, 5, 12, 30] {
                let bytes = TextWrapper.simpleWrapLine(Substring(line), width: width)
                #expect(bytes == TextWrapper.charactersWrapLine(Substring(line), width: width), "\(line.debugDescription) \(width)")
                if bytes.count > 1 { wrapped += 1 }
            }
        }
        #expect(wrapped > 1_000)
    }

    /// A cell is made one line by turning tabs and every kind of line break into spaces; a cell with
    /// none is kept as it is (found in its bytes), the same as mapping its Characters.
    @Test func cellsAreMadeOneLineAsCharactersAre() {
        let pieces = ["a", "é", " ", "\t", "\n", "\r", "\r\n", "\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{2029}", "\u{2027}", "\u{2030}", "Â", "…", "日"]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<3_000 {
            let text = (0..<Int.random(in: 0...8, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
            #expect(TextWrapper.singleLine(text) == String(text.map { $0.isNewline || $0 == "\t" ? " " : $0 }), "\(text.debugDescription)")
        }
    }
}
