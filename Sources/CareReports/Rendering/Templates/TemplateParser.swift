/// Parses a template into a ``CompiledTemplate``: Mustache's variables, sections, inverted
/// sections, comments, partials, set delimiters, blocks and parents (inheritance) and dynamic
/// names, with the specification's standalone-line and indentation rules, and the two extensions
/// the templates use: transforms such as `empty(list)` and `{{% CONTENT_TYPE: … }}`. Lambdas are not
/// supported (a model is data, never code).
///
/// A mistake is a ``TemplateSyntaxError`` at the line and column of the tag it is in, in words:
/// a section never closed (at its opening tag), a close tag that closes something else, a tag
/// without its `}}`, a malformed name, transform, delimiter tag or pragma, an unknown transform.
enum TemplateParser {
    /// A mistake at a character offset (turned into a line and column once, at the top).
    struct Problem: Error {
        let message: String
        let offset: Int
    }

    /// A section being parsed: what its close tag must name, and how it was opened (for messages).
    struct OpenSection {
        let name: String
        let transforms: [String]
        /// Offset of the opening tag's first character.
        let start: Int
        /// The opening tag as written (`{{#items}}`).
        let written: String
        /// The name as written inside the tag (`empty(items)`), for the close tag a message suggests.
        let writtenName: String
    }

    struct State {
        var section: OpenSection?
        var newLine = true
        var inPartialDefinition = false
        var partialDefinitionTopLevel = false
        var start = "{{"
        var end = "}}"
        var partialDefinitionIndent: String?
        /// How many sections, blocks and parents are open.
        var depth = 0

        func opening(_ section: OpenSection, newLine: Bool) -> State {
            var state = self
            state.section = section
            state.depth += 1
            state.partialDefinitionTopLevel = false
            if !newLine { state.newLine = false }
            return state
        }

        func inheriting(_ section: OpenSection) -> State {
            var state = self
            state.section = section
            state.depth += 1
            state.newLine = true
            state.inPartialDefinition = true
            state.partialDefinitionTopLevel = true
            return state
        }
    }

    static func parse(_ text: String) throws(TemplateSyntaxError) -> CompiledTemplate {
        var scanner = TemplateScanner(text)
        do {
            return try parse(&scanner, state: State())
        } catch {
            throw TemplateSyntaxError(message: error.message, position: scanner.place(error.offset))
        }
    }

    /// Deepest nesting of sections, blocks and parents accepted: a template that goes deeper is a
    /// located error, not a stack overflow (the built-in templates nest 6 deep at most).
    static let maxNesting = 100

    private static func parse(_ scanner: inout TemplateScanner, state initial: State) throws(Problem) -> CompiledTemplate {
        if initial.depth > maxNesting, let section = initial.section {
            throw Problem(message: "\(section.written) opens a section nested more than \(maxNesting) deep; no template needs that many", offset: section.start)
        }
        var nodes: [TemplateNode] = []
        var state = initial
        var whiteSpaceBefore = ""
        while !scanner.reachedEnd {
            if state.newLine {
                let whiteSpace = scanner.read { $0 == " " || $0 == "\t" }
                if state.inPartialDefinition, !state.partialDefinitionTopLevel {
                    if let indent = state.partialDefinitionIndent {
                        whiteSpaceBefore = String(whiteSpace.dropFirst(indent.count))
                    } else {
                        state.partialDefinitionIndent = whiteSpace
                    }
                } else {
                    whiteSpaceBefore = whiteSpace
                }
            }
            let (text, opened) = readText(&scanner, state: state)
            if !opened, scanner.current.isNewline {
                nodes.append(.text(TemplateText(whiteSpaceBefore + text + String(scanner.current))))
                state.newLine = true
                scanner.advance()
                continue
            }
            if !text.isEmpty {
                nodes.append(.text(TemplateText(whiteSpaceBefore + text)))
                whiteSpaceBefore = ""
                state.newLine = false
            }
            guard opened else { break }
            let tagStart = scanner.position - state.start.count
            let at = scanner.place(tagStart)
            if scanner.reachedEnd { throw Problem(message: "this tag is never closed: \(state.end) is missing", offset: tagStart) }
            if state.partialDefinitionTopLevel, !"$!=/".contains(scanner.current), let parent = state.section {
                throw Problem(
                    message: "only blocks ({{$name}} … {{/name}}) may stand inside \(parent.written) … \(state.start)/\(parent.writtenName)\(state.end); "
                        + "put this tag inside a block", offset: tagStart)
            }
            func flushWhiteSpace() {
                if !whiteSpaceBefore.isEmpty {
                    nodes.append(.text(TemplateText(whiteSpaceBefore)))
                    whiteSpaceBefore = ""
                }
            }
            var setNewLine = false
            switch scanner.current {
            case "#", "^":
                let inverted = scanner.current == "^"
                scanner.advance()
                let tag = try parseName(&scanner, state: state, tagStart: tagStart)
                let section = OpenSection(
                    name: tag.name, transforms: tag.transforms, start: tagStart, written: scanner.text(from: tagStart), writtenName: tag.written)
                if state.newLine && scanner.lineFinished() { setNewLine = true } else { flushWhiteSpace() }
                let body = try parse(&scanner, state: state.opening(section, newLine: setNewLine))
                let name = TemplateName(tag.name, transforms: tag.transforms)
                nodes.append(inverted ? .invertedSection(name, body, at: at) : .section(name, body, at: at))
            case "/":
                scanner.advance()
                let tag = try parseName(&scanner, state: state, tagStart: tagStart)
                let written = scanner.text(from: tagStart)
                guard let open = state.section else {
                    throw Problem(message: "\(written) closes a section, but none is open here (one {{/…}} too many, or its opening tag is missing)", offset: tagStart)
                }
                guard tag.name == open.name, tag.transforms == open.transforms else {
                    let opened = scanner.place(open.start)
                    throw Problem(
                        message: "\(written) closes a section other than the one open here: \(open.written) (line \(opened.line), column \(opened.column)) "
                            + "is still open; check the name and that every {{#…}} or {{^…}} is closed in order", offset: tagStart)
                }
                if !(state.newLine && scanner.lineFinished()) { flushWhiteSpace() }
                return CompiledTemplate(nodes: nodes)
            case "!":
                scanner.advance()
                do {
                    try scanner.skip(pastString: state.end)
                } catch {
                    throw Problem(message: "this comment is never closed: \(state.end) is missing", offset: tagStart)
                }
                setNewLine = state.newLine && scanner.lineFinished()
            case "{", "&":
                let triple = scanner.current == "{"
                flushWhiteSpace()
                scanner.advance()
                let tag = try parseName(&scanner, state: state, tagStart: tagStart)
                if triple, !scanner.read("}") {
                    throw Problem(message: "\(scanner.text(from: tagStart)) is missing its third }: write {{{\(tag.written)}}}", offset: tagStart)
                }
                nodes.append(.variable(TemplateName(tag.name, transforms: tag.transforms), escaped: false, at: at))
            case ">":
                scanner.advance()
                scanner.read { $0.isWhitespace }
                var dynamic = false
                if scanner.current == "*" {
                    scanner.advance()
                    dynamic = true
                }
                let name = try parsePartialName(&scanner, state: state, tagStart: tagStart)
                if !whiteSpaceBefore.isEmpty { nodes.append(.text(TemplateText(whiteSpaceBefore))) }
                if state.newLine && scanner.lineFinished() {
                    setNewLine = true
                    nodes.append(.partial(name, dynamic: dynamic, indentation: whiteSpaceBefore, overrides: nil, at: at))
                } else {
                    nodes.append(.partial(name, dynamic: dynamic, indentation: nil, overrides: nil, at: at))
                }
                whiteSpaceBefore = ""
            case "<":
                scanner.advance()
                scanner.read { $0.isWhitespace }
                let sectionName = try parsePartialName(&scanner, state: state, tagStart: tagStart)
                let parent = OpenSection(name: sectionName, transforms: [], start: tagStart, written: scanner.text(from: tagStart), writtenName: sectionName)
                let dynamic = sectionName.first == "*"
                let name = dynamic ? String(sectionName.dropFirst()) : sectionName
                if !whiteSpaceBefore.isEmpty { nodes.append(.text(TemplateText(whiteSpaceBefore))) }
                if state.newLine && scanner.lineFinished() { setNewLine = true }
                let body = try parse(&scanner, state: state.inheriting(parent))
                var overrides: [String: CompiledTemplate] = [:]
                for node in body.nodes {
                    switch node {
                    case .blockDefinition(let block, let template): overrides[block] = template
                    case .text: break
                    default:
                        throw Problem(message: "only blocks ({{$name}} … {{/name}}) may stand inside \(parent.written) … {{/\(sectionName)}}", offset: tagStart)
                    }
                }
                nodes.append(.partial(name, dynamic: dynamic, indentation: whiteSpaceBefore, overrides: overrides, at: at))
                whiteSpaceBefore = ""
            case "$":
                scanner.advance()
                let tag = try parseName(&scanner, state: state, tagStart: tagStart)
                guard tag.transforms.isEmpty else {
                    throw Problem(message: "a block cannot take a transform: write \(state.start)$name\(state.end) without empty(…) or the like", offset: tagStart)
                }
                let block = OpenSection(name: tag.name, transforms: [], start: tagStart, written: scanner.text(from: tagStart), writtenName: tag.written)
                if state.partialDefinitionTopLevel {
                    if state.newLine && scanner.lineFinished() { setNewLine = true }
                    var body = try parse(&scanner, state: state.opening(block, newLine: setNewLine))
                    body.opening = at
                    nodes.append(.blockDefinition(tag.name, body))
                } else {
                    if !whiteSpaceBefore.isEmpty { nodes.append(.text(TemplateText(whiteSpaceBefore))) }
                    if state.newLine && scanner.lineFinished() { setNewLine = true }
                    let body = try parse(&scanner, state: state.opening(block, newLine: setNewLine))
                    nodes.append(.blockExpansion(tag.name, defaultBody: body, indentation: whiteSpaceBefore))
                    whiteSpaceBefore = ""
                }
            case "=":
                scanner.advance()
                state = try setDelimiters(&scanner, state: state, tagStart: tagStart)
                setNewLine = state.newLine && scanner.lineFinished()
            case "%":
                scanner.advance()
                nodes.append(.contentType(try contentType(&scanner, state: state, tagStart: tagStart), at: at))
                setNewLine = state.newLine && scanner.lineFinished()
            default:
                flushWhiteSpace()
                let tag = try parseName(&scanner, state: state, tagStart: tagStart)
                nodes.append(.variable(TemplateName(tag.name, transforms: tag.transforms), escaped: true, at: at))
            }
            state.newLine = setNewLine
        }
        if let open = state.section {
            throw Problem(message: "\(open.written) is never closed: add \(state.start)/\(open.writtenName)\(state.end) where it ends", offset: open.start)
        }
        return CompiledTemplate(nodes: nodes)
    }

    /// Text up to the next tag (its opening delimiter read: `opened`) or newline (not read) or the end.
    private static func readText(_ scanner: inout TemplateScanner, state: State) -> (text: String, opened: Bool) {
        guard let first = state.start.first else { return ("", false) }
        var text = ""
        while !scanner.reachedEnd {
            text += scanner.readUntil({ $0 == "\n" || $0 == "\r\n" || $0 == first })
            if scanner.current.isNewline {
                break
            } else if scanner.current == first {
                if scanner.read(string: state.start) { return (text, true) }
                text.append(first)
                scanner.advance()
            }
        }
        return (text, false)
    }
}
