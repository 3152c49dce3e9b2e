/// Reads a template's text `Character` by `Character` (a `\r\n` is one character; a newline is any
/// character whose `isNewline` is true), and says where any position of it stands (line, column).
struct TemplateScanner {
    struct Overflow: Error {}

    let characters: [Character]
    var position = 0
    /// The index of each line's first character.
    private let lineStarts: [Int]

    init(_ text: String) {
        characters = Array(text)
        var starts = [0]
        for (index, character) in characters.enumerated() where character.isNewline { starts.append(index + 1) }
        lineStarts = starts
    }

    var reachedEnd: Bool { position >= characters.count }

    /// The current character, `\0` past the end.
    var current: Character { reachedEnd ? "\0" : characters[position] }

    mutating func advance() { position += 1 }

    /// The line and column (in characters, both from 1) of the character at `index`.
    func place(_ index: Int) -> TemplatePosition {
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= index { low = middle } else { high = middle - 1 }
        }
        return TemplatePosition(line: low + 1, column: index - lineStarts[low] + 1)
    }

    /// The text from `start` to the current position.
    func text(from start: Int) -> String { String(characters[start..<min(position, characters.count)]) }

    /// Reads `character` when it is next.
    mutating func read(_ character: Character) -> Bool {
        guard !reachedEnd, characters[position] == character else { return false }
        position += 1
        return true
    }

    /// Reads `string` when it comes next.
    mutating func read(string: String) -> Bool {
        let wanted = Array(string)
        guard !wanted.isEmpty else { return true }
        guard characters.count - position >= wanted.count else { return false }
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

    /// Reads up to the first character that passes `test`, or to the end.
    mutating func readUntil(_ test: (Character) -> Bool) -> String {
        let start = position
        while !reachedEnd, !test(characters[position]) { position += 1 }
        return String(characters[start..<position])
    }

    /// Skips past `string` (restarting the match at each character that breaks it); throws (and
    /// stays) when it never comes.
    mutating func skip(pastString string: String) throws(Overflow) {
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
