import Foundation
import Mustache

/// Renders view models through the Mustache templates: HTML escaped by default, Markdown templates
/// (`{{% CONTENT_TYPE: MARKDOWN }}`) escaped so user text cannot break their structure, plain text
/// (`TEXT`) cleaned of control characters. Every escaping is the project's own and works over Unicode
/// scalars (see ``HTMLEscaping``): a template without a content type gets `HTML` set explicitly,
/// since swift-mustache's built-in default escapes by `Character`.
///
/// Each template is parsed once into a ``CompiledTemplate`` and every `Encodable` model is rendered
/// by ``TemplateRenderer`` over its ``TemplateValue`` (no reflection); swift-mustache renders a
/// model that is not `Encodable`. Both give the same bytes (Tests/CareReportsTests/Rendering).
/// swift-mustache reads a user's templates when the renderer is made (its errors, with line and
/// column, are the ones reported) and every template only when a model needs it.
public struct PageRenderer: Sendable {
    private let library: SwiftMustacheLibrary
    private let compiled: TemplateRenderer
    private let check: TemplateCheck
    private let checked = CheckedModels()
    /// Every model through swift-mustache (``reflecting()``, for the tests that compare the two).
    private var reflects = false

    public init(templates: TemplateSet) throws(RenderError) {
        // An --all-members run builds a site per viewer with the same templates: parse them once.
        if let known = PageRenderer.lastMade.renderer(for: templates) {
            self = known
            return
        }
        try self.init(parsing: templates)
        PageRenderer.lastMade.keep(self, for: templates)
    }

    private init(parsing templates: TemplateSet) throws(RenderError) {
        PageRenderer.registerContentTypes
        var compiled: [String: CompiledTemplate] = [:]
        var prefixed: [String: String] = [:]
        let sources = templates.templates
        for (name, text) in sources.sorted(by: { $0.key < $1.key }) {
            let prefix = text.hasPrefix("{{% CONTENT_TYPE:") ? "" : PageRenderer.htmlPragma
            let source = prefix + text
            let file = templates.path(ofTemplate: name)
            var failure: TemplateParser.Failure?
            do {
                compiled[name] = try TemplateParser.parse(source)
            } catch {
                failure = error
            }
            // A user's template is read by swift-mustache too, whose errors (with line and column) are
            // the ones reported; the built-in ones are read by it in the tests (EmbeddedTemplatesTests).
            if templates.isUsersTemplate(name) || failure != nil {
                try PageRenderer.readWithSwiftMustache(source, prefixed: !prefix.isEmpty, file: file)
            }
            if let failure {
                throw .templateSyntax(name: file, line: 1, column: 1, message: "the template cannot be read (\(failure.reason))")
            }
            prefixed[name] = source
        }
        self.library = SwiftMustacheLibrary(templates: prefixed)
        self.compiled = TemplateRenderer(templates: compiled)
        self.check = try TemplateCheck(templates: sources, file: templates.path(ofTemplate:))
    }

    /// Parses one template with swift-mustache, throwing its error in the file's own lines.
    private static func readWithSwiftMustache(_ text: String, prefixed: Bool, file: String) throws(RenderError) {
        do {
            _ = try MustacheTemplate(string: text)
        } catch let error as MustacheTemplate.ParserError {
            let line = max(error.context.lineNumber - (prefixed ? 1 : 0), 1)
            throw .templateSyntax(name: file, line: line, column: error.context.columnNumber, message: TemplateCheck.words(error.error))
        } catch {
            throw .templateSyntax(name: file, line: 1, column: 1, message: TemplateCheck.words(error))
        }
    }

    /// Renders `model` with the template `name` (e.g. `html/week`).
    public func render(_ model: Any, template name: String) throws(RenderError) -> String {
        // Checked once per template and model type: the check reads the type, not the model.
        let modelType = type(of: model)
        let key = CheckedModels.Key(template: name, type: ObjectIdentifier(modelType))
        if !checked.contains(key) {
            try check.check(modelType, template: name)
            checked.insert(key)
        }
        if !reflects, let encodable = model as? any Encodable, let value = try? TemplateValueEncoder.encode(encodable) {
            guard let text = compiled.render(value, template: name) else { throw .templateMissing(name) }
            return text
        }
        return try renderWithSwiftMustache(model, template: name)
    }

    /// This renderer with every model rendered through swift-mustache, as before ``TemplateRenderer``.
    func reflecting() -> PageRenderer {
        var copy = self
        copy.reflects = true
        return copy
    }

    /// Renders `model` through swift-mustache and reflection (the way every page was rendered before
    /// ``TemplateRenderer``; the tests compare the two byte for byte).
    func renderWithSwiftMustache(_ model: Any, template name: String) throws(RenderError) -> String {
        guard let text = library.loaded.render(model, withTemplate: name) else { throw .templateMissing(name) }
        return text
    }

    /// Set in front of every template that names no content type, on a line of its own (a standalone
    /// tag, so it writes nothing; error line numbers are given back as those of the file).
    static let htmlPragma = "{{% CONTENT_TYPE: HTML }}\n"

    private static let lastMade = LastRenderer()

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
