import Foundation
import Mustache

/// Finds template mistakes that Mustache would let through silently: partials that name no
/// template, and variables that no context can have. A name is looked up as Mustache does: in the
/// innermost context (the page's model, or the value a `{{#section}}` opened: a struct, or the first
/// element of a list), then up the stack; it is an error only when every context on the stack is
/// known and none has the name (see TemplateCheck+Contexts.swift).
struct TemplateCheck: Sendable {
    struct Tag: Sendable {
        let sigil: Character?
        let name: String
        let line: Int
    }

    /// One step of a template as the check walks it, its partials and layout inlined.
    enum Step: Sendable {
        /// `{{#name}}`: looks `path` up, then renders inside the value it names.
        case section(path: [String], file: String, line: Int)
        /// `{{^name}}`, `{{#empty(name)}}`, a layout or a block: reads `path` (when any) and keeps the context.
        case sameContext(path: [String]?, file: String, line: Int)
        case end
        case variable(path: [String], file: String, line: Int)
    }

    /// The steps of each template, by template name.
    let steps: [String: [Step]]

    /// Checks every partial reference and lays out each template's steps.
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
        var result: [String: [Step]] = [:]
        for name in templates.keys {
            var chain: [String] = []
            result[name] = TemplateCheck.steps(of: name, tags: tagsByName, file: file, chain: &chain)
        }
        self.steps = result
    }

    /// The steps of `name` with its partials inlined (a partial that includes itself, directly or
    /// not, is inlined once: its steps are the same each time).
    private static func steps(of name: String, tags: [String: [Tag]], file: (String) -> String, chain: inout [String]) -> [Step] {
        guard !chain.contains(name), let list = tags[name] else { return [] }
        chain.append(name)
        defer { chain.removeLast() }
        let path = file(name)
        var found: [Step] = []
        for tag in list {
            switch tag.sigil {
            case "#":
                let (name, transformed) = argument(of: tag.name)
                if transformed {
                    found.append(.sameContext(path: readable(name), file: path, line: tag.line))
                } else if let read = readable(name) {
                    found.append(.section(path: read, file: path, line: tag.line))
                } else {
                    found.append(.sameContext(path: nil, file: path, line: tag.line))
                }
            case "^": found.append(.sameContext(path: readable(argument(of: tag.name).name), file: path, line: tag.line))
            case "$": found.append(.sameContext(path: nil, file: path, line: tag.line))
            case "/": found.append(.end)
            case "<":
                found.append(.sameContext(path: nil, file: path, line: tag.line))
                found += steps(of: tag.name, tags: tags, file: file, chain: &chain)
            case ">": found += steps(of: tag.name, tags: tags, file: file, chain: &chain)
            case nil, "&", "{":
                if let read = readable(argument(of: tag.name).name) { found.append(.variable(path: read, file: path, line: tag.line)) }
            default: break
            }
        }
        return found
    }

    /// The name a tag reads: the argument of a transform such as empty(coming), or the name itself.
    private static func argument(of name: String) -> (name: String, transformed: Bool) {
        guard let open = name.firstIndex(of: "("), name.hasSuffix(")") else { return (name, false) }
        return (String(name[name.index(after: open)..<name.index(before: name.endIndex)]), true)
    }

    /// The path of a name looked up the context stack; nil for `.`, `.name` (the current context
    /// only) and the empty argument of a sequence transform such as first().
    private static func readable(_ name: String) -> [String]? {
        guard !name.isEmpty, !name.hasPrefix(".") else { return nil }
        return name.split(separator: ".").map(String.init)
    }

    /// Every tag of a template: its sigil (`#`, `^`, `/`, `>`, `<`, `$`, `&`, `{`, `!`, `%`, `=`, or nil for
    /// a variable), name and line. Read over UTF-8 bytes (every delimiter and sigil is ASCII), so a
    /// template is scanned once, in time linear in its size; lines are counted at each line feed.
    static func tags(_ text: String) -> [Tag] {
        var tags: [Tag] = []
        var text = text
        text.withUTF8 { bytes in
            let brace = UInt8(ascii: "{"), closing = UInt8(ascii: "}"), newline = UInt8(ascii: "\n")
            var line = 1
            var index = 0
            func find(_ byte: UInt8, _ count: Int, from start: Int) -> Int? {
                var at = start
                while at + count <= bytes.count {
                    if bytes[at] == byte, (1..<count).allSatisfy({ bytes[at + $0] == byte }) { return at }
                    at += 1
                }
                return nil
            }
            func lines(_ range: Range<Int>) -> Int { bytes[range].reduce(0) { $0 + ($1 == newline ? 1 : 0) } }
            while let open = find(brace, 2, from: index) {
                line += lines(index..<open)
                let afterOpen = open + 2
                let triple = afterOpen < bytes.count && bytes[afterOpen] == brace
                let closeLength = triple ? 3 : 2
                guard let close = find(closing, closeLength, from: afterOpen) else { break }
                var body = trimmed(String(decoding: bytes[afterOpen..<close], as: UTF8.self))
                var sigil: Character? = nil
                if triple {
                    sigil = "{"
                    body = trimmed(String(body.unicodeScalars.dropFirst()))
                } else if let first = body.unicodeScalars.first, "#^/><$&!%=".unicodeScalars.contains(first) {
                    sigil = Character(first)
                    body = trimmed(String(body.unicodeScalars.dropFirst()))
                }
                tags.append(Tag(sigil: sigil, name: body, line: line))
                line += lines(afterOpen..<close + closeLength)
                index = close + closeLength
            }
        }
        return tags
    }

    /// `text` without the spaces and tabs around it (Unicode space separators too, as
    /// `CharacterSet.whitespaces`; line breaks stay).
    private static func trimmed(_ text: String) -> String {
        func isSpace(_ scalar: Unicode.Scalar) -> Bool {
            scalar == " " || scalar == "\t" || (scalar.value > 0x7F && scalar.properties.generalCategory == .spaceSeparator)
        }
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { !isSpace($0) }) else { return "" }
        let last = scalars.lastIndex(where: { !isSpace($0) })!
        if first == scalars.startIndex, last == scalars.index(before: scalars.endIndex) { return text }
        return String(scalars[first...last])
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
