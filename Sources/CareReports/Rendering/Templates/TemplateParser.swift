/// Parses a template into a ``CompiledTemplate`` by the rules of swift-mustache's parser (standalone
/// lines, indentation of partials and blocks, set delimiters, transforms, inheritance), so that the
/// tree renders the same bytes. Templates are first checked by swift-mustache itself, which gives
/// the errors with their line and column (``PageRenderer``); an error here means the two disagree.
struct TemplateParser {
    struct Failure: Error { let reason: String }

    private struct State {
        var sectionName: String?
        var sectionTransforms: [String] = []
        var newLine = true
        var inPartialDefinition = false
        var partialDefinitionTopLevel = false
        var start = "{{"
        var end = "}}"
        var partialDefinitionIndent: String?

        func section(_ name: String, newLine: Bool, transforms: [String] = []) -> State {
            var state = self
            state.sectionName = name
            state.sectionTransforms = transforms
            state.partialDefinitionTopLevel = false
            if !newLine { state.newLine = false }
            return state
        }

        func inheriting(_ name: String) -> State {
            var state = self
            state.sectionName = name
            state.sectionTransforms = []
            state.newLine = true
            state.inPartialDefinition = true
            state.partialDefinitionTopLevel = true
            return state
        }
    }

    static func parse(_ text: String) throws(Failure) -> CompiledTemplate {
        var scanner = TemplateScanner(text)
        do {
            return try parse(&scanner, state: State())
        } catch let failure as Failure {
            throw failure
        } catch {
            throw Failure(reason: "a tag is not closed")
        }
    }

    private static func parse(_ scanner: inout TemplateScanner, state initial: State) throws -> CompiledTemplate {
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
            let text = try readText(&scanner, state: state)
            if scanner.current.isNewline {
                nodes.append(.text(whiteSpaceBefore + text + String(scanner.current)))
                state.newLine = true
                scanner.advance()
                continue
            }
            if !text.isEmpty {
                nodes.append(.text(whiteSpaceBefore + text))
                whiteSpaceBefore = ""
                state.newLine = false
            }
            if scanner.reachedEnd { break }
            func flushWhiteSpace() {
                if !whiteSpaceBefore.isEmpty {
                    nodes.append(.text(whiteSpaceBefore))
                    whiteSpaceBefore = ""
                }
            }
            var setNewLine = false
            switch scanner.current {
            case "#", "^":
                let inverted = scanner.current == "^"
                scanner.advance()
                let (name, transforms) = try parseName(&scanner, state: state)
                if state.newLine && scanner.lineFinished() { setNewLine = true } else { flushWhiteSpace() }
                let body = try parse(&scanner, state: state.section(name, newLine: setNewLine, transforms: transforms))
                let tagName = TemplateName(name, transforms: transforms)
                nodes.append(inverted ? .invertedSection(tagName, body) : .section(tagName, body))
            case "/":
                scanner.advance()
                let (name, transforms) = try parseName(&scanner, state: state)
                guard name == state.sectionName, transforms == state.sectionTransforms else {
                    throw Failure(reason: "{{/\(name)}} closes no open section")
                }
                if state.newLine && scanner.lineFinished() {
                } else {
                    flushWhiteSpace()
                }
                return CompiledTemplate(nodes: nodes)
            case "!":
                scanner.advance()
                try scanner.skip(pastString: state.end)
                setNewLine = state.newLine && scanner.lineFinished()
            case "{", "&":
                let triple = scanner.current == "{"
                flushWhiteSpace()
                scanner.advance()
                let (name, transforms) = try parseName(&scanner, state: state)
                if triple { guard try scanner.read("}") else { throw Failure(reason: "{{{ without }}}") } }
                nodes.append(.variable(TemplateName(name, transforms: transforms), escaped: false))
            case ">":
                scanner.advance()
                scanner.read { $0.isWhitespace }
                var dynamic = false
                if scanner.current == "*" {
                    scanner.advance()
                    dynamic = true
                }
                let name = try parsePartialName(&scanner, state: state)
                if !whiteSpaceBefore.isEmpty { nodes.append(.text(whiteSpaceBefore)) }
                if state.newLine && scanner.lineFinished() {
                    setNewLine = true
                    nodes.append(.partial(name, dynamic: dynamic, indentation: whiteSpaceBefore, overrides: nil))
                } else {
                    nodes.append(.partial(name, dynamic: dynamic, indentation: nil, overrides: nil))
                }
                whiteSpaceBefore = ""
            case "<":
                scanner.advance()
                scanner.read { $0.isWhitespace }
                let sectionName = try parsePartialName(&scanner, state: state)
                let dynamic = sectionName.first == "*"
                let name = dynamic ? String(sectionName.dropFirst()) : sectionName
                if !whiteSpaceBefore.isEmpty { nodes.append(.text(whiteSpaceBefore)) }
                if state.newLine && scanner.lineFinished() { setNewLine = true }
                let body = try parse(&scanner, state: state.inheriting(sectionName))
                var overrides: [String: CompiledTemplate] = [:]
                for node in body.nodes {
                    switch node {
                    case .blockDefinition(let block, let template): overrides[block] = template
                    case .text: break
                    default: throw Failure(reason: "only blocks may stand inside {{<\(name)}}")
                    }
                }
                nodes.append(.partial(name, dynamic: dynamic, indentation: whiteSpaceBefore, overrides: overrides))
                whiteSpaceBefore = ""
            case "$":
                scanner.advance()
                let (name, transforms) = try parseName(&scanner, state: state)
                guard transforms.isEmpty else { throw Failure(reason: "a transform on a block") }
                if state.partialDefinitionTopLevel {
                    if state.newLine && scanner.lineFinished() { setNewLine = true }
                    let body = try parse(&scanner, state: state.section(name, newLine: setNewLine))
                    nodes.append(.blockDefinition(name, body))
                } else {
                    if !whiteSpaceBefore.isEmpty { nodes.append(.text(whiteSpaceBefore)) }
                    if state.newLine && scanner.lineFinished() { setNewLine = true }
                    let body = try parse(&scanner, state: state.section(name, newLine: setNewLine))
                    nodes.append(.blockExpansion(name, defaultBody: body, indentation: whiteSpaceBefore))
                    whiteSpaceBefore = ""
                }
            case "=":
                scanner.advance()
                state = try setDelimiters(&scanner, state: state)
                setNewLine = state.newLine && scanner.lineFinished()
            case "%":
                scanner.advance()
                nodes.append(.contentType(try contentType(&scanner, state: state)))
                setNewLine = state.newLine && scanner.lineFinished()
            default:
                flushWhiteSpace()
                let (name, transforms) = try parseName(&scanner, state: state)
                nodes.append(.variable(TemplateName(name, transforms: transforms), escaped: true))
            }
            state.newLine = setNewLine
        }
        guard state.sectionName == nil else { throw Failure(reason: "a section is never closed") }
        return CompiledTemplate(nodes: nodes)
    }

    /// Text up to the next tag (its opening delimiter read) or newline (not read).
    private static func readText(_ scanner: inout TemplateScanner, state: State) throws -> String {
        guard let first = state.start.first else { return "" }
        var text = ""
        while !scanner.reachedEnd {
            text += try scanner.read(until: { $0 == "\n" || $0 == "\r\n" || $0 == first }, throwOnOverflow: false)
            if scanner.current.isNewline {
                break
            } else if scanner.current == first {
                if try scanner.read(string: state.start) { break }
                text.append(first)
                scanner.advance()
            }
        }
        return text
    }

    private static let nameCharacters = Set<Character>("0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ.-_?*")
    private static let nameCharactersWithBrackets = nameCharacters.union("()")
    private static let partialNameCharacters = nameCharactersWithBrackets.union("/")

    /// A tag's name and its transforms, outermost first: `empty(coming)` is (`coming`, [`empty`]).
    private static func parseName(_ scanner: inout TemplateScanner, state: State) throws -> (String, [String]) {
        scanner.read { $0.isWhitespace }
        let text = scanner.read { nameCharactersWithBrackets.contains($0) }
        scanner.read { $0.isWhitespace }
        guard try scanner.read(string: state.end) else { throw Failure(reason: "a tag is not closed") }
        var inner = TemplateScanner(text)
        let head = inner.read { nameCharacters.contains($0) }
        if inner.reachedEnd { return (text, []) }
        guard inner.current == "(" else { throw Failure(reason: "a malformed transform") }
        inner.advance()
        var transforms = [head]
        while true {
            let name = inner.read { nameCharacters.contains($0) }
            switch inner.current {
            case ")":
                inner.advance()
                guard inner.read(while: { $0 == ")" }).count + 1 == transforms.count, inner.reachedEnd else {
                    throw Failure(reason: "a malformed transform")
                }
                return (name, transforms)
            case "(":
                inner.advance()
                transforms.append(name)
            default:
                throw Failure(reason: "a malformed transform")
            }
        }
    }

    private static func parsePartialName(_ scanner: inout TemplateScanner, state: State) throws -> String {
        scanner.read { $0.isWhitespace }
        let text = scanner.read { partialNameCharacters.contains($0) }
        scanner.read { $0.isWhitespace }
        guard try scanner.read(string: state.end) else { throw Failure(reason: "a tag is not closed") }
        return text
    }

    private static func setDelimiters(_ scanner: inout TemplateScanner, state: State) throws -> State {
        scanner.read { $0.isWhitespace }
        let start = try scanner.read(until: { $0.isWhitespace })
        scanner.read { $0.isWhitespace }
        let end = try scanner.read(until: { $0 == "=" || $0.isWhitespace })
        scanner.read { $0.isWhitespace }
        guard try scanner.read("="), try scanner.read(string: state.end), !start.isEmpty, !end.isEmpty else {
            throw Failure(reason: "a malformed {{= =}} tag")
        }
        var next = state
        next.start = start
        next.end = end
        next.partialDefinitionTopLevel = false
        return next
    }

    private static func contentType(_ scanner: inout TemplateScanner, state: State) throws -> TemplateContentType {
        scanner.read { $0.isWhitespace }
        let variable = scanner.read { nameCharacters.contains($0) }
        scanner.read { $0.isWhitespace }
        guard try scanner.read(":") else { throw Failure(reason: "a malformed pragma") }
        scanner.read { $0.isWhitespace }
        let value = scanner.read { nameCharacters.contains($0) }
        scanner.read { $0.isWhitespace }
        guard try scanner.read(string: state.end), variable == "CONTENT_TYPE", let type = TemplateContentType(named: value) else {
            throw Failure(reason: "a malformed pragma")
        }
        return type
    }
}
