import Testing
@testable import CareReports

/// `MarkdownEscaping`: user plain text written into generated Markdown reads back as the same text.
@Suite("Markdown escaping")
struct MarkdownEscapingTests {
    let renderer = MarkdownRenderer()

    static let hostile: [String] = [
        "a | b",
        "`code` and ``more``",
        "<script>alert(1)</script>",
        "line one\nline two\r\nline three",
        "[x](javascript:alert(1))",
        "![img](https://evil.example/x.png)",
        "*stars* and _under_ and **bold** ~~gone~~",
        "# not a heading",
        "- not a list",
        "+ not a list",
        "1. not a list",
        "12) not a list",
        "> not a quote",
        "    not code",
        "=== not setext",
        "--- not a rule",
        "trailing backslash \\",
        "\\| escaped pipe \\",
        "back\\slash\\*",
        "&amp; &lt;b&gt; &#65;",
        "<https://example.com>",
        "|",
        "",
        "Émile O'Brien-Smith",
        "a\\\nb",
        "see https://example.com/a_b and www.example.com/x_y",
        "HTTP://EXAMPLE.COM/*x* WWW.EXAMPLE.COM",
        "[^1] footnote-ish",
        "<!-- comment -->",
    ]

    @Test("inline(_:) text renders as exactly that text, in one paragraph", arguments: hostile)
    func inlineReadsBack(value: String) {
        let markdown = "Name: " + MarkdownEscaping.inline(value)
        let html = renderer.html(markdown)
        let expected = MarkdownTestSupport.expectedLine("Name: " + MarkdownTestSupport.expectedLine(value))
        #expect(html == "<p>\(MarkdownTestSupport.htmlEscaped(expected))</p>\n", "\(markdown)")
    }

    @Test("inline(_:) at the start of a line starts no block structure", arguments: hostile)
    func inlineAtLineStart(value: String) {
        let escaped = MarkdownEscaping.inline(value)
        let expected = MarkdownTestSupport.expectedLine(value)
        let html = renderer.html(escaped)
        #expect(html == (expected.isEmpty ? "" : "<p>\(MarkdownTestSupport.htmlEscaped(expected))</p>\n"), "\(escaped)")
        #expect(!escaped.contains("\n"))
    }

    @Test("inline(_:) escapes structure characters and leading markers")
    func inlineExamples() {
        #expect(MarkdownEscaping.inline("a*b_c") == "a\\*b\\_c")
        #expect(MarkdownEscaping.inline("- x") == "\\- x")
        #expect(MarkdownEscaping.inline("1. x") == "1\\. x")
        #expect(MarkdownEscaping.inline("a\nb") == "a b")
        #expect(MarkdownEscaping.inline("[x](y)") == "\\[x\\](y)")
        #expect(MarkdownEscaping.inline("\\") == "\\\\")
    }

    /// A two-column table whose body rows are the given pairs, escaped with `tableCell(_:)`.
    static func table(_ rows: [(String, String)]) -> String {
        var lines = ["| Name | Value |", "| --- | --- |"]
        for (name, value) in rows {
            lines.append("| \(MarkdownEscaping.tableCell(name)) | \(MarkdownEscaping.tableCell(value)) |")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    @Test("a table of hostile values parses back to the same cells", arguments: hostile)
    func tableCellsSurvive(value: String) {
        let rows = [(value, "ok"), ("ok", value), (value, value)]
        let cells = MarkdownTestSupport.tableBodyCells(renderer.html(Self.table(rows)))
        let expected = MarkdownTestSupport.htmlEscaped(MarkdownTestSupport.expectedLine(value))
        #expect(cells == [[expected, "ok"], ["ok", expected], [expected, expected]], "\(Self.table(rows))")
    }

    @Test("tables built without spaces around the pipes hold too")
    func tightTable() {
        let value = "ends with \\"
        let table = "|A|B|\n|-|-|\n|\(MarkdownEscaping.tableCell(value))|\(MarkdownEscaping.tableCell("x|y"))|\n"
        let cells = MarkdownTestSupport.tableBodyCells(renderer.html(table))
        #expect(cells == [["ends with \\", "x|y"]], "\(table)")
    }

    @Test("random strings of Markdown punctuation keep every table row at two cells")
    func randomTableCells() {
        let alphabet = ["|", "\\", "`", "*", "_", "[", "]", "(", ")", "<", ">", "#", "!", "~", "&", ";", "-", "+",
                        ".", ":", "=", "\n", "://", "www.", " ", "  ", "\t", "a", "1", "é", "h", "t", "p", "s", "/", "w", "\"", "'"]
        var rng = MarkdownTestRandom(seed: 7)
        for _ in 0..<400 {
            let a = rng.string(from: alphabet, length: Int.random(in: 0...12, using: &rng))
            let b = rng.string(from: alphabet, length: Int.random(in: 0...12, using: &rng))
            let markdown = Self.table([(a, b)])
            let cells = MarkdownTestSupport.tableBodyCells(renderer.html(markdown))
            let plain = [a, b].map { MarkdownTestSupport.expectedLine($0) }
            #expect(cells.count == 1 && cells.first?.count == 2, "\(markdown)")
            let row = plain.filter { !$0.isEmpty }.joined(separator: " ")
            #expect(renderer.plainText(markdown) == "Name Value" + (row.isEmpty ? "" : "\n" + row), "\(markdown)")
            let inline = renderer.html(MarkdownEscaping.inline(a))
            let expectedInline = MarkdownTestSupport.expectedLine(a)
            #expect(inline == (expectedInline.isEmpty ? "" : "<p>\(MarkdownTestSupport.htmlEscaped(expectedInline))</p>\n"),
                    "\(MarkdownEscaping.inline(a))")
        }
    }
}
