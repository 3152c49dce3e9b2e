#if canImport(Foundation)
import Foundation
#endif
import Testing
@testable import CareReports

/// `MarkdownRenderer.markdown(_:)` and `plainText(_:)`, and the renderer's determinism and stability.
@Suite("Markdown renderer: CommonMark, plain text, stability")
struct MarkdownRendererCommonMarkTests {
    let renderer = MarkdownRenderer()

    /// Inputs that exercise every sanitising rule and the awkward corners of cmark's CommonMark writer.
    static let corpus: [String] = [
        "# Title\n\nSome *emphasis*, **strong**, `code` and ~~strike~~.",
        "<script>alert(1)</script>\n\nafter",
        "inline <b>bold</b> and <img src=x onerror=alert(1)> html",
        "<span></span>",
        "[bad](javascript:alert(1)) [good](https://example.com) [rel](../x) [mail](mailto:a@b.co)",
        "[script](mailto:script) [x](mailto:x) [a@b.co](mailto:a@b.co)",
        "[https://a.example*x*](https://a.example) [https://a.example\\<b](https://a.example<b)",
        "[x onmouseover=alert(1)](<mailto:x onmouseover=alert(1)>)",
        "![alt *text*](https://evil.example/x.png) and [![logo](l.png)](https://example.com)",
        "www.example.com and https://example.com/path?q=1 and carer@example.com",
        "- a\n- b\n\n1. c\n2. d",
        "- a\n- b\n\n<!-- split -->\n\n- c\n- d",
        "- a\n- b\n\n<!-- -->\n\n    indented code",
        "- a\n  - b\n\n  <!-- -->\n\n      code in item",
        "> - q\n>\n> <!-- -->\n>\n> - r",
        "```\n<!-- end list -->\n<script>\n```\n\n- a\n\n<!-- -->\n\n- b",
        "> ```\n> <!-- end list -->\n> ```",
        "| a | b |\n| --- | :-: |\n| `x\\|y` | [l](javascript:x) |\n| <b>c</b> | ![i](i.png) |",
        "Setext\n===\n\n## Sub\n\n###### Deep",
        "1) one\n2) two\n\n* star\n\n+ plus",
        "Hard  \nbreak and soft\nbreak",
        "ftp://files.example.org and [ftp://x.example](javascript:x) and https\\://x.example www\\.example.com",
        "a \\| b\n\\:-- \\| --:",
        "\\~\\~not struck\\~\\~ [see https://a.example | b](https://b.example)",
        "Text with \\* escapes \\_ and &amp; entities &lt;script&gt;",
        "[ref link][r]\n\n[r]: javascript:alert(1)",
        "[ref link][r]\n\n[r]: https://example.com \"Title\"",
        "---\n\n***\n\n> quote\n> > nested",
        "",
    ]

    @Test("markdown(_:) output holds no raw HTML, no image and no refused link", arguments: corpus)
    func markdownOutputIsSanitised(input: String) {
        let markdown = renderer.markdown(input)
        let types = renderer.parsedNodeTypes(markdown)
        #expect(!types.contains("html_block") && !types.contains("html_inline"), "\(markdown)")
        #expect(!types.contains("image"), "\(markdown)")
        for url in renderer.parsedLinkURLs(markdown) {
            #expect(MarkdownLinkPolicy.allowedURL(url) != nil, "\(url) in \(markdown)")
        }
    }

    @Test("markdown(_:) output renders back to the same HTML", arguments: corpus)
    func markdownRoundTrips(input: String) {
        let markdown = renderer.markdown(input)
        // The headings in `markdown` are already demoted: render them at face value.
        #expect(renderer.html(markdown, headingBase: 1) == renderer.html(input), "markdown:\n\(markdown)")
    }

    @Test("markdown(_:) demotes headings and drops what html(_:) drops")
    func markdownSpecifics() {
        #expect(renderer.markdown("# Title\n\n## Sub") == "#### Title\n\n##### Sub\n")
        #expect(renderer.markdown("# Title", headingBase: 2) == "## Title\n")
        #expect(renderer.markdown("[x](javascript:alert(1)) <script>y</script> ![alt](i.png)") == "x y alt\n")
        #expect(renderer.markdown("[script](mailto:script)") == "script\n")
        #expect(renderer.markdown("a@b.co") == "<a@b.co>\n")
        #expect(renderer.markdown("- a\n\n<!-- -->\n\n- b").contains("[//]: #"))
    }

    @Test("plainText(_:) keeps only the text")
    func plainText() {
        #expect(renderer.plainText("# Title with *emphasis*") == "Title with emphasis")
        #expect(renderer.plainText("Call [Dr Lee](javascript:x) or see ![chart](c.png) ~~old~~")
            == "Call Dr Lee or see chart old")
        #expect(renderer.plainText("<script>alert(1)</script>\n\nline one\nline two") == "line one line two")
        #expect(renderer.plainText("- a\n- b\n\n> c") == "a\nb\nc")
        #expect(renderer.plainText("| A | B |\n| - | - |\n| 1 | 2 |") == "A B\n1 2")
        #expect(renderer.plainText("   ") == "")
    }

    @Test("output is deterministic, across calls, renderers and threads")
    func deterministic() async {
        let input = MarkdownRendererCommonMarkTests.corpus.joined(separator: "\n\n")
        let html = renderer.html(input)
        let markdown = renderer.markdown(input)
        #expect(MarkdownRenderer().html(input) == html)
        #expect(renderer.markdown(input) == markdown)
        // cmark-gfm keeps parser state in globals; concurrent renders must not disturb each other.
        let results = await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    let local = MarkdownRenderer()
                    for _ in 0..<100 where local.html(input) != html || local.markdown(input) != markdown {
                        return false
                    }
                    return true
                }
            }
            return await group.reduce(into: [Bool]()) { $0.append($1) }
        }
        #expect(results == Array(repeating: true, count: 8))
    }

    @Test("10,000 renders run without crashing or growing memory")
    func stress() {
        let inputs = MarkdownRendererCommonMarkTests.corpus.filter { !$0.isEmpty }
        var rng = MarkdownTestRandom(seed: 42)
        let expected = inputs.map { renderer.html($0) }
        for index in 0..<500 { _ = renderer.markdown(inputs[index % inputs.count]) }
        let before = Self.residentBytes()
        var mismatches = 0
        for _ in 0..<10_000 {
            let pick = Int.random(in: 0..<inputs.count, using: &rng)
            if renderer.html(inputs[pick]) != expected[pick] { mismatches += 1 }
            _ = renderer.markdown(inputs[pick])
            _ = renderer.plainText(inputs[pick])
        }
        let after = Self.residentBytes()
        #expect(mismatches == 0)
        if let before, let after {
            #expect(after - before < 64 << 20, "resident memory grew by \(after - before) bytes")
        }
    }

    /// The process's resident set size (Linux), or nil where it cannot be read.
    static func residentBytes() -> Int? {
        #if os(Linux)
        guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return nil }
        let fields = statm.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return nil }
        return pages * 4096
        #else
        return nil
        #endif
    }
}
