import Foundation

/// Finds template mistakes that Mustache would let through silently: partials that name no
/// template, and variables that no context can have. It reads the parse trees the pages are
/// rendered from (``CompiledTemplate``), so it sees exactly the tags the renderer will. A name is
/// looked up as Mustache does: in the innermost context (the page's model, or the value a
/// `{{#section}}` opened: a struct, or the element of a list), then up the stack; it is an error only
/// when every context on the stack is known and none has the name (see TemplateCheck+Contexts.swift).
struct TemplateCheck: Sendable {
    /// One step of a template as the check walks it, its partials, parent and blocks inlined.
    enum Step: Sendable {
        /// `{{#name}}`: looks `path` up, then renders inside the value it names.
        case section(path: [String], file: String, at: TemplatePosition)
        /// `{{^name}}`, `{{#empty(name)}}`, a parent or a block: reads `path` (when any) and keeps the context.
        case sameContext(path: [String]?, file: String, at: TemplatePosition?)
        case end
        case variable(path: [String], file: String, at: TemplatePosition)
    }

    /// The steps of each template, by template name.
    let steps: [String: [Step]]

    /// Checks every partial reference and lays out each template's steps.
    init(templates: [String: CompiledTemplate], file: (String) -> String) throws(RenderError) {
        let names = Array(templates.keys)
        for (name, template) in templates.sorted(by: { $0.key < $1.key }) {
            if let (partial, sigil, at) = TemplateCheck.firstMissingPartial(in: template, known: templates) {
                let guess = Spelling.closest(partial, among: names).map { "; did you mean {{\(sigil)\($0)}}?" } ?? ""
                throw .templateReference(file: file(name), line: at.line, column: at.column, message: "no template named \(partial)\(guess)")
            }
            if let (block, parent, known, at) = TemplateCheck.firstUnknownBlock(in: template, templates: templates) {
                let guess = Spelling.closest(block, among: known).map { "; did you mean {{$\($0)}}?" } ?? ""
                throw .templateReference(
                    file: file(name), line: at.line, column: at.column,
                    message: "\(parent) has no block named \(block)\(guess) (what this block holds would never be written)")
            }
        }
        for (name, template) in templates.sorted(by: { $0.key < $1.key }) where TemplateCheck.writesHTML(name) {
            if let (message, at) = TemplateCheck.firstUnescapedText(in: template) {
                throw .templateReference(file: file(name), line: at.line, column: at.column, message: message)
            }
        }
        var done: Set<String> = []
        for name in templates.keys.sorted() {
            var path: [String] = []
            if let (holder, tag, at, cycle) = TemplateCheck.firstCycle(from: name, templates: templates, path: &path, done: &done) {
                throw .templateReference(
                    file: file(holder), line: at.line, column: at.column,
                    message: "\(tag) includes \(cycle.last!) in itself (\(cycle.joined(separator: " → "))), which would never end: "
                        + "a template may not include itself, directly or through others")
            }
        }
        var result: [String: [Step]] = [:]
        let files = Dictionary(uniqueKeysWithValues: templates.keys.map { ($0, file($0)) })
        for name in templates.keys {
            var inliner = Inliner(templates: templates, files: files)
            inliner.inline(name, overrides: [:])
            result[name] = inliner.steps
        }
        self.steps = result
    }

    /// Lays a template out as steps: partials inlined where they stand, a parent with the blocks
    /// its child overrides in place of its own (a partial that includes itself, directly or not,
    /// is inlined once: its steps are the same each time).
    private struct Inliner {
        /// A block's body and the file it was written in.
        typealias Block = (body: CompiledTemplate, file: String)

        let templates: [String: CompiledTemplate]
        /// The file to name in an error, by template name.
        let files: [String: String]
        var steps: [Step] = []
        var chain: [String] = []

        mutating func inline(_ name: String, overrides: [String: Block]) {
            guard !chain.contains(name), let template = templates[name] else { return }
            chain.append(name)
            walk(template, file: files[name] ?? name, overrides: overrides)
            chain.removeLast()
        }

        mutating func walk(_ template: CompiledTemplate, file: String, overrides: [String: Block]) {
            for node in template.nodes {
                switch node {
                case .variable(let name, _, let at):
                    if let path = TemplateCheck.readable(name) { steps.append(.variable(path: path, file: file, at: at)) }
                case .section(let name, let body, let at):
                    if name.transforms.isEmpty, let path = TemplateCheck.readable(name) {
                        steps.append(.section(path: path, file: file, at: at))
                    } else {
                        steps.append(.sameContext(path: TemplateCheck.readable(name), file: file, at: at))
                    }
                    walk(body, file: file, overrides: overrides)
                    steps.append(.end)
                case .invertedSection(let name, let body, let at):
                    steps.append(.sameContext(path: TemplateCheck.readable(name), file: file, at: at))
                    walk(body, file: file, overrides: overrides)
                    steps.append(.end)
                case .blockExpansion(let name, let defaultBody, _):
                    // What the renderer writes here: the child's block when it overrides it, else the default.
                    let block = overrides[name] ?? (defaultBody, file)
                    steps.append(.sameContext(path: nil, file: block.file, at: nil))
                    walk(block.body, file: block.file, overrides: overrides)
                    steps.append(.end)
                case .partial(let name, let dynamic, _, let given, let at):
                    if dynamic {
                        // The partial is named by a value: its name must be found; what it renders cannot be known.
                        steps.append(.variable(path: name.split(separator: ".").map(String.init), file: file, at: at))
                        continue
                    }
                    var blocks = overrides
                    // Blocks overridden further out win over those given here (as the renderer does).
                    for (block, body) in given ?? [:] where blocks[block] == nil { blocks[block] = (body, file) }
                    inline(name, overrides: blocks)
                case .text, .blockDefinition, .contentType:
                    break
                }
            }
        }
    }

    /// The path of a name looked up the context stack; nil for `.`, `.name` (the current context
    /// only) and the empty argument of a sequence transform such as first().
    static func readable(_ name: TemplateName) -> [String]? {
        guard name.kind == .climbing, !name.parts.isEmpty else { return nil }
        return name.parts
    }
}
