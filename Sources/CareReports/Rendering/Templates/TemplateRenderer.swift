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
        guard let template = templates[name] else { return nil }
        var stack = [value]
        var out = ""
        out.reserveCapacity(32_768)
        let stop = Stop()
        render(template, frame: Frame(template: name, stop: stop), stack: &stack, into: &out)
        if let tooDeep = stop.reason { throw tooDeep }
        return out
    }

    /// Set when rendering must stop: everything after it renders nothing.
    private final class Stop {
        var reason: TooDeep?
    }

    /// What a template renders with besides the context stack.
    private struct Frame {
        var sequence: SequencePosition?
        var indentation: String?
        var inherited: [String: CompiledTemplate]?
        var contentType: TemplateContentType = .html
        /// The template whose nodes these are, and the partials and parents that lead to it.
        var template: String
        var includes: [TooDeep] = []
        /// The template each overridden block's body was written in, for messages.
        var blockSources: [String: String] = [:]
        let stop: Stop

        init(template: String, stop: Stop) {
            self.template = template
            self.stop = stop
        }
    }

    private func render(_ template: CompiledTemplate, frame initial: Frame, stack: inout [TemplateValue], into out: inout String) {
        var frame = initial
        if let indentation = frame.indentation, !indentation.isEmpty {
            // A standalone partial's indentation goes in front of each line it writes after its first.
            var text = ""
            for node in template.nodes {
                var piece = ""
                render(node, frame: &frame, stack: &stack, into: &piece)
                if !piece.isEmpty, text.last == "\n" { text += indentation }
                text += piece
            }
            out += text
        } else {
            for node in template.nodes { render(node, frame: &frame, stack: &stack, into: &out) }
        }
    }

    private func render(_ node: TemplateNode, frame: inout Frame, stack: inout [TemplateValue], into out: inout String) {
        switch node {
        case .text(let text):
            out += text
        case .variable(let name, let escaped, _):
            guard let value = lookup(name, frame: frame, stack: stack) else { return }
            out += escaped ? frame.contentType.escape(value.described) : value.described
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
            if let indentation { inner.indentation = (frame.indentation ?? "") + indentation }
            if frame.inherited?[name] != nil, let source = frame.blockSources[name] { inner.template = source }
            render(frame.inherited?[name] ?? defaultBody, frame: inner, stack: &stack, into: &out)
        case .blockDefinition:
            break
        case .partial(let name, let dynamic, let indentation, let overrides, let at):
            var resolved = name
            if dynamic {
                guard case .text(let named)? = lookup(TemplateName(name, transforms: []), frame: frame, stack: stack) else { return }
                resolved = named
            }
            guard let template = templates[resolved], frame.stop.reason == nil else { return }
            let include = TooDeep(template: frame.template, at: at, tag: "{{\(overrides == nil ? ">" : "<")\(dynamic ? "*" : "")\(name)}}")
            guard frame.includes.count < Self.maxIncludes else {
                // The tag to blame: a partial named by the data if one is on the way (its value is
                // what loops), else the first tag met again.
                let chain = frame.includes + [include]
                let repeated = chain.first { one in chain.filter { $0.template == one.template && $0.at == one.at }.count > 1 }
                frame.stop.reason = chain.first { $0.tag.hasPrefix("{{>*") || $0.tag.hasPrefix("{{<*") } ?? repeated ?? include
                return
            }
            var inner = Frame(template: resolved, stop: frame.stop)
            inner.includes = frame.includes + [include]
            inner.indentation = indentation.map { (frame.indentation ?? "") + $0 } ?? frame.indentation
            if let overrides {
                // Blocks overridden further out win over those given here.
                inner.inherited = frame.inherited.map { $0.merging(overrides) { outer, _ in outer } } ?? overrides
                inner.blockSources = frame.blockSources.merging(overrides.mapValues { _ in frame.template }) { outer, _ in outer }
            } else {
                inner.inherited = frame.inherited
                inner.blockSources = frame.blockSources
            }
            render(template, frame: inner, stack: &stack, into: &out)
        case .contentType(let type, _):
            frame.contentType = type
        }
    }

    /// Renders `body` with `value` on top of the context stack (outside any sequence).
    private func push(_ value: TemplateValue, _ body: CompiledTemplate, frame: Frame, stack: inout [TemplateValue], into out: inout String) {
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
