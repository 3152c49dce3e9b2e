/// Reading the inside of a tag: names and transforms, partial names, set delimiters, pragmas.
extension TemplateParser {
    /// A tag's name and its transforms, outermost first (`empty(coming)` is `coming`, [`empty`]),
    /// and the name as written.
    struct TagName {
        let name: String
        let transforms: [String]
        let written: String
    }

    /// The transforms a tag may apply (``TemplateValue/transform(_:)`` and ``SequencePosition``).
    static let knownTransforms: Set<String> = [
        "empty", "first", "last", "count", "reversed", "sorted", "index", "even", "odd",
        "capitalized", "lowercased", "uppercased", "equalzero", "plusone", "minusone",
    ]

    private static let nameCharacters = Set<Character>("0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ.-_?*")
    private static let nameCharactersWithBrackets = nameCharacters.union("()")
    private static let partialNameCharacters = nameCharactersWithBrackets.union("/")

    static func parseName(_ scanner: inout TemplateScanner, state: State, tagStart: Int) throws(Problem) -> TagName {
        let text = try readName(&scanner, characters: nameCharactersWithBrackets, state: state, tagStart: tagStart)
        var inner = TemplateScanner(text)
        let head = inner.read { nameCharacters.contains($0) }
        if inner.reachedEnd { return TagName(name: text, transforms: [], written: text) }
        let malformed = Problem(
            message: "the transform in \(scanner.text(from: tagStart)) is malformed: write the transform, then the name in brackets, as in empty(items)",
            offset: tagStart)
        guard inner.current == "(" else { throw malformed }
        inner.advance()
        var transforms = [head]
        while true {
            let name = inner.read { nameCharacters.contains($0) }
            switch inner.current {
            case ")":
                inner.advance()
                guard inner.read(while: { $0 == ")" }).count + 1 == transforms.count, inner.reachedEnd else { throw malformed }
                for transform in transforms where !knownTransforms.contains(transform) {
                    let guess = Spelling.closest(transform, among: Array(knownTransforms)).map { "; did you mean \($0)?" } ?? ""
                    throw Problem(
                        message: "unknown transform \(transform)(…) in \(scanner.text(from: tagStart))\(guess) (the known ones: "
                            + knownTransforms.sorted().joined(separator: ", ") + ")", offset: tagStart)
                }
                return TagName(name: name, transforms: transforms, written: text)
            case "(":
                inner.advance()
                transforms.append(name)
            default:
                throw malformed
            }
        }
    }

    static func parsePartialName(_ scanner: inout TemplateScanner, state: State, tagStart: Int) throws(Problem) -> String {
        try readName(&scanner, characters: partialNameCharacters, state: state, tagStart: tagStart)
    }

    /// Reads a name made of `characters` with any spaces around it, then the closing delimiter.
    private static func readName(_ scanner: inout TemplateScanner, characters: Set<Character>, state: State, tagStart: Int) throws(Problem) -> String {
        scanner.read { $0.isWhitespace }
        let text = scanner.read { characters.contains($0) }
        let nameEnd = scanner.position
        let space = scanner.read { $0.isWhitespace }
        if scanner.read(string: state.end) { return text }
        let opening = String(scanner.characters[tagStart..<nameEnd])
        // The tag ran to the end of the template, or on past a line break: it was never closed.
        if scanner.reachedEnd || space.contains(where: \.isNewline) || scanner.current.isNewline {
            throw Problem(message: "\(opening) is never closed: \(state.end) is missing", offset: tagStart)
        }
        let found = scanner.current
        let what = text.isEmpty ? "a name" : "\(state.end) after the name \(text)"
        throw Problem(
            message: "unexpected \"\(found)\" in \(opening)…: expected \(what) (a name holds letters, digits and . _ -)", offset: scanner.position)
    }

    static func setDelimiters(_ scanner: inout TemplateScanner, state: State, tagStart: Int) throws(Problem) -> State {
        scanner.read { $0.isWhitespace }
        let start = scanner.readUntil({ $0.isWhitespace })
        scanner.read { $0.isWhitespace }
        let end = scanner.readUntil({ $0 == "=" || $0.isWhitespace })
        scanner.read { $0.isWhitespace }
        guard scanner.read("="), scanner.read(string: state.end), !start.isEmpty, !end.isEmpty, !start.contains("="), !end.contains("=") else {
            throw Problem(
                message: "the delimiter tag is malformed: write \(state.start)=<% %>=\(state.end) (the new opening and closing delimiters, "
                    + "a space between them, no = or space inside them)", offset: tagStart)
        }
        var next = state
        next.start = start
        next.end = end
        next.partialDefinitionTopLevel = false
        return next
    }

    static func contentType(_ scanner: inout TemplateScanner, state: State, tagStart: Int) throws(Problem) -> TemplateContentType {
        scanner.read { $0.isWhitespace }
        let variable = scanner.read { nameCharacters.contains($0) }
        scanner.read { $0.isWhitespace }
        let colon = scanner.read(":")
        scanner.read { $0.isWhitespace }
        let value = scanner.read { nameCharacters.contains($0) }
        scanner.read { $0.isWhitespace }
        let known = "the one known is \(state.start)% CONTENT_TYPE: HTML \(state.end) (or MARKDOWN, or TEXT)"
        guard colon, scanner.read(string: state.end), !variable.isEmpty, !value.isEmpty else {
            throw Problem(message: "the pragma is malformed: \(known)", offset: tagStart)
        }
        guard variable == "CONTENT_TYPE" else { throw Problem(message: "unknown pragma \(variable): \(known)", offset: tagStart) }
        guard let type = TemplateContentType(named: value) else {
            throw Problem(message: "unknown content type \(value): write HTML, MARKDOWN or TEXT", offset: tagStart)
        }
        return type
    }
}
