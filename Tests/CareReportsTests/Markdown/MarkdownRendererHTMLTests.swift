import Testing
@testable import CareReports

/// `MarkdownRenderer.html(_:)`: GFM rendering with raw HTML, unsafe links and images taken out.
@Suite("Markdown renderer: HTML")
struct MarkdownRendererHTMLTests {
    let renderer = MarkdownRenderer()

    @Test("raw HTML never reaches the output as a tag", arguments: [
        "<script>alert(1)</script>",
        "before <script>alert(1)</script> after",
        "<img src=x onerror=alert(1)>",
        "text <img src=x onerror=alert(1)> text",
        "<iframe src=\"https://evil.example\"></iframe>",
        "para with <iframe src=https://evil.example> inline",
        "<svg onload=alert(1)>",
        "- item <script>alert(1)</script>\n- <img src=x onerror=alert(1)>",
        "| a | b |\n| --- | --- |\n| <script>x</script> | <img src=x onerror=alert(1)> |",
        "> <iframe srcdoc=\"<script>alert(1)</script>\">",
        "<div>\n<script>alert(1)</script>\n</div>",
        "<SCRIPT>alert(1)</SCRIPT>",
        "<a href=\"javascript:alert(1)\">x</a>",
    ])
    func rawHTMLIsRemoved(input: String) {
        let html = renderer.html(input)
        for tag in ["script", "img", "iframe", "svg", "div", "a"] {
            #expect(!MarkdownTestSupport.hasTag(html, tag), "<\(tag)> in \(html)")
        }
        #expect(!html.lowercased().contains("onerror"), "\(html)")
        #expect(!html.lowercased().contains("onload"), "\(html)")
        #expect(!html.contains("raw HTML omitted"), "raw HTML should be removed outright: \(html)")
    }

    @Test("text around removed inline HTML stays")
    func textAroundInlineHTMLStays() {
        #expect(renderer.html("before <span onclick=x>middle</span> after") == "<p>before middle after</p>\n")
    }

    @Test("refused links are dropped and their text kept", arguments: [
        "javascript:alert(1)",
        "JaVaScRiPt:alert(1)",
        "&#32;javascript:alert(1)",
        "&#x09;javascript:alert(1)",
        "java&#x09;script:alert(1)",
        "&#x1;javascript:alert(1)",
        "&#x200B;javascript:alert(1)",
        "<\u{0B}javascript:alert(1)>",
        "data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==",
        "DATA:text/html,hi",
        "vbscript:msgbox(1)",
        "file:///etc/passwd",
        "ftp://example.com/file",
        "tel:+15551234",
        "javascript&#58;alert(1)",
    ])
    func refusedLinksAreUnwrapped(destination: String) {
        let html = renderer.html("See [the *notes*](\(destination)) here.")
        #expect(html == "<p>See the <em>notes</em> here.</p>\n", "\(destination) → \(html)")
    }

    @Test("angle-bracket autolinks with refused schemes keep only their text")
    func refusedAutolinks() {
        #expect(renderer.html("<javascript:alert(1)>") == "<p>javascript:alert(1)</p>\n")
        #expect(renderer.html("<data:text/html,hi>") == "<p>data:text/html,hi</p>\n")
    }

    @Test("http, https, mailto and links to the site's own pages are kept", arguments: [
        ("https://example.com/a?b=c", "https://example.com/a?b=c"),
        ("HTTPS://EXAMPLE.COM", "HTTPS://EXAMPLE.COM"),
        ("http://example.org", "http://example.org"),
        ("mailto:carer@example.com", "mailto:carer@example.com"),
        ("#section", "#section"),
        ("notes.html", "notes.html"),
        ("weeks/2025-W15.html#doses", "weeks/2025-W15.html#doses"),
        ("./medications.html?x=1", "./medications.html?x=1"),
    ])
    func allowedLinksAreKept(destination: String, href: String) {
        let html = renderer.html("[link](\(destination))")
        #expect(html == "<p><a href=\"\(href)\">link</a></p>\n")
    }

    @Test("a relative link that leaves the site is only its text", arguments: [
        "//evil.org/x", "/etc/passwd", "../../x", "../up/one", "?x=1", "a/../../b", "%2e%2e/x", "a/.%2E/b",
        "\\\\evil.org\\x", "/\\evil.org", " //evil.org",
    ])
    func linksLeavingTheSiteAreRefused(destination: String) {
        let html = renderer.html("[link](<\(destination)>)")
        #expect(!html.contains("<a"), "\(destination) stayed a link: \(html)")
        #expect(html.contains("link"))
    }

    @Test("control and bidi characters are dropped from text, code and titles, character references included")
    func controlAndBidiCharactersAreDropped() {
        let hostile = "a\u{202E}b\u{2066}c\u{2069}\u{7}\u{1B}[31m\u{85}\u{FFFE} &#x202E;&#7;&#x1B;&#x2066; `x\u{202E}y` [t](https://e.org \"q\u{202D}r\")"
        for output in [renderer.html(hostile), renderer.markdown(hostile), renderer.plainText(hostile), renderer.html("```\u{202E}\ncode\u{7}\n```")] {
            for scalar in ["\u{202E}", "\u{202D}", "\u{2066}", "\u{2069}", "\u{7}", "\u{1B}", "\u{85}", "\u{FFFE}"] as [Unicode.Scalar] {
                #expect(!output.unicodeScalars.contains(scalar), "U+\(String(scalar.value, radix: 16)) in \(output)")
            }
        }
        #expect(renderer.html("a\u{202E}b") == "<p>ab</p>\n")
    }

    @Test("www., http(s):// and e-mail text autolinks")
    func autolinks() {
        #expect(renderer.html("Visit www.example.com today")
            == "<p>Visit <a href=\"http://www.example.com\">www.example.com</a> today</p>\n")
        #expect(renderer.html("Docs at https://example.com/docs.")
            == "<p>Docs at <a href=\"https://example.com/docs\">https://example.com/docs</a>.</p>\n")
        #expect(renderer.html("<https://example.com>")
            == "<p><a href=\"https://example.com\">https://example.com</a></p>\n")
        #expect(renderer.html("Write to carer@example.com")
            == "<p>Write to <a href=\"mailto:carer@example.com\">carer@example.com</a></p>\n")
    }

    @Test("GFM tables and strikethrough render")
    func tablesAndStrikethrough() {
        let html = renderer.html("| Drug | Dose |\n| :--- | ---: |\n| Aspirin | 100 mg |\n\n~~old~~ new")
        #expect(html.contains("<table>"))
        #expect(html.contains("<th align=\"left\">Drug</th>"))
        #expect(html.contains("<td align=\"right\">100 mg</td>"))
        #expect(html.contains("<p><del>old</del> new</p>"))
    }

    @Test("images become their alt text, nothing is fetched")
    func imagesBecomeAltText() {
        #expect(renderer.html("Look: ![A *red* rash](https://evil.example/track.png \"t\")")
            == "<p>Look: A red rash</p>\n")
        #expect(renderer.html("[![logo](logo.png)](https://example.com)")
            == "<p><a href=\"https://example.com\">logo</a></p>\n")
        #expect(renderer.html("![](https://evil.example/pixel.gif)") == "")
        #expect(renderer.html("![x][ref]\n\n[ref]: https://evil.example/x.png") == "<p>x</p>\n")
        #expect(!renderer.html("![a](data:image/png;base64,AAAA)").contains("data:"))
    }

    @Test("headings are demoted below the page's own")
    func headingDemotion() {
        let html = renderer.html("# One\n\n## Two\n\n### Three\n\n#### Four\n\n###### Six\n\nSetext\n======")
        #expect(html == "<h4>One</h4>\n<h5>Two</h5>\n<h6>Three</h6>\n<h6>Four</h6>\n<h6>Six</h6>\n<h4>Setext</h4>\n")
        #expect(renderer.html("# A\n\n## B", headingBase: 2) == "<h2>A</h2>\n<h3>B</h3>\n")
        #expect(renderer.html("# A", headingBase: 1) == "<h1>A</h1>\n")
        #expect(renderer.html("# A", headingBase: 0) == "<h1>A</h1>\n")
        #expect(renderer.html("# A", headingBase: 9) == "<h6>A</h6>\n")
    }

    static let tagfilterTags = ["title", "textarea", "style", "xmp", "iframe", "noembed", "noframes", "script", "plaintext"]

    @Test("the tagfilter extension is attached", arguments: tagfilterTags)
    func tagfilterIsAttached(tag: String) {
        // With raw HTML switched on (never done for output) the tagfilter alone must defuse the tag.
        let unsafe = renderer.unsanitizedUnsafeHTML("x <\(tag)>y</\(tag)>\n\n<\(tag)>\nz\n</\(tag)>")
        #expect(!MarkdownTestSupport.hasTag(unsafe, tag), "\(unsafe)")
        #expect(unsafe.contains("&lt;\(tag)>"), "\(unsafe)")
        // And the real output has no trace of the tag at all.
        let html = renderer.html("x <\(tag)>y</\(tag)>\n\n<\(tag)>\nz\n</\(tag)>")
        #expect(!html.lowercased().contains(tag), "\(html)")
    }

    @Test("link titles and code are escaped, not interpreted")
    func escapingInsideKeptConstructs() {
        #expect(renderer.html("[a](https://x.example \"\\\"><script>\")")
            == "<p><a href=\"https://x.example\" title=\"&quot;&gt;&lt;script&gt;\">a</a></p>\n")
        #expect(renderer.html("`<script>`") == "<p><code>&lt;script&gt;</code></p>\n")
        #expect(renderer.html("```\n<script>\n```") == "<pre><code>&lt;script&gt;\n</code></pre>\n")
    }

    @Test("line breaks: soft breaks stay, smart punctuation only when asked")
    func optionsAreApplied() {
        #expect(renderer.html("a\nb") == "<p>a\nb</p>\n")
        #expect(renderer.html("\"quoted\" -- x") == "<p>&quot;quoted&quot; -- x</p>\n")
        #expect(MarkdownRenderer(smartPunctuation: true).html("\"quoted\" -- x") == "<p>“quoted” – x</p>\n")
    }
}
