import Foundation
import Templates
import Testing

@testable import CareReports

/// A template mistake is reported at its place in the file the user wrote, whatever the markers
/// before it became in the reader's language (the pre-pass changes the columns after a marker).
@Suite struct LocalizedPlacesTests {
    /// The defaults with `html/labs.mustache` replaced by `text`.
    func templates(_ text: String) -> TemplateSet {
        var set = TemplateSet(defaults: EmbeddedTemplates.files)
        set.files["html/labs.mustache"] = text
        return set
    }

    func column(of needle: String, in text: String) -> Int {
        let line = text.split(separator: "\n", omittingEmptySubsequences: false).first { $0.contains(needle) }!
        return line.distance(from: line.startIndex, to: line.range(of: needle)!.lowerBound) + 1
    }

    @Test(arguments: ["en", "es"]) func anUnknownVariableAfterAMarkerIsAtItsColumnInTheFile(language: String) throws {
        let words = language == "es" ? LocalizationTests.spanish : .english
        let text = "<h1>[[t:Needs attention]] [[t:Written for {name} on {date}|name={{page.writtenFor}}|date={{page.writenOn}}]]</h1>\n"
        let renderer = try LocalizedRenderers.renderer(for: templates(text), words: words)
        let chrome = LabsPlaceModel()
        #expect(throws: RenderError.self) { try renderer.render(chrome, template: "html.labs") }
        do {
            _ = try renderer.render(chrome, template: "html.labs")
        } catch {
            guard case .templateReference(_, let line, let reported, let message) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(line == 1 && message.contains("page.writenOn"))
            #expect(reported == column(of: "{{page.writenOn}}", in: text))
        }
    }

    @Test(arguments: ["en", "es"]) func aSyntaxMistakeAfterAMarkerIsAtItsColumnInTheFile(language: String) throws {
        let words = language == "es" ? LocalizationTests.spanish : .english
        let text = "<p>[[t:Needs attention]] [[lang]] {{#page}}</p>\n"
        do {
            _ = try LocalizedRenderers.renderer(for: templates(text), words: words)
            Issue.record("an unclosed section was accepted")
        } catch {
            guard case .templateSyntax(_, let line, let reported, _) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(line == 1 && reported == column(of: "{{#page}}", in: text))
        }
    }
}

/// A model with a `page` that has `writtenFor` and no `writenOn`.
struct LabsPlaceModel: Encodable {
    struct Page: Encodable { let writtenFor = "Ellen" }
    let page = Page()
}
