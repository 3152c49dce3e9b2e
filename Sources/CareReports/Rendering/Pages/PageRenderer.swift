import Foundation
import Mustache

/// Renders view models through the Mustache templates: HTML escaped by default, Markdown templates
/// (`{{% CONTENT_TYPE: MARKDOWN }}`) escaped so user text cannot break their structure, plain text
/// (`TEXT`) cleaned of control characters. Every escaping is the project's own and works over Unicode
/// scalars (see ``HTMLEscaping``): a template without a content type gets `HTML` set explicitly,
/// since swift-mustache's built-in default escapes by `Character`.
public struct PageRenderer: Sendable {
    private let library: MustacheLibrary
    private let check: TemplateCheck

    public init(templates: TemplateSet) throws(RenderError) {
        PageRenderer.registerContentTypes
        var library = MustacheLibrary()
        let sources = templates.templates
        for (name, text) in sources.sorted(by: { $0.key < $1.key }) {
            let prefix = text.hasPrefix("{{% CONTENT_TYPE:") ? "" : PageRenderer.htmlPragma
            do {
                try library.register(prefix + text, named: name)
            } catch let error as MustacheTemplate.ParserError {
                let line = max(error.context.lineNumber - (prefix.isEmpty ? 0 : 1), 1)
                throw .templateSyntax(
                    name: templates.path(ofTemplate: name), line: line, column: error.context.columnNumber, message: TemplateCheck.words(error.error))
            } catch {
                throw .templateSyntax(name: templates.path(ofTemplate: name), line: 1, column: 1, message: TemplateCheck.words(error))
            }
        }
        self.library = library
        self.check = try TemplateCheck(templates: sources, file: templates.path(ofTemplate:))
    }

    /// Renders `model` with the template `name` (e.g. `html/week`).
    public func render(_ model: Any, template name: String) throws(RenderError) -> String {
        try check.check(model, template: name)
        guard let text = library.render(model, withTemplate: name) else { throw .templateMissing(name) }
        return text
    }

    /// Set in front of every template that names no content type, on a line of its own (a standalone
    /// tag, so it writes nothing; error line numbers are given back as those of the file).
    static let htmlPragma = "{{% CONTENT_TYPE: HTML }}\n"

    private static let registerContentTypes: Void = {
        MustacheContentTypes.register(HTMLContentType(), named: "HTML")
        MustacheContentTypes.register(PlainTextContentType(), named: "TEXT")
        MustacheContentTypes.register(MarkdownContentType(), named: "MARKDOWN")
    }()
}

/// Escapes user text written into HTML, over Unicode scalars.
struct HTMLContentType: MustacheContentType {
    func escapeText(_ text: String) -> String { HTMLEscaping.escape(text) }
}

/// Plain text: nothing is markup, but no control character or bidi override gets through.
struct PlainTextContentType: MustacheContentType {
    func escapeText(_ text: String) -> String { DisplayText.cleaned(text) }
}

/// Escapes user text written into Markdown so it stays text, even inside a table cell.
struct MarkdownContentType: MustacheContentType {
    func escapeText(_ text: String) -> String { MarkdownEscaping.tableCell(text) }
}
