/// Reads a template's text `Character` by `Character`, as swift-mustache's reader does (a `\r\n`
/// is one character; a newline is any character whose `isNewline` is true).
struct TemplateScanner {
    struct Overflow: Error {}

    let characters: [Character]
    var position = 0

    init(_ text: String) { characters = Array(text) }

    var reachedEnd: Bool { position >= characters.count }

    /// The current character, `\0` past the end.
    var current: Character { reachedEnd ? "\0" : characters[position] }

    mutating func advance() { position += 1 }

    /// Reads `character` when it is next (throws past the end).
    mutating func read(_ character: Character) throws -> Bool {
        guard !reachedEnd else { throw Overflow() }
        guard characters[position] == character else { return false }
        position += 1
        return true
    }

    /// Reads `string` when it comes next (throws when fewer characters are left).
    mutating func read(string: String) throws -> Bool {
        let wanted = Array(string)
        guard !wanted.isEmpty else { return true }
        guard characters.count - position >= wanted.count else { throw Overflow() }
        guard characters[position..<position + wanted.count].elementsEqual(wanted) else { return false }
        position += wanted.count
        return true
    }

    @discardableResult
    mutating func read(while test: (Character) -> Bool) -> String {
        let start = position
        while !reachedEnd, test(characters[position]) { position += 1 }
        return String(characters[start..<position])
    }

    /// Reads up to the first character that passes `test`; throws (and stays) when none does and `throwOnOverflow`.
    mutating func read(until test: (Character) -> Bool, throwOnOverflow: Bool = true) throws -> String {
        let start = position
        while !reachedEnd {
            if test(characters[position]) { return String(characters[start..<position]) }
            position += 1
        }
        if throwOnOverflow {
            position = start
            throw Overflow()
        }
        return String(characters[start..<position])
    }

    /// Skips past `string` (swift-mustache's comment reading, its partial-match restart included).
    mutating func skip(pastString string: String) throws {
        let wanted = Array(string)
        let start = position
        var matched = 0
        while !reachedEnd {
            if characters[position] == wanted[matched] {
                matched += 1
                if matched == wanted.count {
                    position += 1
                    return
                }
            } else {
                matched = 0
            }
            position += 1
        }
        position = start
        throw Overflow()
    }

    /// After a standalone tag: true and past the line's end when only spaces and tabs are left on the line.
    mutating func lineFinished() -> Bool {
        if reachedEnd { return true }
        var probe = position
        while probe < characters.count, characters[probe] == " " || characters[probe] == "\t" { probe += 1 }
        let next: Character = probe < characters.count ? characters[probe] : "\0"
        if next.isNewline {
            position = probe + 1
            return true
        }
        return false
    }
}
