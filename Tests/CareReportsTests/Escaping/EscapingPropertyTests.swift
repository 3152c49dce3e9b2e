import CCmarkGFM
import CLibXML2
import Foundation
import PropertyBased
import Testing
@testable import CareReports

/// The project's escaping over random strings of markup characters and of the scalars that join a
/// grapheme cluster with them (combining, prepend, ZWJ), bidi controls and letters, and controls.
/// HTML: the escaped text, parsed by libxml2's HTML parser, is exactly one text node equal to the
/// text as it should be shown. Markdown: cmark-gfm reads the escaped text, inline and in a table
/// cell, as that same text and nothing else (no HTML, link, image, code or emphasis node).
@Suite("Escaping properties")
struct EscapingPropertyTests {
    @Test("HTML escaping yields one text node equal to the shown text (10,000 strings)")
    func htmlEscapingIsOneTextNode() async {
        await propertyCheck(count: 10_000, input: HostileText.generator) { text in
            let expected = "[" + text.shown + "]"
            let nodes = HTMLParse.paragraphChildren("<p>[" + HTMLEscaping.escape(text.value) + "]</p>")
            #expect(nodes == [.text(expected)], "\(text)")
        }
    }

    @Test("Markdown escaping yields the shown text and no other node (10,000 strings)")
    func markdownEscapingIsText() async {
        await propertyCheck(count: 10_000, input: HostileText.generator) { text in
            let expected = text.shownOnOneLine
            let inline = MarkdownParse.inlineNodes("Name: " + MarkdownEscaping.inline(text.value))
            #expect(inline.kinds.isSubset(of: ["document", "paragraph", "text"]), "\(inline.kinds) for \(text)")
            #expect(inline.text == ("Name: " + expected).trimmingASCIISpaces, "\(text)")

            let table = "| Name | Note |\n| --- | --- |\n| " + MarkdownEscaping.tableCell(text.value) + " | end |\n"
            let cells = MarkdownParse.tableCells(table)
            #expect(cells.kinds.isSubset(of: ["document", "table", "table_header", "table_row", "table_cell", "text"]), "\(cells.kinds) for \(text)")
            #expect(cells.rows == [["Name", "Note"], [expected.trimmingASCIISpaces, "end"]], "\(text)")
        }
    }

    @Test("templates escape with the project's escaping: HTML, Markdown and plain text (2,000 strings)")
    func templatesEscapeOverScalars() async throws {
        let renderer = try PageRenderer(templates: TemplateSet(defaults: [
            "html/probe.mustache": "<p>[{{value}}]</p>",
            "md/probe.mustache": "{{% CONTENT_TYPE: MARKDOWN }}\n| Name | Note |\n| --- | --- |\n| {{value}} | end |\n",
            "text/probe.mustache": "{{% CONTENT_TYPE: TEXT }}[{{value}}]",
        ]))
        await propertyCheck(count: 2_000, input: HostileText.generator) { text in
            let model = ["value": text.value]
            let html = try! renderer.render(model, template: "html.probe")
            #expect(HTMLParse.paragraphChildren(html) == [.text("[" + text.shown + "]")], "\(text)")
            let markdown = try! renderer.render(model, template: "md.probe")
            #expect(MarkdownParse.tableCells(markdown).rows == [["Name", "Note"], [text.shownOnOneLine.trimmingASCIISpaces, "end"]], "\(text)")
            let plain = try! renderer.render(model, template: "text.probe")
            #expect(plain == "[" + text.shown + "]", "\(text)")
        }
    }

    @Test("a prepend character in front of < no longer hides it (the stored-script repro)")
    func prependCharacterRepro() {
        let name = "Frank\u{600}<img src=x onerror=document.body.append('XSS-RAN')//\u{600}>"
        #expect(!HTMLEscaping.escape(name).contains("<"))
        #expect(MarkdownParse.inlineNodes(MarkdownEscaping.tableCell(name)).kinds == ["document", "paragraph", "text"])
        let cells = MarkdownParse.tableCells("| a | b |\n| - | - |\n| \(MarkdownEscaping.tableCell("\u{600}|")) | c |\n")
        #expect(cells.rows == [["a", "b"], ["\u{2068}\u{600}|\u{2069}", "c"]])
        #expect(HTMLParse.paragraphChildren("<p>" + HTMLEscaping.escape(name) + "</p>").count == 1)
    }
}

/// One generated string, with what a reader should see of it.
struct HostileText: Sendable, CustomStringConvertible {
    let value: String

    var description: String { value.unicodeScalars.map { String(format: "U+%04X", $0.value) }.joined(separator: " ") }

    /// Pieces to draw from: markup, joiners, bidi, letters and controls.
    static let pieces: [String] = [
        "<", ">", "&", "\"", "'", "/", "=", "`", "*", "_", "[", "]", "(", ")", "|", "!", "#", "~", "\\", ":", ".", "-", "+",
        " ", "a", "Z", "1", "w", "www.", "://", "javascript:", "<img src=x onerror=alert(1)>", "&amp;", "&#60;", "<!--", "-->",
        "\u{301}", "\u{300}", "\u{20D7}", "\u{600}", "\u{601}", "\u{6DD}", "\u{70F}", "\u{110BD}", "\u{200D}", "\u{200C}",
        "\u{202E}", "\u{202D}", "\u{202A}", "\u{2066}", "\u{2068}", "\u{2069}", "\u{200F}", "\u{200E}", "\u{5D0}", "\u{627}",
        "👍", "\u{1F3FD}", "é", "\u{A0}", "\u{0}", "\u{1B}", "\u{7}", "\u{7F}", "\u{85}", "\u{9B}", "\n", "\r", "\t",
        "\u{FFFE}", "\u{2028}",
    ]

    static let generator = Generator<HostileText, Shrink.None<HostileText>> { rng in
        let count = Int.random(in: 0...12, using: &rng)
        var value = ""
        for _ in 0..<count { value += pieces[Int.random(in: 0..<pieces.count, using: &rng)] }
        return HostileText(value: value)
    }

    /// The text as a reader sees it, written from the rule without calling the implementation:
    /// C0 (but tab and line feed), DEL, C1, bidi embedding/override/isolate controls, direction marks,
    /// invisible format characters (U+200B, U+2060–U+2064, U+FEFF) and noncharacters are gone, CR and
    /// U+2028/U+2029 are line feeds, and text with right-to-left letters is isolated (issue 41).
    var shown: String {
        var out = String.UnicodeScalarView()
        var rightToLeft = false
        var afterCR = false
        for scalar in value.unicodeScalars {
            let v = scalar.value
            defer { afterCR = v == 0xD }
            if v == 0xD || v == 0x2028 || v == 0x2029 { out.append("\n"); continue }
            if v == 0xA, afterCR { continue }
            if v == 0x9 || v == 0xA { out.append(scalar); continue }
            if v < 0x20 || (0x7F...0x9F).contains(v) { continue }
            if (0x202A...0x202E).contains(v) || (0x2066...0x2069).contains(v) || v == 0xFFFE { continue }
            if [0x200E, 0x200F, 0x61C, 0x200B, 0xFEFF].contains(v) || (0x2060...0x2064).contains(v) { continue }
            if [0x600, 0x601, 0x6DD, 0x70F, 0x5D0, 0x627].contains(v) { rightToLeft = true }
            out.append(scalar)
        }
        let text = String(out)
        return rightToLeft ? "\u{2068}" + text + "\u{2069}" : text
    }

    /// ``shown`` on one line: line breaks and tabs (and U+2028) as single spaces, leading spaces gone.
    var shownOnOneLine: String {
        var out = ""
        var pending = false
        for scalar in shown.unicodeScalars {
            if scalar == "\n" || scalar == "\t" || scalar == "\u{2028}" { pending = true; continue }
            if pending, !out.isEmpty { out += " " }
            pending = false
            if scalar == " ", out.isEmpty { continue }
            out.unicodeScalars.append(scalar)
        }
        return out
    }
}

extension String {
    var trimmingASCIISpaces: String {
        let scalars = Array(unicodeScalars)
        guard let start = scalars.firstIndex(where: { $0 != " " }), let end = scalars.lastIndex(where: { $0 != " " }) else { return "" }
        return String(String.UnicodeScalarView(scalars[start...end]))
    }
}

/// libxml2's HTML parser, for the children of the first `<p>`.
enum HTMLParse {
    enum Node: Equatable { case text(String), element(String), other(Int) }

    static func paragraphChildren(_ html: String) -> [Node] {
        let document = "<!DOCTYPE html><html><head><meta charset=\"utf-8\"><title>t</title></head><body>\(html)</body></html>"
        let options = Int32(HTML_PARSE_NOERROR.rawValue | HTML_PARSE_NOWARNING.rawValue | HTML_PARSE_NONET.rawValue)
        guard let doc = document.withCString({ htmlReadMemory($0, Int32(strlen($0)), "t.html", "UTF-8", options) }) else { return [] }
        defer { xmlFreeDoc(doc) }
        guard let paragraph = find("p", from: xmlDocGetRootElement(doc)) else { return [] }
        var nodes: [Node] = []
        var child = paragraph.pointee.children
        while let node = child {
            switch node.pointee.type {
            case XML_TEXT_NODE:
                let content = node.pointee.content
                nodes.append(.text(content.map { String(cString: $0) } ?? ""))
            case XML_ELEMENT_NODE: nodes.append(.element(String(cString: node.pointee.name)))
            default: nodes.append(.other(Int(node.pointee.type.rawValue)))
            }
            child = node.pointee.next
        }
        return nodes
    }

    private static func find(_ name: String, from node: xmlNodePtr?) -> xmlNodePtr? {
        var current = node
        while let element = current {
            if element.pointee.type == XML_ELEMENT_NODE, String(cString: element.pointee.name) == name { return element }
            if let found = find(name, from: element.pointee.children) { return found }
            current = element.pointee.next
        }
        return nil
    }
}

/// cmark-gfm (with the extensions the site uses), unsanitised: node kinds and text.
enum MarkdownParse {
    static func inlineNodes(_ markdown: String) -> (kinds: Set<String>, text: String) {
        MarkdownRenderer().withSanitizedDocument(markdown, headingBase: 1, sanitizing: false) { document, _ in
            var kinds: Set<String> = []
            var text = ""
            MarkdownRenderer.forEachEntered(document) { node in
                kinds.insert(String(cString: cmark_node_get_type_string(node)))
                if cmark_node_get_type(node) == CMARK_NODE_TEXT, let literal = cmark_node_get_literal(node) { text += String(cString: literal) }
            }
            return (kinds, text)
        }
    }

    static func tableCells(_ markdown: String) -> (kinds: Set<String>, rows: [[String]]) {
        MarkdownRenderer().withSanitizedDocument(markdown, headingBase: 1, sanitizing: false) { document, _ in
            var kinds: Set<String> = []
            var rows: [[String]] = []
            MarkdownRenderer.forEachEntered(document) { node in
                let kind = String(cString: cmark_node_get_type_string(node))
                kinds.insert(kind)
                if kind == "table_row" || kind == "table_header" { rows.append([]) }
                if kind == "table_cell" { rows[rows.count - 1].append("") }
                if cmark_node_get_type(node) == CMARK_NODE_TEXT, let literal = cmark_node_get_literal(node), !rows.isEmpty, !rows[rows.count - 1].isEmpty {
                    rows[rows.count - 1][rows[rows.count - 1].count - 1] += String(cString: literal)
                }
            }
            return (kinds, rows)
        }
    }
}
