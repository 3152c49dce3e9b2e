import Glibc

extension JSONParser {
    /// The byte ranges of the elements of a document whose root is an array, found by a quick
    /// structural scan (strings and nesting only, nothing validated); nil when the document is not
    /// a plain array or the scan finds it unbalanced, so the caller falls back to `parse`, which
    /// reports the exact problem.
    public static func elementRanges(of bytes: UnsafeBufferPointer<UInt8>) -> [Range<Int>]? {
        var index = 0
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { index = 3 }
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 }
        while index < bytes.count, isSpace(bytes[index]) { index += 1 }
        guard index < bytes.count, bytes[index] == UInt8(ascii: "[") else { return nil }
        index += 1
        var ranges: [Range<Int>] = []
        var depth = 0
        var start = index
        var inString = false
        var sawValue = false
        while index < bytes.count {
            let byte = bytes[index]
            if inString {
                // Jump to the next quote; it closes the string unless an odd run of backslashes escapes it.
                guard let base = bytes.baseAddress,
                    let found = memchr(base + index, Int32(UInt8(ascii: "\"")), bytes.count - index)
                else { return nil }
                let quote = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                var backslashes = 0
                while quote - backslashes - 1 >= index, bytes[quote - backslashes - 1] == UInt8(ascii: "\\") { backslashes += 1 }
                index = quote + 1
                if backslashes % 2 == 0 { inString = false }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true; sawValue = true
            case UInt8(ascii: "["), UInt8(ascii: "{"): depth += 1; sawValue = true
            case UInt8(ascii: "]"), UInt8(ascii: "}"):
                if depth == 0 {
                    guard byte == UInt8(ascii: "]") else { return nil }
                    if sawValue { ranges.append(start..<index) } else if !ranges.isEmpty { return nil }
                    index += 1
                    while index < bytes.count, isSpace(bytes[index]) { index += 1 }
                    return index == bytes.count ? ranges : nil
                }
                depth -= 1
            case UInt8(ascii: ","):
                if depth == 0 {
                    guard sawValue else { return nil }
                    ranges.append(start..<index)
                    start = index + 1
                    sawValue = false
                }
            default:
                if !isSpace(byte) { sawValue = true }
            }
            index += 1
        }
        return nil
    }

    /// Where a run of the root array's elements could start near each of `shares - 1` evenly spaced
    /// offsets, found without reading the file through: a raw newline never stands inside a JSON
    /// string, so a line that starts with the first element's indentation and opening byte, after a
    /// line ending in a comma, is taken as an element start. These are guesses: the reader of the
    /// run before each one confirms it (`parseElements(_:from:to:tape:_:)`). The first offset is
    /// the first element's, and the only one when no other is found; nil when the document is not
    /// an array with an element.
    public static func runStarts(of bytes: UnsafeBufferPointer<UInt8>, shares: Int) -> [Int]? {
        guard let base = bytes.baseAddress else { return nil }
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 }
        var index = bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF ? 3 : 0
        while index < bytes.count, isSpace(bytes[index]) { index += 1 }
        guard index < bytes.count, bytes[index] == UInt8(ascii: "[") else { return nil }
        let open = index
        index += 1
        while index < bytes.count, isSpace(bytes[index]) { index += 1 }
        guard index < bytes.count, bytes[index] != UInt8(ascii: "]") else { return nil }
        let first = index
        // The first element's indentation: what stands between the newline before it and it (none
        // when it shares the bracket's line: the later ones are then looked for at line starts).
        var lineStart = first
        while lineStart > open + 1, bytes[lineStart - 1] != 0x0A { lineStart -= 1 }
        let indent = bytes[lineStart - 1] == 0x0A ? first - lineStart : 0
        var starts = [first]
        var from = first
        for share in 1..<max(shares, 1) {
            var position = max(from + 1, first + (bytes.count - first) * share / shares)
            while position < bytes.count, let found = memchr(base + position, 0x0A, bytes.count - position) {
                let newline = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                position = newline + 1
                let candidate = position + indent
                guard candidate < bytes.count, bytes[candidate] == bytes[first],
                    (0..<indent).allSatisfy({ bytes[position + $0] == bytes[lineStart + $0] })
                else { continue }
                var before = newline - 1
                while before > first, bytes[before] == 0x20 || bytes[before] == 0x09 || bytes[before] == 0x0D { before -= 1 }
                guard bytes[before] == UInt8(ascii: ",") else { continue }
                starts.append(candidate)
                from = candidate
                break
            }
        }
        return starts
    }

    /// Parses the one value that starts at `start` (a record of a document read before, found
    /// again by its offset) and hands it to `body`.
    public static func parseValue<Result>(
        _ bytes: UnsafeBufferPointer<UInt8>, at start: Int, tape: JSONTape, _ body: (JSONNode) -> Result
    ) throws(JSONSyntaxError) -> Result {
        var parser = JSONParser(bytes: bytes, tape: tape)
        parser.index = start
        return try parser.parseOneValue(body)
    }

    /// Parses `count` elements of an array one after another from `start`, where one begins (records
    /// of a document read before, found again by where the first starts), handing each to `body`
    /// with its place in the run; returns where the last one ends.
    @discardableResult
    public static func parseValues(
        _ bytes: UnsafeBufferPointer<UInt8>, from start: Int, count: Int, tape: JSONTape, _ body: (Int, JSONNode) -> Void
    ) throws(JSONSyntaxError) -> Int {
        var parser = JSONParser(bytes: bytes, tape: tape)
        parser.index = start
        try parser.parseValueRun(count: count, body)
        return parser.index
    }

    /// Parses a run of the root array's elements from `start`, where one begins, handing each to
    /// `body` with its place in the run, and returns how many there were. With `stop`, the run must
    /// end in a comma after which the next element begins exactly at `stop`; without, it must end
    /// the array and the document. Anything else throws (the caller then reads the file serially,
    /// which reports the exact problem).
    public static func parseElements(
        _ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to stop: Int?, tape: JSONTape, _ body: (Int, JSONNode) -> Void
    ) throws(JSONSyntaxError) -> Int {
        var parser = JSONParser(bytes: bytes, tape: tape)
        parser.index = start
        return try parser.parseElementRun(stop: stop, body)
    }
}
