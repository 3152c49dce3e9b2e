import Foundation
import Mustache

/// Renders view models through the Mustache templates: HTML escaped by default, Markdown templates
/// (`{{% CONTENT_TYPE: MARKDOWN }}`) escaped so user text cannot break their structure.
public struct PageRenderer: Sendable {
    private let library: MustacheLibrary

    public init(templates: TemplateSet) throws(RenderError) {
        PageRenderer.registerMarkdown
        var library = MustacheLibrary()
        for (name, text) in templates.templates.sorted(by: { $0.key < $1.key }) {
            do {
                try library.register(text, named: name)
            } catch let error as MustacheTemplate.ParserError {
                throw .templateSyntax(name: name, line: error.context.lineNumber, column: error.context.columnNumber, message: "\(error.error)")
            } catch {
                throw .templateSyntax(name: name, line: 0, column: 0, message: "\(error)")
            }
        }
        self.library = library
    }

    /// Renders `model` with the template `name` (e.g. `html/week`).
    public func render(_ model: Any, template name: String) throws(RenderError) -> String {
        guard let text = library.render(model, withTemplate: name) else { throw .templateMissing(name) }
        return text
    }

    private static let registerMarkdown: Void = {
        MustacheContentTypes.register(MarkdownContentType(), named: "MARKDOWN")
    }()
}

/// Escapes user text written into Markdown so it stays text, even inside a table cell.
struct MarkdownContentType: MustacheContentType {
    func escapeText(_ text: String) -> String { MarkdownEscaping.tableCell(text) }
}
