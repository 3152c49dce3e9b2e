import Foundation

/// Renders view models through the Mustache templates: HTML escaped by default, Markdown templates
/// (`{{% CONTENT_TYPE: MARKDOWN }}`) escaped so user text cannot break their structure, plain text
/// (`TEXT`) cleaned of control characters. Every escaping is the project's own and works over
/// Unicode scalars (see ``HTMLEscaping``).
///
/// One engine reads and renders every template, built-in or a user's: each is parsed once by
/// ``TemplateParser`` (whose errors give the file, line and column), checked against the model's
/// type by ``TemplateCheck``, and rendered by ``TemplateRenderer`` over the model's ``TemplateValue``.
public struct PageRenderer: Sendable {
    private let compiled: TemplateRenderer
    private let check: TemplateCheck
    private let checked = CheckedModels()
    /// The file a template was read from, for messages.
    private let path: @Sendable (String) -> String
    /// Moves a mistake's place from the text that was parsed back to the file the user wrote (set
    /// by ``LocalizedRenderers``, whose pre-pass replaces markers before parsing).
    var placeInSource: (@Sendable (RenderError) -> RenderError)?

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
        var compiled: [String: CompiledTemplate] = [:]
        for (name, text) in templates.templates.sorted(by: { $0.key < $1.key }) {
            do {
                compiled[name] = try TemplateParser.parse(text)
            } catch {
                throw .templateSyntax(
                    name: templates.path(ofTemplate: name), line: error.position.line, column: error.position.column, message: error.message)
            }
        }
        self.compiled = TemplateRenderer(templates: compiled)
        self.check = try TemplateCheck(templates: compiled, file: templates.path(ofTemplate:))
        let paths = Dictionary(uniqueKeysWithValues: compiled.keys.map { ($0, templates.path(ofTemplate: $0)) })
        self.path = { paths[$0] ?? $0 }
    }

    /// Renders `model` with the template `name` (e.g. `html/week`).
    public func render<Model: Encodable>(_ model: Model, template name: String) throws(RenderError) -> String {
        try render(model, templates: [name])[0]
    }

    /// Renders `model` with each of the templates `names` in turn (a page's HTML and Markdown): the
    /// model is turned into its ``TemplateValue`` once, and the same errors come in the same order
    /// as rendering it with each template one after another.
    public func render<Model: Encodable>(_ model: Model, templates names: [String]) throws(RenderError) -> [String] {
        try renderUTF8(model, templates: names).map { String(decoding: $0, as: UTF8.self) }
    }

    /// ``render(_:templates:)``'s pages as their UTF-8 bytes, for a file (no String made and read back).
    func renderUTF8<Model: Encodable>(_ model: Model, templates names: [String]) throws(RenderError) -> [[UInt8]] {
        var value: TemplateValue?
        var pages: [[UInt8]] = []
        pages.reserveCapacity(names.count)
        for name in names {
            try checkOnce(Model.self, template: name)
            if value == nil {
                do {
                    value = try TemplateValueEncoder.encode(model)
                } catch {
                    throw .modelEncoding(type: "\(Model.self)", template: name)
                }
            }
            pages.append(try renderValue(value!, template: name))
        }
        return pages
    }

    /// Checks `template` against `Model` the first time the pair is met: the check reads the type,
    /// not the model.
    private func checkOnce<Model: Encodable>(_: Model.Type, template name: String) throws(RenderError) {
        let key = CheckedModels.Key(template: name, type: ObjectIdentifier(Model.self))
        guard !checked.contains(key) else { return }
        do {
            try check.check(Model.self, template: name)
        } catch {
            throw placeInSource?(error) ?? error
        }
        checked.insert(key)
    }

    /// `value` rendered with the template `name`, its HTML tables' cells labelled.
    private func renderValue(_ value: TemplateValue, template name: String) throws(RenderError) -> [UInt8] {
        let rendered: [UInt8]?
        do {
            rendered = try compiled.renderUTF8(value, template: name)
        } catch {
            let mistake = RenderError.templateReference(
                file: path(error.template), line: error.at.line, column: error.at.column,
                message: "\(error.tag) includes templates more than \(TemplateRenderer.maxIncludes) deep: a template that includes itself "
                    + "(a partial named by the data, or a parent included again from its own block) never ends")
            throw placeInSource?(mistake) ?? mistake
        }
        guard let bytes = rendered else { throw .templateMissing(name) }
        return Self.fitted(name.hasPrefix("html.") ? TableCellLabels.label(bytes) : bytes)
    }

    /// `page` in an array of its own size when the one it was rendered into has much room to spare
    /// (a page starts with room for 64 KiB): a site's pages are held until they are written, and
    /// room left in each would grow the memory a build needs.
    static func fitted(_ page: [UInt8]) -> [UInt8] {
        guard page.capacity > page.count + page.count / 16 + 256 else { return page }
        return page.withUnsafeBufferPointer { Array($0) }
    }

    private static let lastMade = LastRenderer()
}
