@testable import CareReports
import Mustache
import Testing

/// `TemplateFields` answers exactly as swift-mustache's Mirror look-up: stored properties by name,
/// Optionals unwrapped, nil (and so a climb up the context stack) for a missing name or a nil value.
@Suite struct TemplateFieldsTests {
    struct Row { let name: String; let note: String?; let count: Int }
    struct Page { let title: String; let rows: [Row]; let note: String?; let name: String }
    struct FastRow: TemplateFields { let name: String; let note: String?; let count: Int }
    struct FastPage: TemplateFields { let title: String; let rows: [FastRow]; let note: String?; let name: String }

    static let template = """
        {{title}}|{{#rows}}[{{name}} {{note}} {{count}} {{title}}{{^note}}none{{/note}}{{missing}}]{{/rows}}|{{note}}|{{#note}}n{{/note}}
        """

    @Test func sameTextAsMirror() throws {
        let template = try MustacheTemplate(string: Self.template)
        let rows = [("a", nil, 1), ("b", "x", 2), ("", "", 0)] as [(String, String?, Int)]
        for note in [nil, "page note"] as [String?] {
            let slow = Page(title: "T", rows: rows.map { Row(name: $0.0, note: $0.1, count: $0.2) }, note: note, name: "page")
            let fast = FastPage(title: "T", rows: rows.map { FastRow(name: $0.0, note: $0.1, count: $0.2) }, note: note, name: "page")
            #expect(template.render(fast) == template.render(slow))
        }
        #expect(FastRow(name: "a", note: nil, count: 3).child(named: "note") == nil)
        #expect(FastRow(name: "a", note: nil, count: 3).child(named: "nothing") == nil)
        #expect(FastRow(name: "a", note: nil, count: 3).child(named: "count") as? Int == 3)
    }
}
