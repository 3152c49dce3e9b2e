import Foundation
import Mustache

/// Finds template mistakes that Mustache would let through silently: partials that name no
/// template, and variables the page's model does not have (checked where a tag reads the page's
/// own model, outside any `{{#section}}`, so no guess about a section's context is ever made).
struct TemplateCheck: Sendable {
    struct Tag: Sendable {
        let sigil: Character?
        let name: String
        let line: Int
    }

    /// A variable read against the page's model: its path (`page.recipientName`), file and line.
    struct RootVariable: Sendable {
        let path: [String]
        let file: String
        let line: Int
    }

    /// Root variables by template name, through its partials and its layout.
    let rootVariables: [String: [RootVariable]]

    /// Checks every partial reference and collects each template's root variables.
    init(templates: [String: String], file: (String) -> String) throws(RenderError) {
        var tagsByName: [String: [Tag]] = [:]
        for (name, text) in templates { tagsByName[name] = TemplateCheck.tags(text) }
        for (name, tags) in tagsByName.sorted(by: { $0.key < $1.key }) {
            for tag in tags where tag.sigil == ">" || tag.sigil == "<" {
                guard templates[tag.name] == nil else { continue }
                let guess = TemplateCheck.closest(tag.name, among: Array(templates.keys)).map { "; did you mean {{\(tag.sigil!)\($0)}}?" } ?? ""
                throw .templateReference(file: file(name), line: tag.line, message: "no template named \(tag.name)\(guess)")
            }
        }
        var result: [String: [RootVariable]] = [:]
        for name in templates.keys {
            var seen: Set<String> = []
            result[name] = TemplateCheck.roots(of: name, tags: tagsByName, file: file, seen: &seen)
        }
        self.rootVariables = result
    }

    private static func roots(of name: String, tags: [String: [Tag]], file: (String) -> String, seen: inout Set<String>) -> [RootVariable] {
        guard seen.insert(name).inserted, let list = tags[name] else { return [] }
        var open: [Character] = []
        // Only {{#section}} changes what names refer to; {{^inverted}} keeps the context it is in.
        var depth: Int { open.filter { $0 == "#" }.count }
        var found: [RootVariable] = []
        for tag in list {
            switch tag.sigil {
            case "#", "^":
                if depth == 0 { found += variable(tag, file(name)) }
                open.append(tag.sigil!)
            case "$": open.append("$")
            case "/": _ = open.popLast()
            case "<":
                if depth == 0 { found += roots(of: tag.name, tags: tags, file: file, seen: &seen) }
                open.append("<")
            case ">": if depth == 0 { found += roots(of: tag.name, tags: tags, file: file, seen: &seen) }
            case nil, "&", "{": if depth == 0 { found += variable(tag, file(name)) }
            default: break
            }
        }
        return found
    }

    private static func variable(_ tag: Tag, _ file: String) -> [RootVariable] {
        var name = tag.name
        // A transform such as empty(coming) reads its argument.
        if let open = name.firstIndex(of: "("), name.hasSuffix(")") { name = String(name[name.index(after: open)..<name.index(before: name.endIndex)]) }
        guard !name.isEmpty, name != ".", !name.hasPrefix(".") else { return [] }
        return [RootVariable(path: name.split(separator: ".").map(String.init), file: file, line: tag.line)]
    }

    /// Throws when a root variable of `template` names nothing in `model` (a nil optional or a value
    /// that is not a struct ends the check: what lies below it cannot be known here). Returns whether
    /// every variable was followed to its end, so that any model of the same type passes too.
    @discardableResult
    func check(_ model: Any, template: String) throws(RenderError) -> Bool {
        var complete = true
        for variable in rootVariables[template] ?? [] {
            var value: Any = model
            for (index, component) in variable.path.enumerated() {
                let mirror = Mirror(reflecting: value)
                if mirror.displayStyle == .optional {
                    guard let child = mirror.children.first else { complete = false; break }
                    value = child.value
                }
                let fields = Mirror(reflecting: value)
                guard fields.displayStyle == .struct || fields.displayStyle == .class else { complete = false; break }
                let names = fields.children.compactMap(\.label)
                guard let child = fields.children.first(where: { $0.label == component }) else {
                    let prefix = variable.path[..<index].joined(separator: ".")
                    let guess = TemplateCheck.closest(component, among: names).map { "; did you mean \(prefix.isEmpty ? "" : prefix + ".")\($0)?" } ?? ""
                    throw .templateReference(
                        file: variable.file, line: variable.line,
                        message: "unknown variable \(variable.path.joined(separator: "."))\(guess)")
                }
                value = child.value
            }
        }
        return complete
    }

    /// Every tag of a template: its sigil (`#`, `^`, `/`, `>`, `<`, `$`, `&`, `{`, `!`, `%`, or nil for a variable), name and line.
    static func tags(_ text: String) -> [Tag] {
        var tags: [Tag] = []
        var line = 1
        var rest = Substring(text)
        while let open = rest.range(of: "{{") {
            line += rest[..<open.lowerBound].filter { $0 == "\n" }.count
            let afterOpen = rest[open.upperBound...]
            let triple = afterOpen.hasPrefix("{")
            guard let close = afterOpen.range(of: triple ? "}}}" : "}}") else { break }
            var body = afterOpen[..<close.lowerBound].trimmingCharacters(in: .whitespaces)
            var sigil: Character? = nil
            if triple {
                sigil = "{"
                body = String(body.dropFirst()).trimmingCharacters(in: .whitespaces)
            } else if let first = body.first, "#^/><$&!%=".contains(first) {
                sigil = first
                body = String(body.dropFirst()).trimmingCharacters(in: .whitespaces)
            }
            tags.append(Tag(sigil: sigil, name: body, line: line))
            line += afterOpen[..<close.upperBound].filter { $0 == "\n" }.count
            rest = afterOpen[close.upperBound...]
        }
        return tags
    }

    /// Plain words for a parser error.
    static func words(_ error: Error) -> String {
        guard let error = error as? MustacheTemplate.Error else { return "the template cannot be read" }
        switch error {
        case .sectionCloseNameIncorrect: return "this {{/…}} closes a section other than the one open here (check the name and that every {{#…}} or {{^…}} is closed in order)"
        case .unfinishedName: return "a tag is not closed or its name is malformed (expected a name, then }})"
        case .expectedSectionEnd: return "a section opened with {{#…}} or {{^…}} is never closed with {{/…}}"
        case .invalidSetDelimiter: return "the {{=… …=}} tag is malformed"
        case .transformAppliedToInheritanceSection: return "a transform such as empty(…) cannot be used on a {{<layout}} or {{$block}}"
        case .illegalTokenInsideInheritSection, .textInsideInheritSection: return "inside {{<layout}} … {{/layout}} only {{$block}} … {{/block}} sections may stand"
        case .invalidConfigVariableSyntax, .unrecognisedConfigVariable: return "the {{% … }} pragma is malformed; the one known is {{% CONTENT_TYPE: HTML|MARKDOWN|TEXT }}"
        }
    }

    /// The candidate nearest to `word` by edit distance, when near enough to be a typo.
    static func closest(_ word: String, among candidates: [String]) -> String? {
        let scored = candidates.map { ($0, distance(word.lowercased(), $0.lowercased())) }.filter { $0.1 > 0 && $0.1 <= max(2, word.count / 3) }
        return scored.min { $0.1 != $1.1 ? $0.1 < $1.1 : $0.0 < $1.0 }?.0
    }

    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        guard !a.isEmpty else { return b.count }
        var row = Array(0...b.count)
        for i in 1...a.count {
            var previous = row[0]
            row[0] = i
            for j in stride(from: 1, through: b.count, by: 1) {
                let current = row[j]
                row[j] = min(row[j] + 1, row[j - 1] + 1, previous + (a[i - 1] == b[j - 1] ? 0 : 1))
                previous = current
            }
        }
        return row[b.count]
    }
}
