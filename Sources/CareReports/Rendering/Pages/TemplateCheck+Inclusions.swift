/// What the templates include: a partial or parent that names no template, a block a child
/// overrides that its parent never writes, a template that includes itself.
extension TemplateCheck {
    /// The first `{{>name}}` or `{{<name}}` (in text order) that names no template.
    static func firstMissingPartial(in template: CompiledTemplate, known: [String: CompiledTemplate]) -> (String, Character, TemplatePosition)? {
        for node in template.nodes {
            switch node {
            case .partial(let name, let dynamic, _, let overrides, let at):
                if !dynamic, known[name] == nil { return (name, overrides == nil ? ">" : "<", at) }
                for (_, body) in (overrides ?? [:]).sorted(by: { $0.key < $1.key }) {
                    if let found = firstMissingPartial(in: body, known: known) { return found }
                }
            case .section(_, let body, _), .invertedSection(_, let body, _), .blockDefinition(_, let body), .blockExpansion(_, let body, _):
                if let found = firstMissingPartial(in: body, known: known) { return found }
            case .text, .variable, .contentType:
                break
            }
        }
        return nil
    }

    /// The first `{{>partial}}` or `{{<parent}}` (depth first from `name`) that includes a template
    /// already being included: the template holding the tag, the tag, its place, and the cycle.
    /// (Page models are not recursive, so such an inclusion never ends: it would overflow the stack.)
    static func firstCycle(
        from name: String, templates: [String: CompiledTemplate], path: inout [String], done: inout Set<String>
    ) -> (String, String, TemplatePosition, [String])? {
        guard !done.contains(name), let template = templates[name] else { return nil }
        path.append(name)
        defer {
            path.removeLast()
            done.insert(name)
        }
        var found: (String, String, TemplatePosition, [String])?
        func visit(_ template: CompiledTemplate, path: inout [String], done: inout Set<String>) {
            for node in template.nodes where found == nil {
                switch node {
                case .partial(let partial, let dynamic, _, let overrides, let at):
                    if !dynamic, let start = path.firstIndex(of: partial) {
                        found = (name, "{{\(overrides == nil ? ">" : "<")\(partial)}}", at, Array(path[start...]) + [partial])
                        return
                    }
                    if !dynamic, let deeper = firstCycle(from: partial, templates: templates, path: &path, done: &done) {
                        found = deeper
                        return
                    }
                    for (_, body) in (overrides ?? [:]).sorted(by: { $0.key < $1.key }) { visit(body, path: &path, done: &done) }
                case .section(_, let body, _), .invertedSection(_, let body, _), .blockDefinition(_, let body), .blockExpansion(_, let body, _):
                    visit(body, path: &path, done: &done)
                case .text, .variable, .contentType:
                    break
                }
            }
        }
        visit(template, path: &path, done: &done)
        return found
    }

    /// The first block a `{{<parent}}` overrides that the parent (with its partials and parents) never writes.
    static func firstUnknownBlock(
        in template: CompiledTemplate, templates: [String: CompiledTemplate]
    ) -> (String, String, [String], TemplatePosition)? {
        for node in template.nodes {
            switch node {
            case .partial(let name, let dynamic, _, let overrides, let at):
                guard let overrides else { continue }
                if !dynamic {
                    var seen: Set<String> = []
                    let known = blocks(written: name, templates: templates, seen: &seen)
                    let given = overrides.sorted { ($0.value.opening?.line ?? 0, $0.value.opening?.column ?? 0) < ($1.value.opening?.line ?? 0, $1.value.opening?.column ?? 0) }
                    for (block, body) in given where !known.contains(block) {
                        return (block, name, known.sorted(), body.opening ?? at)
                    }
                }
                for (_, body) in overrides.sorted(by: { $0.key < $1.key }) {
                    if let found = firstUnknownBlock(in: body, templates: templates) { return found }
                }
            case .section(_, let body, _), .invertedSection(_, let body, _), .blockDefinition(_, let body), .blockExpansion(_, let body, _):
                if let found = firstUnknownBlock(in: body, templates: templates) { return found }
            case .text, .variable, .contentType:
                break
            }
        }
        return nil
    }

    /// The names of the blocks the template `name` writes (`{{$block}}`), its partials' and parents' included.
    static func blocks(written name: String, templates: [String: CompiledTemplate], seen: inout Set<String>) -> Set<String> {
        guard !seen.contains(name), let template = templates[name] else { return [] }
        seen.insert(name)
        func collect(_ template: CompiledTemplate, into found: inout Set<String>, seen: inout Set<String>) {
            for node in template.nodes {
                switch node {
                case .blockExpansion(let block, let body, _):
                    found.insert(block)
                    collect(body, into: &found, seen: &seen)
                case .partial(let partial, let dynamic, _, let overrides, _):
                    if !dynamic { found.formUnion(blocks(written: partial, templates: templates, seen: &seen)) }
                    for (_, body) in overrides ?? [:] { collect(body, into: &found, seen: &seen) }
                case .section(_, let body, _), .invertedSection(_, let body, _), .blockDefinition(_, let body):
                    collect(body, into: &found, seen: &seen)
                case .text, .variable, .contentType:
                    break
                }
            }
        }
        var found: Set<String> = []
        collect(template, into: &found, seen: &seen)
        return found
    }
}
