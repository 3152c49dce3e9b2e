import Foundation

/// Plain-text layout for the text/plain digest: word wrapping and monospace tables.
///
/// Widths are measured in terminal columns per Character (grapheme cluster): 1, or 2 for wide East Asian
/// characters and emoji (a cheap range check on the first scalar plus emoji presentation, not the full
/// Unicode East Asian Width table; ambiguous-width characters such as `…` count 1). So a line never has more
/// Characters than the width, and CJK or emoji text does not overflow a fixed-width mail reader.
public enum TextWrapper {
    /// Wraps each line longer than `width` at spaces; output lines end with `\n` (input CRLF/CR become LF).
    ///
    /// Lines are wrapped one by one, never joined, so the author's line structure stays. Untouched: lines that
    /// fit, lines starting (after spaces) with `|` (tables), lines starting with four spaces or a tab (code),
    /// and `table` output with a header (a `---  ---` rule, the line above it, and the non-blank lines below).
    /// A list item (`- `, `* `, `+ `, `• `, `1. `, `1) `) continues under the text after its marker; any other
    /// indented line continues at its indentation. URLs, `mailto:` and anything with `@` are never broken
    /// (such a word may stand alone on an overlong line); other words longer than the line are cut.
    public static func wrap(_ text: String, width: Int = 72) -> String {
        let width = max(width, 1)
        let normalized = text.utf8.contains(UInt8(ascii: "\r")) ? newlinesAsLineFeeds(text) : text
        let lines = lines(of: normalized)
        let tableLines = tableLineIndexes(lines)
        return lines.indices
            .flatMap { tableLines.contains($0) ? [String(lines[$0])] : wrapLine(lines[$0], width: width) }
            .joined(separator: "\n")
    }

    /// A monospace table: columns separated by two spaces, a dashed rule under the header, right alignment for
    /// the column indexes in `alignRight`, cells wider than `maxColumnWidth` cut with `…`, line breaks and tabs
    /// in cells turned into spaces, trailing spaces removed. Lines are joined with `\n`, no final newline.
    /// `wrap` leaves a table with a header and two or more columns as it is (it recognises the rule); a table
    /// without a header or with one column can be broken by `wrap`, so add such tables after wrapping.
    public static func table(headers: [String], rows: [[String]], alignRight: Set<Int> = [], maxColumnWidth: Int = 28) -> String {
        let columns = max(headers.count, rows.map(\.count).max() ?? 0)
        if columns == 0 { return "" }
        let limit = max(maxColumnWidth, 1)
        func cells(_ row: [String]) -> [String] {
            (0..<columns).map { $0 < row.count ? truncate(singleLine(row[$0]), to: limit) : "" }
        }
        let headerCells = headers.isEmpty ? nil : cells(headers)
        let bodyCells = rows.map(cells)
        var widths = Array(repeating: 1, count: columns)
        for row in (headerCells.map { [$0] } ?? []) + bodyCells {
            for (column, cell) in row.enumerated() { widths[column] = max(widths[column], displayWidth(cell)) }
        }
        func line(_ row: [String]) -> String {
            let padded = row.enumerated().map { column, cell in
                let padding = String(repeating: " ", count: widths[column] - displayWidth(cell))
                return alignRight.contains(column) ? padding + cell : cell + padding
            }
            return trimmingTrailingSpaces(padded.joined(separator: "  "))
        }
        var lines: [String] = []
        if let headerCells {
            lines.append(line(headerCells))
            lines.append(widths.map { String(repeating: "-", count: $0) }.joined(separator: "  "))
        }
        lines += bodyCells.map(line)
        return lines.joined(separator: "\n")
    }

    /// Columns a string takes in a fixed-width font (see the type's note).
    public static func displayWidth<S: StringProtocol>(_ text: S) -> Int {
        // One Character per scalar, each one column (see `simpleScalars`).
        if let count = simpleScalars(text) { return count }
        return text.reduce(0) { $0 + displayWidth($1) }
    }

    static func displayWidth(_ character: Character) -> Int {
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        if scalars.contains(where: { $0.value == 0xFE0F }) || first.properties.isEmojiPresentation { return 2 }
        switch first.value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
             0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19,
             0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF,
             0x20000...0x2FFFD, 0x30000...0x3FFFD:
            return 2
        default:
            return 1
        }
    }

    // MARK: - Wrapping

    private static func wrapLine(_ line: Substring, width: Int) -> [String] {
        simpleScalars(line) != nil ? simpleWrapLine(line, width: width) : charactersWrapLine(line, width: width)
    }

    /// `wrapLine` Character by Character: for any line.
    static func charactersWrapLine(_ line: Substring, width: Int) -> [String] {
        if displayWidth(line) <= width { return [String(line)] }
        let indentEnd = line.firstIndex(where: { $0 != " " }) ?? line.endIndex
        let afterIndent = line[indentEnd...]
        let marker = listMarker(afterIndent)
        // Four spaces start a code block, unless a list marker follows (a nested list item: wrap it).
        if afterIndent.hasPrefix("|") || (line.hasPrefix("    ") && marker == 0) || line.hasPrefix("\t") { return [String(line)] }

        var contentStart = afterIndent.index(afterIndent.startIndex, offsetBy: marker)
        while contentStart < line.endIndex && line[contentStart] == " " { contentStart = line.index(after: contentStart) }
        let firstPrefix = String(line[..<contentStart])
        let continuationPrefix = String(repeating: " ", count: displayWidth(firstPrefix))
        let available = max(width - displayWidth(firstPrefix), 1)

        var lines: [String] = []
        var prefix = firstPrefix
        var current = ""
        var currentWidth = 0
        func flush() {
            lines.append(trimmingTrailingSpaces(prefix + current))
            prefix = continuationPrefix
            current = ""
            currentWidth = 0
        }
        func start(_ word: Substring) {
            let wordWidth = displayWidth(word)
            if wordWidth <= available || isUnbreakable(word) {
                current = String(word)
                currentWidth = wordWidth
                return
            }
            for character in word {
                let characterWidth = displayWidth(character)
                if currentWidth > 0 && currentWidth + characterWidth > available { flush() }
                current.append(character)
                currentWidth += characterWidth
            }
        }
        for (gap, word) in words(line[contentStart...]) {
            let wordWidth = displayWidth(word)
            if current.isEmpty {
                start(word)
            } else if currentWidth + displayWidth(gap) + wordWidth <= available {
                current += gap + word
                currentWidth += displayWidth(gap) + wordWidth
            } else {
                flush()
                start(word)
            }
        }
        if !current.isEmpty || lines.isEmpty { flush() }
        return lines
    }

    /// The text's lines, split at each line feed (empty lines kept): found in its UTF-8 bytes, which
    /// gives what splitting its Characters gives, since a line feed is always a character of its own
    /// once carriage returns are gone.
    static func lines(of text: String) -> [Substring] {
        var lines: [Substring] = []
        let bytes = text.utf8
        var start = bytes.startIndex
        while let end = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) {
            lines.append(text[start..<end])
            start = bytes.index(after: end)
        }
        lines.append(text[start...])
        return lines
    }

    /// Lines of `table` output: a rule of two or more dash groups (`---  ------`), the line above it and
    /// the non-blank lines below it.
    private static func tableLineIndexes(_ lines: [Substring]) -> Set<Int> {
        var result: Set<Int> = []
        for (index, line) in lines.enumerated() where isTableRule(line) {
            if index > 0 && !lines[index - 1].isEmpty { result.insert(index - 1) }
            var row = index
            while row < lines.count && !lines[row].isEmpty {
                result.insert(row)
                row += 1
            }
        }
        return result
    }

    /// True for `---  ------` (two or more runs of dashes, each two spaces apart, nothing else):
    /// read byte by byte, since every line of every digest is asked.
    static func isTableRule(_ line: Substring) -> Bool {
        let dash = UInt8(ascii: "-")
        let space = UInt8(ascii: " ")
        var bytes = line.utf8.makeIterator()
        guard bytes.next() == dash else { return false }
        var groups = 1
        while let byte = bytes.next() {
            if byte == dash { continue }
            // Between two runs of dashes: exactly two spaces.
            guard byte == space, bytes.next() == space, bytes.next() == dash else { return false }
            groups += 1
        }
        return groups >= 2
    }

    /// The length of a list marker and its space at the start of `text`, or 0.
    private static func listMarker(_ text: Substring) -> Int {
        for bullet in ["- ", "* ", "+ ", "• "] where text.hasPrefix(bullet) { return 2 }
        let digits = text.prefix(while: { $0.isASCII && $0.isNumber })
        guard (1...9).contains(digits.count) else { return 0 }
        let rest = text.dropFirst(digits.count)
        return rest.hasPrefix(". ") || rest.hasPrefix(") ") ? digits.count + 2 : 0
    }

    /// Words with the spaces before them.
    private static func words(_ text: Substring) -> [(gap: Substring, word: Substring)] {
        // Where every scalar is a Character of its own, spaces are found in the bytes.
        simpleScalars(text) != nil ? simpleWords(text) : charactersWords(text)
    }

    /// `words` found Character by Character, for the tests that compare both ways.
    static func charactersWords(_ text: Substring) -> [(gap: Substring, word: Substring)] {
        var result: [(Substring, Substring)] = []
        var index = text.startIndex
        while index < text.endIndex {
            let gapStart = index
            while index < text.endIndex && text[index] == " " { index = text.index(after: index) }
            let wordStart = index
            while index < text.endIndex && text[index] != " " { index = text.index(after: index) }
            if wordStart < index { result.append((text[gapStart..<wordStart], text[wordStart..<index])) }
        }
        return result
    }

    private static func isUnbreakable(_ word: Substring) -> Bool {
        word.utf8.contains(UInt8(ascii: "@")) || word.utf8.firstRange(of: "://".utf8) != nil || word.hasPrefix("www.")
            || word.hasPrefix("mailto:") || word.hasPrefix("<www.") || word.hasPrefix("(www.")
    }

    /// `text` with CR LF and a lone CR as LF (scalar by scalar, without bridging to NSString).
    private static func newlinesAsLineFeeds(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        var afterCR = false
        for scalar in text.unicodeScalars {
            if scalar == "\n", afterCR {
                afterCR = false
                continue
            }
            afterCR = scalar == "\r"
            out.append(afterCR ? "\n" : scalar)
        }
        return String(out)
    }

    // MARK: - Cells

    static func singleLine(_ text: String) -> String {
        hasLineBreakOrTab(text) ? String(text.map { $0.isNewline || $0 == "\t" ? " " : $0 }) : text
    }

    private static func truncate(_ text: String, to limit: Int) -> String {
        if displayWidth(text) <= limit { return text }
        var out = ""
        var width = 0
        for character in text {
            let characterWidth = displayWidth(character)
            if width + characterWidth > limit - 1 { break }
            out.append(character)
            width += characterWidth
        }
        return out + "…"
    }

    private static func trimmingTrailingSpaces(_ text: String) -> String {
        var text = Substring(text)
        while text.last == " " { text = text.dropLast() }
        return String(text)
    }
}
