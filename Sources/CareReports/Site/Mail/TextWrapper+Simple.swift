/// The plain-text layout of text whose every scalar is a Character of its own, one column wide
/// (English and Spanish: see `simpleScalars`), worked out over its bytes: what `TextWrapper` gives
/// Character by Character, the same (the tests compare both ways), without walking Characters.
extension TextWrapper {
    /// The number of scalars of `text` when each is a Character of its own one column wide: no
    /// carriage return (CR LF is one Character), every scalar below U+0300, where the combining marks
    /// and every wide character begin (ASCII, Latin-1 and Latin Extended: what English and Spanish
    /// are written in), or one of the punctuation, currency, arrow and operator blocks whose every
    /// character stands alone and is shown one column wide (`simpleSymbol`: dashes, quotes, `•`,
    /// `…`, `€`, `→`, `≥`). Nil otherwise: then Characters are counted one by one.
    static func simpleScalars<S: StringProtocol>(_ text: S) -> Int? {
        var count = 0
        var iterator = text.utf8.makeIterator()
        while let byte = iterator.next() {
            if byte < 0x80 {
                if byte == UInt8(ascii: "\r") { return nil }
            } else if byte == 0xE2 {
                guard let second = iterator.next(), let third = iterator.next(), simpleSymbol(second, third) else { return nil }
            } else if byte >= 0xCC {
                // 0xCC 0x80 is U+0300.
                return nil
            } else if byte < 0xC0 {
                continue  // a byte that continues a scalar
            }
            count += 1
        }
        return count
    }

    /// True for the scalar 0xE2 `second` `third` (U+2000–U+2FFF) when it is in U+2000–U+200A
    /// (spaces), U+2010–U+2027 (dashes, quotes, bullet, ellipsis), U+2030–U+205F, U+20A0–U+20CF
    /// (currency), U+2190–U+21FF (arrows), U+2200–U+22FF (operators), or is one of ✓ ✗ ▲ ▼: never
    /// a mark, a joiner or a control, never wide and never shown as an emoji on its own.
    static func simpleSymbol(_ second: UInt8, _ third: UInt8) -> Bool {
        let scalar = 0x2000 | (UInt32(second & 0x3F) << 6) | UInt32(third & 0x3F)
        guard second & 0xC0 == 0x80, third & 0xC0 == 0x80 else { return false }
        switch scalar {
        case 0x2000...0x200A, 0x2010...0x2027, 0x2030...0x205F, 0x20A0...0x20CF, 0x2190...0x21FF, 0x2200...0x22FF: return true
        // The marks a digest's lists start with: ✓ ✗ ▲ ▼ (none is an emoji, each one column).
        case 0x2713, 0x2717, 0x25B2, 0x25BC: return true
        default: return false
        }
    }

    /// `wrapLine` for a line whose every scalar is a Character one column wide (`simpleScalars`),
    /// worked out over its bytes: a column is a scalar, that is a byte that does not continue one.
    static func simpleWrapLine(_ line: Substring, width: Int) -> [String] {
        let bytes = Array(line.utf8)
        let count = bytes.count
        let space = UInt8(ascii: " ")
        func columns(_ range: Range<Int>) -> Int {
            var columns = 0
            for index in range where bytes[index] & 0xC0 != 0x80 { columns += 1 }
            return columns
        }
        if columns(0..<count) <= width { return [String(line)] }
        var indentEnd = 0
        while indentEnd < count && bytes[indentEnd] == space { indentEnd += 1 }
        let marker = simpleListMarker(bytes, at: indentEnd)
        // Four spaces start a code block, unless a list marker follows (a nested list item: wrap it).
        let fourSpaces = count >= 4 && bytes[0..<4].allSatisfy { $0 == space }
        if (indentEnd < count && bytes[indentEnd] == UInt8(ascii: "|")) || (fourSpaces && marker == 0) || bytes.first == UInt8(ascii: "\t") {
            return [String(line)]
        }
        var contentStart = indentEnd + marker
        while contentStart < count && bytes[contentStart] == space { contentStart += 1 }
        let firstPrefix = Array(bytes[0..<contentStart])
        let continuationPrefix = [UInt8](repeating: space, count: columns(0..<contentStart))
        let available = max(width - columns(0..<contentStart), 1)

        var lines: [String] = []
        var prefix = firstPrefix
        var current: [UInt8] = []
        var currentWidth = 0
        func flush() {
            var text = prefix + current
            while text.last == space { text.removeLast() }
            lines.append(String(decoding: text, as: UTF8.self))
            prefix = continuationPrefix
            current = []
            currentWidth = 0
        }
        func start(_ word: Range<Int>) {
            let wordWidth = columns(word)
            if wordWidth <= available || isUnbreakable(bytes[word]) {
                current = Array(bytes[word])
                currentWidth = wordWidth
                return
            }
            var index = word.lowerBound
            while index < word.upperBound {
                var end = index + 1
                while end < word.upperBound && bytes[end] & 0xC0 == 0x80 { end += 1 }
                if currentWidth > 0 && currentWidth + 1 > available { flush() }
                current += bytes[index..<end]
                currentWidth += 1
                index = end
            }
        }
        var index = contentStart
        while index < count {
            let gapStart = index
            while index < count && bytes[index] == space { index += 1 }
            let wordStart = index
            while index < count && bytes[index] != space { index += 1 }
            guard wordStart < index else { continue }
            let word = wordStart..<index
            let wordWidth = columns(word)
            let gapWidth = wordStart - gapStart
            if current.isEmpty {
                start(word)
            } else if currentWidth + gapWidth + wordWidth <= available {
                current += bytes[gapStart..<index]
                currentWidth += gapWidth + wordWidth
            } else {
                flush()
                start(word)
            }
        }
        if !current.isEmpty || lines.isEmpty { flush() }
        return lines
    }

    /// `listMarker` over the bytes of a simple line, as a length in bytes.
    static func simpleListMarker(_ bytes: [UInt8], at start: Int) -> Int {
        let space = UInt8(ascii: " ")
        if start + 1 < bytes.count, [UInt8(ascii: "-"), UInt8(ascii: "*"), UInt8(ascii: "+")].contains(bytes[start]), bytes[start + 1] == space {
            return 2
        }
        // "• ": the bullet is three bytes.
        if start + 3 < bytes.count, bytes[start..<(start + 3)].elementsEqual([0xE2, 0x80, 0xA2]), bytes[start + 3] == space { return 4 }
        var digits = 0
        while start + digits < bytes.count && (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[start + digits]) { digits += 1 }
        guard (1...9).contains(digits) else { return 0 }
        let rest = start + digits
        return rest + 1 < bytes.count && [UInt8(ascii: "."), UInt8(ascii: ")")].contains(bytes[rest]) && bytes[rest + 1] == space ? digits + 2 : 0
    }

    /// `isUnbreakable` over a word's bytes.
    static func isUnbreakable(_ word: ArraySlice<UInt8>) -> Bool {
        word.contains(UInt8(ascii: "@")) || word.firstRange(of: "://".utf8) != nil || word.starts(with: "www.".utf8)
            || word.starts(with: "mailto:".utf8) || word.starts(with: "<www.".utf8) || word.starts(with: "(www.".utf8)
    }

    /// `words` of a text whose every scalar is a Character (`simpleScalars`), split at its space bytes.
    static func simpleWords(_ text: Substring) -> [(gap: Substring, word: Substring)] {
        var result: [(Substring, Substring)] = []
        let bytes = text.utf8
        let space = UInt8(ascii: " ")
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let gapStart = index
            while index < bytes.endIndex && bytes[index] == space { bytes.formIndex(after: &index) }
            let wordStart = index
            while index < bytes.endIndex && bytes[index] != space { bytes.formIndex(after: &index) }
            if wordStart < index { result.append((text[gapStart..<wordStart], text[wordStart..<index])) }
        }
        return result
    }

    /// True when `text` may hold a tab or a Character that `isNewline` (LF, VT, FF, CR, NEL U+0085,
    /// LS U+2028, PS U+2029): looked for in its bytes.
    static func hasLineBreakOrTab(_ text: String) -> Bool {
        var previous: UInt8 = 0
        var beforePrevious: UInt8 = 0
        for byte in text.utf8 {
            if (0x09...0x0D).contains(byte) { return true }
            if previous == 0xC2 && byte == 0x85 { return true }
            if beforePrevious == 0xE2 && previous == 0x80 && (byte == 0xA8 || byte == 0xA9) { return true }
            beforePrevious = previous
            previous = byte
        }
        return false
    }
}
