import Testing

@testable import CareReports

/// Every way a template can fail to parse is reported at the line and column of the tag at fault,
/// in words (through ``PageRenderer``, as a user's template is: FILE:LINE:COLUMN: error: …).
@Suite struct TemplateParserErrorTests {
    /// The error for `text` as the user sees it, with the file named `t`.
    static func error(_ text: String, partials: [String: String] = [:]) -> String? {
        var files = ["html/t.mustache": text]
        for (name, body) in partials { files["html/\(name).mustache"] = body }
        do {
            _ = try PageRenderer(templates: TemplateSet(defaults: files))
            return nil
        } catch {
            return error.errorDescription?.replacingOccurrences(of: "templates/html/t.mustache (built in)", with: "t")
        }
    }

    @Test func anUnclosedSectionIsReportedAtItsOpeningTag() {
        #expect(Self.error("<p>\n  {{#items}}\n<li>{{name}}</li>\n") == "t:2:3: error: {{#items}} is never closed: add {{/items}} where it ends")
        #expect(Self.error("{{^empty(items)}}\nnone") == "t:1:1: error: {{^empty(items)}} is never closed: add {{/empty(items)}} where it ends")
        // The innermost open section is the one named.
        #expect(Self.error("{{#a}}\n{{#b}}x{{/a}}")?.hasPrefix("t:2:8: error: {{/a}} closes a section other than the one open here: {{#b}} (line 2, column 1) is still open") == true)
    }

    @Test func aMismatchedOrStrayCloseIsReportedAtTheCloseTag() {
        let text = "<ul>\n{{#items}}\n<li>{{name}}</li>\n{{/itmes}}\n</ul>"
        #expect(Self.error(text) == "t:4:1: error: {{/itmes}} closes a section other than the one open here: {{#items}} (line 2, column 1) is still open; "
            + "check the name and that every {{#…}} or {{^…}} is closed in order")
        #expect(Self.error("a\nb {{/items}}")?.hasPrefix("t:2:3: error: {{/items}} closes a section, but none is open here") == true)
    }

    @Test func anUnknownPartialIsReportedWithASuggestion() {
        #expect(Self.error("<p>\n  {{>html.rwo}}", partials: ["row": "r"]) == "t:2:3: error: no template named html.rwo; did you mean {{>html.row}}?")
        #expect(Self.error("{{<html.frme}}{{/html.frme}}", partials: ["frame": "f"]) == "t:1:1: error: no template named html.frme; did you mean {{<html.frame}}?")
    }

    @Test func aBadDelimiterTagIsReported() {
        for text in ["x\n{{=<% %>}}", "x\n{{=<%%>=}}", "x\n{{= =}}"] {
            #expect(Self.error(text)?.hasPrefix("t:2:1: error: the delimiter tag is malformed: write {{=<% %>=}}") == true, "\(text)")
        }
        // After new delimiters, mistakes name them.
        #expect(Self.error("{{=<% %>=}}\n<%#a%>") == "t:2:1: error: <%#a%> is never closed: add <%/a%> where it ends")
    }

    @Test func anUnclosedTagOrABadNameIsReported() {
        #expect(Self.error("<p>{{page.title</p>\n") == "t:1:16: error: unexpected \"<\" in {{page.title…: expected }} after the name page.title (a name holds letters, digits and . _ -)")
        #expect(Self.error("<p>{{page.title\n</p>") == "t:1:4: error: {{page.title is never closed: }} is missing")
        #expect(Self.error("<p>{{") == "t:1:4: error: this tag is never closed: }} is missing")
        #expect(Self.error("{{#it ems}}{{/it ems}}")?.hasPrefix("t:1:7: error: unexpected \"e\" in {{#it…: expected }} after the name it") == true)
        #expect(Self.error("{{{raw}}") == "t:1:1: error: {{{raw}} is missing its third }: write {{{raw}}}")
        #expect(Self.error("a {{! note") == "t:1:3: error: this comment is never closed: }} is missing")
    }

    @Test func transformsPragmasAndParentsAreChecked() {
        #expect(Self.error("{{#emtpy(items)}}{{/emtpy(items)}}")?.hasPrefix("t:1:1: error: unknown transform emtpy(…) in {{#emtpy(items)}}; did you mean empty?") == true)
        #expect(Self.error("{{#empty(items}}{{/empty(items)}}")?.hasPrefix("t:1:1: error: the transform in {{#empty(items}} is malformed") == true)
        #expect(Self.error("{{% CONTENT_TYPE: HTM }}") == "t:1:1: error: unknown content type HTM: write HTML, MARKDOWN or TEXT")
        #expect(Self.error("{{% CONTENT: HTML }}")?.hasPrefix("t:1:1: error: unknown pragma CONTENT") == true)
        #expect(Self.error("{{<html.f}}\n  {{title}}\n{{/html.f}}", partials: ["f": "{{$b}}{{/b}}"])?
            .hasPrefix("t:2:3: error: only blocks ({{$name}} … {{/name}}) may stand inside {{<html.f}}") == true)
        #expect(Self.error("{{$empty(b)}}{{/empty(b)}}")?.hasPrefix("t:1:1: error: a block cannot take a transform") == true)
    }

    @Test func aBlockTheParentDoesNotWriteIsReportedAtTheBlock() {
        let child = "{{<html.frame}}\n  {{$title}}T{{/title}}\n  {{$bdoy}}B{{/bdoy}}\n{{/html.frame}}"
        let frame = "<h1>{{$title}}{{/title}}</h1>{{>html.main}}"
        #expect(Self.error(child, partials: ["frame": frame, "main": "{{$body}}{{/body}}"])
            == "t:3:3: error: html.frame has no block named bdoy; did you mean {{$body}}? (what this block holds would never be written)")
        #expect(Self.error(child.replacingOccurrences(of: "bdoy", with: "body"), partials: ["frame": frame, "main": "{{$body}}{{/body}}"]) == nil)
    }

    /// A template that includes itself would recurse until the stack overflows (page models are not recursive).
    @Test func aTemplateThatIncludesItselfIsReportedAtTheTagThatClosesTheLoop() {
        #expect(Self.error("<p>\n{{#a}}{{>html.t}}{{/a}}") == "t:2:7: error: {{>html.t}} includes html.t in itself (html.t → html.t), which would never end: "
            + "a template may not include itself, directly or through others")
        let looped = Self.error("x {{>html.a}}", partials: ["a": "{{>html.b}}", "b": "\n {{<html.a}}{{/html.a}}"])
        #expect(looped?.contains("templates/html/b.mustache (built in):2:2: error: {{<html.a}} includes html.a in itself (html.a → html.b → html.a)") == true, "\(looped ?? "")")
        #expect(Self.error("{{>html.a}}{{>html.a}}", partials: ["a": "{{>html.b}}", "b": "b"]) == nil, "the same partial twice is no loop")
    }

    @Test func aTemplateEndingInABraceIsText() throws {
        struct Page: Encodable { let a: String }
        let renderer = try PageRenderer(templates: TemplateSet(defaults: ["html/t.mustache": "{{a}} {"]))
        #expect(try renderer.render(Page(a: "x"), template: "html.t") == "x {")
    }

    @Test func unknownVariablesAreReportedWithTheirColumn() throws {
        struct Row: Encodable { let name: String }
        struct Page: Encodable { let title: String; let rows: [Row] }
        let renderer = try PageRenderer(templates: TemplateSet(defaults: ["html/t.mustache": "<h1>{{title}}</h1>\n<ul>{{#rows}}<li>{{nmae}}</li>{{/rows}}</ul>"]))
        #expect(throws: RenderError.templateReference(
            file: "templates/html/t.mustache (built in)", line: 2, column: 18, message: "unknown variable nmae; did you mean name?")) {
            try renderer.render(Page(title: "t", rows: []), template: "html.t")
        }
    }
}
