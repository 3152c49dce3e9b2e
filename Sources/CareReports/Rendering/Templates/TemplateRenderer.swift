/// Renders ``CompiledTemplate``s over ``TemplateValue``s by Mustache's rules (context stack,
/// sections over lists, Booleans and values, inverted sections, partials with their indentation,
/// blocks and their overrides, content types, transforms), without reflection or dynamic casts.
struct TemplateRenderer: Sendable {
    let templates: [String: CompiledTemplate]

    /// Deepest nesting of partials and parents while rendering: a partial named by export text
    /// (`{{>*page.circleName}}`) or a parent re-included from its own block could otherwise include
    /// itself without end (the built-in templates go 4 deep).
    static let maxIncludes = 64

    /// A `{{>partial}}` or `{{<parent}}` that went past `maxIncludes`: the template holding it and its place.
    struct TooDeep: Error, Equatable {
        let template: String
        let at: TemplatePosition
        let tag: String
    }

    /// Renders `value` with the template `name`; nil when there is no such template.
    func render(_ value: TemplateValue, template name: String) throws(TooDeep) -> String? {
        try renderUTF8(value, template: name).map { String(decoding: $0, as: UTF8.self) }
    }

    /// ``render(_:template:)``'s text as UTF-8 bytes: the page is written into one growing byte
    /// buffer (every piece appended is a whole string's bytes, so the result is valid UTF-8).
    func renderUTF8(_ value: TemplateValue, template name: String) throws(TooDeep) -> [UInt8]? {
        guard let template = templates[name] else { return nil }
        var stack = [value]
        var out: [UInt8] = []
        out.reserveCapacity(65_536)
        let stop = Stop()
        render(template, frame: Frame(scope: Scope(template: name, stop: stop)), stack: &stack, into: &out)
        if let tooDeep = stop.reason { throw tooDeep }
        return out
    }

    /// Set when rendering must stop: everything after it renders nothing.
    private final class Stop {
        var reason: TooDeep?
    }

    /// What a template renders with besides the context stack. What changes only at a partial or
    /// a block is kept in one ``Scope`` object, so the frame copied for every section and list item
    /// holds a single reference.
    private struct Frame {
        var sequence: SequencePosition?
        var contentType: TemplateContentType = .html
        var scope: Scope

        init(scope: Scope) {
            self.scope = scope
        }
    }

    /// The template being rendered and how it was reached: the partials and parents that lead to it,
    /// its indentation and the blocks overridden on the way.
    private final class Scope {
        /// The template whose nodes these are.
        let template: String
        let includes: [TooDeep]
        let indentation: String?
        let inherited: [String: CompiledTemplate]?
        /// The template each overridden block's body was written in, for messages.
        let blockSources: [String: String]
        let stop: Stop

        init(
            template: String, includes: [TooDeep] = [], indentation: String? = nil, inherited: [String: CompiledTemplate]? = nil,
            blockSources: [String: String] = [:], stop: Stop
        ) {
            self.template = template
            self.includes = includes
            self.indentation = indentation
            self.inherited = inherited
            self.blockSources = blockSources
            self.stop = stop
        }
    }

    private func render(_ template: CompiledTemplate, frame initial: Frame, stack: inout [TemplateValue], into out: inout [UInt8]) {
        var frame = initial
        if let indentation = frame.scope.indentation, !indentation.isEmpty {
            // A standalone partial's indentation goes in front of each line it writes after its first.
            var text: [UInt8] = []
            var piece: [UInt8] = []
            for node in template.nodes {
                piece.removeAll(keepingCapacity: true)
                render(node, frame: &frame, stack: &stack, into: &piece)
                if !piece.isEmpty, Self.endsWithLineFeed(text) { text.append(contentsOf: indentation.utf8) }
                text += piece
            }
            out += text
        } else {
            // By index: each node read in place rather than copied out of the array by an iterator.
            let nodes = template.nodes
            for index in nodes.indices { render(nodes[index], frame: &frame, stack: &stack, into: &out) }
        }
    }

    private func render(_ node: TemplateNode, frame: inout Frame, stack: inout [TemplateValue], into out: inout [UInt8]) {
        switch node {
        case .text(let text):
            out += text.utf8
        case .variable(let name, let escaped, _):
            guard let value = lookup(name, frame: frame, stack: stack) else { return }
            if escaped { frame.contentType.escape(value.described, into: &out) } else { out.append(contentsOf: value.described.utf8) }
        case .section(let name, let body, _):
            switch lookup(name, frame: frame, stack: stack) {
            case .list(let items)?:
                let last = items.count - 1
                for (index, item) in items.enumerated() {
                    var inner = frame
                    inner.sequence = SequencePosition(first: index == 0, last: index == last, index: index)
                    stack.append(item)
                    render(body, frame: inner, stack: &stack, into: &out)
                    stack.removeLast()
                }
            case .bool(let value)?:
                if value { render(body, frame: frame, stack: &stack, into: &out) }
            case let value?:
                push(value, body, frame: frame, stack: &stack, into: &out)
            case nil:
                break
            }
        case .invertedSection(let name, let body, _):
            switch lookup(name, frame: frame, stack: stack) {
            case .list(let items)?:
                if items.isEmpty { push(.list(items), body, frame: frame, stack: &stack, into: &out) }
            case .bool(let value)?:
                if !value { render(body, frame: frame, stack: &stack, into: &out) }
            case nil:
                render(body, frame: frame, stack: &stack, into: &out)
            case .some:
                break
            }
        case .blockExpansion(let name, let defaultBody, let indentation):
            var inner = frame
            inner.sequence = nil
            let scope = frame.scope
            let overridden = scope.inherited?[name]
            let source = overridden != nil ? scope.blockSources[name] : nil
            if indentation != nil || source != nil {
                inner.scope = Scope(
                    template: source ?? scope.template, includes: scope.includes,
                    indentation: indentation.map { (scope.indentation ?? "") + $0 } ?? scope.indentation, inherited: scope.inherited,
                    blockSources: scope.blockSources, stop: scope.stop)
            }
            render(overridden ?? defaultBody, frame: inner, stack: &stack, into: &out)
        case .blockDefinition:
            break
        case .partial(let name, let dynamic, let indentation, let overrides, let at):
            var resolved = name
            if dynamic {
                guard case .text(let named)? = lookup(TemplateName(name, transforms: []), frame: frame, stack: stack) else { return }
                resolved = named
            }
            let scope = frame.scope
            guard let template = templates[resolved], scope.stop.reason == nil else { return }
            let include = TooDeep(template: scope.template, at: at, tag: "{{\(overrides == nil ? ">" : "<")\(dynamic ? "*" : "")\(name)}}")
            guard scope.includes.count < Self.maxIncludes else {
                // The tag to blame: a partial named by the data if one is on the way (its value is
                // what loops), else the first tag met again.
                let chain = scope.includes + [include]
                let repeated = chain.first { one in chain.filter { $0.template == one.template && $0.at == one.at }.count > 1 }
                scope.stop.reason = chain.first { $0.tag.hasPrefix("{{>*") || $0.tag.hasPrefix("{{<*") } ?? repeated ?? include
                return
            }
            var inherited = scope.inherited
            var blockSources = scope.blockSources
            if let overrides {
                // Blocks overridden further out win over those given here.
                inherited = scope.inherited.map { $0.merging(overrides) { outer, _ in outer } } ?? overrides
                blockSources = scope.blockSources.merging(overrides.mapValues { _ in scope.template }) { outer, _ in outer }
            }
            let inner = Frame(
                scope: Scope(
                    template: resolved, includes: scope.includes + [include],
                    indentation: indentation.map { (scope.indentation ?? "") + $0 } ?? scope.indentation, inherited: inherited,
                    blockSources: blockSources, stop: scope.stop))
            render(template, frame: inner, stack: &stack, into: &out)
        case .contentType(let type, _):
            frame.contentType = type
        }
    }

    /// Whether the text `bytes` spell ends with the Character `"\n"` (a line feed that is not the
    /// second half of a CR LF: a line feed is always a grapheme of its own otherwise).
    static func endsWithLineFeed(_ bytes: [UInt8]) -> Bool {
        guard let last = bytes.last, last == 0x0A else { return false }
        return bytes.count < 2 || bytes[bytes.count - 2] != 0x0D
    }

    /// Renders `body` with `value` on top of the context stack (outside any sequence).
    private func push(_ value: TemplateValue, _ body: CompiledTemplate, frame: Frame, stack: inout [TemplateValue], into out: inout [UInt8]) {
        var inner = frame
        inner.sequence = nil
        stack.append(value)
        render(body, frame: inner, stack: &stack, into: &out)
        stack.removeLast()
    }

    /// The value a tag names: the first object up the stack that has the name's first part, then the
    /// rest of the path below it; then its transforms. Nil when anything on the way is missing.
    private func lookup(_ name: TemplateName, frame: Frame, stack: [TemplateValue]) -> TemplateValue? {
        var found: TemplateValue?
        switch name.kind {
        case .current:
            found = stack.last
        case .sequence:
            guard let position = frame.sequence, let first = name.transforms.first, var value = position.transform(first) else { return nil }
            for transform in name.transforms.dropFirst() {
                guard let next = value.transform(transform) else { return nil }
                value = next
            }
            return value
        case .anchored:
            found = stack.last.flatMap { descend($0, name.parts[...]) }
        case .climbing:
            guard let first = name.parts.first else {
                found = stack.last
                break
            }
            var index = stack.count - 1
            while index >= 0 {
                if let child = stack[index].child(named: first) {
                    found = name.parts.count == 1 ? child : descend(child, name.parts.dropFirst())
                    break
                }
                index -= 1
            }
        }
        guard var value = found else { return nil }
        for transform in name.transforms {
            guard let next = value.transform(transform) else { return nil }
            value = next
        }
        return value
    }

    private func descend(_ value: TemplateValue, _ parts: ArraySlice<String>) -> TemplateValue? {
        var value = value
        for part in parts {
            guard let child = value.child(named: part) else { return nil }
            value = child
        }
        return value
    }
}

/// Where a section's element stands in its list: what `first()`, `last()`, `index()`, `even()` and `odd()` read.
struct SequencePosition: Sendable {
    let first: Bool
    let last: Bool
    let index: Int

    func transform(_ name: String) -> TemplateValue? {
        switch name {
        case "first": .bool(first)
        case "last": .bool(last)
        case "index": .int(index)
        case "even": .bool(index & 1 == 0)
        case "odd": .bool(index & 1 == 1)
        default: nil
        }
    }
}
