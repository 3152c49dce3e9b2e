import Foundation
import Testing

@testable import CareReports

/// The template engine (``TemplateParser``, ``TemplateRenderer``, ``TemplateCheck``) through
/// ``PageRenderer``: every feature the templates may use renders the bytes swift-mustache rendered
/// before (recorded in ``SwiftMustacheRenderings``); the check reads the model's type. That every
/// page of a site keeps its bytes is held by the golden pages (Tests/site/test_golden.py), and
/// scripts/compare-output.sh compares whole builds of two binaries.
@Suite struct CompiledTemplateTests {
    struct Item: Encodable { let name: String; let note: String?; let tags: [String]; let count: Int; let on: Bool }
    struct Probe: Encodable { let title: String; let items: [Item]; let none: [Item]; let note: String?; let share: Double; let child: Item?
        /// Written unescaped: only a field of prepared markup (``TemplateCheck/preparedMarkup``) may be.
        let html: String }

    /// Every feature the templates may use, over lists of 0 to 3 items: the bytes swift-mustache wrote.
    @Test func everyFeatureSameBytesAsSwiftMustache() throws {
        let renderer = try PageRenderer(templates: TemplateSet(defaults: [
            "html/probe.mustache": """
                <h1>{{title}}</h1>{{! a comment }}
                  {{>html.row-list}}
                {{#items}}{{name}}{{^last()}}, {{/last()}}{{#first()}}!{{/first()}}{{index()}}{{/items}}
                {{#empty(items)}}no items{{/empty(items)}}{{^empty(none)}}never{{/empty(none)}} {{count(items)}}
                {{#child}}{{name}} {{title}} {{.note}}|{{/child}}{{child.name}} {{share}} {{note}}{{^note}}no note{{/note}}
                {{{html}}} {{&html}} {{#items}}{{#tags}}[{{.}}]{{/tags}}{{#on}}on{{/on}}{{^on}}off{{/on}} {{plusone(count)}} {{uppercased(name)}}{{/items}}
                {{=<% %>=}}<%title%> <%#items%><%name%><%/items%><%={{ }}=%>
                {{<html.frame}}{{$body}}  {{title}} in a frame
                {{/body}}{{/html.frame}}
                """,
            "html/row-list.mustache": "<ul>\n{{#items}}\n<li>{{name}} {{#note}}({{.}}){{/note}}</li>\n{{/items}}\n</ul>\n",
            "html/frame.mustache": "<div>\n{{$body}}default{{/body}}\n</div>\n",
            "md/probe.mustache": "{{% CONTENT_TYPE: MARKDOWN }}\n| {{title}} |\n{{#items}}\n- {{name}}{{#note}}: {{.}}{{/note}}\n{{/items}}\n",
            "text/probe.mustache": "{{% CONTENT_TYPE: TEXT }}\n{{title}}\n",
        ]))
        let names = ["a<b", "c & d", "e|f *g*", "\u{202E}h\u{1}"]
        for count in 0...3 {
            let items = (0..<count).map { Item(name: names[$0], note: $0 == 1 ? "n'o\"te" : nil, tags: Array(names.prefix($0)), count: $0, on: $0 % 2 == 0) }
            for (label, child) in [("none", nil), ("last", items.last)] {
                let probe = Probe(title: "T <\(count)>", items: items, none: [], note: count == 2 ? nil : "page", share: 0.25 * Double(count), child: child, html: "T <\(count)>")
                for template in ["html.probe", "md.probe", "text.probe"] {
                    let key = "\(template) items=\(count) child=\(label)"
                    let before = try #require(SwiftMustacheRenderings.all[key], "\(key) is not recorded")
                    #expect(try renderer.render(probe, template: template) == before, "\(key)")
                }
            }
        }
        #expect(SwiftMustacheRenderings.all.count == 26)
    }

    struct Inner: Encodable { let text: String }
    struct Outer: Encodable { let note: Inner? }

    /// The check reads the model's type, not its values: a misspelled name below a nil or inside an
    /// empty list is an error on the first page already, and a correct template passes for every
    /// model of the type.
    @Test func aMisspelledNameBelowANilIsFoundOnTheFirstPage() throws {
        let renderer = try PageRenderer(templates: TemplateSet(defaults: ["html/probe.mustache": "<p>{{note.txt}}</p>"]))
        #expect(throws: RenderError.self) { try renderer.render(Outer(note: nil), template: "html.probe") }
        let fine = try PageRenderer(templates: TemplateSet(defaults: ["html/probe.mustache": "<p>{{note.text}}</p>"]))
        #expect(try fine.render(Outer(note: nil), template: "html.probe") == "<p></p>")
        #expect(try fine.render(Outer(note: Inner(text: "a")), template: "html.probe") == "<p>a</p>")
    }

    struct Row: Encodable { let name: String }
    struct Table: Encodable { let rows: [Row]; let title: String? }

    @Test func aMisspelledNameInsideAnEmptyListIsFoundOnTheFirstPage() throws {
        let renderer = try PageRenderer(templates: TemplateSet(defaults: ["html/probe.mustache": "<p>{{title}}{{#rows}}{{nmae}}{{/rows}}</p>"]))
        #expect(throws: RenderError.self) { try renderer.render(Table(rows: [], title: nil), template: "html.probe") }
        let fine = try PageRenderer(templates: TemplateSet(defaults: ["html/probe.mustache": "<p>{{title}}{{#rows}}{{name}}{{/rows}}</p>"]))
        #expect(try fine.render(Table(rows: [], title: nil), template: "html.probe") == "<p></p>")
        #expect(try fine.render(Table(rows: [Row(name: "a")], title: "t"), template: "html.probe") == "<p>ta</p>")
    }

    struct Choice: Encodable { enum Kind: String, Encodable { case a } ; let kind: Kind; let extra: [String: Int]; let flag: Bool; let tags: [String] }

    /// Where the type cannot say what a name finds (an enum, a dictionary) nothing is an error; a
    /// name inside a list of text, or inside a section over a Bool, is looked up in the contexts around.
    @Test func opaqueValuesAndPlainListsAreLookedUpAsMustacheDoes() throws {
        let renderer = try PageRenderer(templates: TemplateSet(defaults: [
            "html/probe.mustache": "{{#kind}}{{anything}}{{/kind}}{{extra.whatever}}{{#flag}}{{tags}}{{/flag}}{{#tags}}{{.}}{{flag}}{{/tags}}"
        ]))
        #expect(try renderer.render(Choice(kind: .a, extra: [:], flag: true, tags: ["x"]), template: "html.probe").hasSuffix("xtrue"))
        let wrong = try PageRenderer(templates: TemplateSet(defaults: ["html/probe.mustache": "{{#tags}}{{flga}}{{/tags}}"]))
        #expect(throws: RenderError.self) { try wrong.render(Choice(kind: .a, extra: [:], flag: true, tags: []), template: "html.probe") }
    }

    struct Mixed: Encodable { let name: String; let link: URL; let share: Float; let when: Date }

    /// Text and numbers have no names inside (`{{name.first}}` renders nothing, so it is an error);
    /// a URL or a date, whose stored fields are not what they encode as, is opaque.
    @Test func namesInsideTextAreErrorsAndFoundationValuesAreOpaque() throws {
        let model = Mixed(name: "Ann", link: URL(string: "https://example.org/a")!, share: 0.5, when: Date(timeIntervalSince1970: 0))
        for wrong in ["{{name.first}}", "{{share._value}}", "{{nmae}}"] {
            let renderer = try PageRenderer(templates: TemplateSet(defaults: ["html/probe.mustache": wrong]))
            #expect(throws: RenderError.self, "\(wrong)") { try renderer.render(model, template: "html.probe") }
        }
        let fine = try PageRenderer(templates: TemplateSet(defaults: ["html/probe.mustache": "{{name}} {{share}} {{link.anything}}{{when.anything}}"]))
        #expect(try fine.render(model, template: "html.probe").hasPrefix("Ann 0.5 "))
    }

    /// A hand-written `encode(to:)` with nested containers and a super-encoder: each becomes the field it is made for.
    @Test func nestedContainersBecomeTheirFields() throws {
        // The check reads stored properties, so the names written are those of the fields.
        struct Inner: Encodable { let name = "n" }
        struct Hand: Encodable {
            let title = "T", inner = Inner(), list = ["a"], base = "s"
            enum Keys: String, CodingKey { case title, inner, list, base }
            enum InnerKeys: String, CodingKey { case name }
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: Keys.self)
                var inner = container.nestedContainer(keyedBy: InnerKeys.self, forKey: .inner)
                var list = container.nestedUnkeyedContainer(forKey: .list)
                try container.encode("T", forKey: .title)
                try inner.encode("n", forKey: .name)
                try list.encode("a")
                var row = list.nestedContainer(keyedBy: InnerKeys.self)
                try row.encode("b", forKey: .name)
                try "s".encode(to: container.superEncoder(forKey: .base))
            }
        }
        let renderer = try PageRenderer(templates: TemplateSet(defaults: [
            "html/probe.mustache": "{{title}} {{inner.name}} {{#list}}[{{.}}]{{/list}} {{base}}"
        ]))
        #expect(try renderer.render(Hand(), template: "html.probe") == "T n [a][(name: &quot;b&quot;)] s")
    }

    @Test func encoderLeavesNilOptionalsOutAndKeepsOrder() throws {
        struct Row: Encodable { let name: String; let note: String?; let count: Int; let share: Double; let on: Bool; let tags: [String] }
        let value = try TemplateValueEncoder.encode(Row(name: "a", note: nil, count: 3, share: 0.5, on: true, tags: ["x"]))
        guard case .object(let object) = value else { Issue.record("not an object"); return }
        #expect(object.names == ["name", "count", "share", "on", "tags"])
        #expect(value.child(named: "count")?.described == "3")
        #expect(value.child(named: "share")?.described == "0.5")
        #expect(value.child(named: "on")?.described == "true")
        #expect(value.child(named: "note") == nil)
    }
}
