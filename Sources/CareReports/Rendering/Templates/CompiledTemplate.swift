/// A template parsed once per run (``TemplateParser``) into a tree that ``TemplateRenderer`` walks
/// and ``TemplateCheck`` reads; every tag that names something keeps its line and column.
struct CompiledTemplate: Sendable {
    var nodes: [TemplateNode]
    /// Where the tag that opens a block's body stands (`{{$name}}` inside `{{<parent}}`), for messages.
    var opening: TemplatePosition?

    init(nodes: [TemplateNode], opening: TemplatePosition? = nil) {
        self.nodes = nodes
        self.opening = opening
    }
}

/// A name as a tag gives it: `.`, a transform of the sequence context (`last()`), a dotted path
/// looked up from the top of the context only (`.name`), or a dotted path whose first part climbs
/// the context stack.
struct TemplateName: Sendable, Equatable {
    enum Kind: Sendable, Equatable { case current, sequence, anchored, climbing }
    let kind: Kind
    let parts: [String]
    /// Transforms in the order they apply (the innermost first).
    let transforms: [String]

    init(_ name: String, transforms: [String]) {
        self.transforms = transforms.reversed()
        if name == "." {
            kind = .current
        } else if name.isEmpty, !transforms.isEmpty {
            kind = .sequence
        } else if name.first == "." {
            kind = .anchored
        } else {
            kind = .climbing
        }
        parts = name.split(separator: ".").map(String.init)
    }
}

/// The content types a `{{% CONTENT_TYPE: X }}` pragma can name, each escaping with the project's own functions.
enum TemplateContentType: Sendable {
    case html, markdown, text

    init?(named name: String) {
        switch name {
        case "HTML": self = .html
        case "MARKDOWN": self = .markdown
        case "TEXT": self = .text
        default: return nil
        }
    }

    func escape(_ text: String) -> String {
        switch self {
        case .html: HTMLEscaping.escape(text)
        case .markdown: MarkdownEscaping.tableCell(text)
        case .text: DisplayText.cleaned(text)
        }
    }

    /// ``escape(_:)``'s UTF-8 bytes appended to `out` (what ``TemplateRenderer`` writes; HTML
    /// without an escaped string of its own).
    func escape(_ text: String, into out: inout [UInt8]) {
        switch self {
        case .html: HTMLEscaping.append(escaping: text, to: &out)
        case .markdown: MarkdownEscaping.append(tableCell: text, to: &out)
        case .text: out.append(contentsOf: DisplayText.cleaned(text).utf8)
        }
    }
}

/// A template's literal text as its UTF-8 bytes, made once when it is parsed (what the renderer
/// copies into every page).
struct TemplateText: Sendable {
    let utf8: [UInt8]

    init(_ string: String) {
        utf8 = Array(string.utf8)
    }
}

indirect enum TemplateNode: Sendable {
    case text(TemplateText)
    case variable(TemplateName, escaped: Bool, at: TemplatePosition)
    case section(TemplateName, CompiledTemplate, at: TemplatePosition)
    case invertedSection(TemplateName, CompiledTemplate, at: TemplatePosition)
    /// `{{$name}}default{{/name}}` in a template that others inherit from.
    case blockExpansion(String, defaultBody: CompiledTemplate, indentation: String?)
    /// `{{$name}}…{{/name}}` inside `{{<parent}}`: what replaces the parent's block.
    case blockDefinition(String, CompiledTemplate)
    /// `{{>name}}` (no overrides) or `{{<name}}…{{/name}}` (with the blocks it overrides).
    case partial(String, dynamic: Bool, indentation: String?, overrides: [String: CompiledTemplate]?, at: TemplatePosition)
    case contentType(TemplateContentType, at: TemplatePosition)
}
