import Glibc

/// The first reading with deferred checks (`DeferredChecks`) of a collection file written one record
/// per line, as `carereport generate` writes them: a line that starts with `{` and ends with `}` or
/// `},` is taken for one record, read only until its top-level `id` and `careCircleId` are found,
/// and the rest of the line is stepped over. That is a guess (a line feed may stand between any two
/// tokens of a record, so a line may hold two records, or part of one that looks like a whole), and
/// the circle's reading confirms it: it parses each run in full and must find its records starting
/// where the skim said, with the ids it hashed, and the last ending where it said (`CircleRun.end`,
/// `CircleRun.digest`), else the export is read again with every check. A file whose lines are not
/// all taken for records, `[` or `]` (an indented one), or a line the skim does not follow (a key or
/// an id written with escapes, an id or circle not found before the line ends), is parsed whole.
enum LineSkim {
    /// What the skim finds of one record.
    struct Record {
        /// Where its `{` is, and the byte after its `}`.
        let offset: Int
        let end: Int
        let id: String
        let circle: String
        /// Whether a comma follows it on its line (every record but the array's last).
        let comma: Bool
    }

    /// What one part of the file holds, line by line: the opening `[`, records, the closing `]`.
    enum Line {
        case open, record(Record), close
    }

    /// The lines of `bytes[start..<stop]` (`start` at a line start), handing each record to `body`
    /// and returning the part's first and last line kinds; nil when a line is none of these, or
    /// cannot follow the one before (`follows`).
    static func lines(
        _ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to stop: Int, _ body: (Record) -> Void
    ) -> (first: Line?, last: Line?)? {
        guard let base = bytes.baseAddress else { return nil }
        var first: Line?
        var last: Line?
        var lineStart = start
        while lineStart < stop {
            let newline = memchr(base + lineStart, 0x0A, stop - lineStart).map { base.distance(to: $0.assumingMemoryBound(to: UInt8.self)) }
            let lineEnd = newline ?? stop
            var from = lineStart
            var to = lineEnd
            while from < to, isSpace(bytes[from]) { from += 1 }
            while to > from, isSpace(bytes[to - 1]) { to -= 1 }
            // A line holds a record, `[` or `]`; the array may open before the first record on its
            // line and close after the last on its line.
            var found: [Line] = []
            if from < to, bytes[from] == UInt8(ascii: "[") {
                found.append(.open)
                from += 1
                while from < to, isSpace(bytes[from]) { from += 1 }
            }
            var closes = false
            if from < to, bytes[to - 1] == UInt8(ascii: "]") {
                closes = true
                to -= 1
                while to > from, isSpace(bytes[to - 1]) { to -= 1 }
            }
            if from < to {
                guard let record = record(base, from: from, to: to) else { return nil }
                body(record)
                found.append(.record(record))
            }
            if closes { found.append(.close) }
            for line in found {
                if let last, !follows(last, line) { return nil }
                if first == nil { first = line }
                last = line
            }
            lineStart = lineEnd + 1
        }
        return (first, last)
    }

    /// Whether `next` may follow `previous` in the array: a record after `[` or after a record with
    /// a comma; `]` after `[` or after a record without one.
    static func follows(_ previous: Line, _ next: Line) -> Bool {
        switch (previous, next) {
        case (.open, .record), (.open, .close): true
        case (.record(let record), .record): record.comma
        case (.record(let record), .close): !record.comma
        default: false
        }
    }

    @inline(__always)
    static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0D || byte == 0x0A }

    /// The record on the line `from..<to` (no white space at either end), or nil.
    static func record(_ base: UnsafePointer<UInt8>, from: Int, to: Int) -> Record? {
        let comma = base[to - 1] == UInt8(ascii: ",")
        let end = comma ? to - 1 : to
        guard end - from >= 2, base[from] == UInt8(ascii: "{"), base[end - 1] == UInt8(ascii: "}") else { return nil }
        var index = from + 1
        var id: String?
        var circle: String?
        func skipSpace() { while index < end, isSpace(base[index]) { index += 1 } }
        while true {
            skipSpace()
            guard index < end, base[index] == UInt8(ascii: "\"") else { return nil }
            guard let keyEnd = plainStringEnd(base, from: index, to: end) else { return nil }
            let key = base + index + 1
            let keyCount = keyEnd - index - 1
            index = keyEnd + 1
            skipSpace()
            guard index < end, base[index] == UInt8(ascii: ":") else { return nil }
            index += 1
            skipSpace()
            guard index < end else { return nil }
            let isId = keyCount == 2 && key[0] == UInt8(ascii: "i") && key[1] == UInt8(ascii: "d")
            if isId || keyCount == 12 && memcmp(key, Self.circleKey, 12) == 0 {
                guard base[index] == UInt8(ascii: "\""), let valueEnd = plainStringEnd(base, from: index, to: end) else { return nil }
                let value = String(decoding: UnsafeBufferPointer(start: base + index + 1, count: valueEnd - index - 1), as: UTF8.self)
                if isId { id = id ?? value } else { circle = circle ?? value }
                index = valueEnd + 1
                if let id, let circle { return Record(offset: from, end: end, id: id, circle: circle, comma: comma) }
            } else {
                guard let valueEnd = valueEnd(base, from: index, to: end) else { return nil }
                index = valueEnd
            }
            skipSpace()
            guard index < end, base[index] == UInt8(ascii: ",") else { return nil }
            index += 1
        }
    }

    nonisolated(unsafe) private static let circleKey: UnsafePointer<UInt8> = {
        let key = UnsafeMutablePointer<UInt8>.allocate(capacity: 12)
        key.initialize(from: Array("careCircleId".utf8), count: 12)
        return UnsafePointer(key)
    }()

    /// The index of the quote that closes the string whose opening quote is at `start`, when no
    /// backslash or control character comes before it; else nil.
    static func plainStringEnd(_ base: UnsafePointer<UInt8>, from start: Int, to end: Int) -> Int? {
        var index = start + 1
        while index < end {
            let byte = base[index]
            if byte == UInt8(ascii: "\"") { return index }
            if byte == UInt8(ascii: "\\") || byte < 0x20 { return nil }
            index += 1
        }
        return nil
    }

    /// The byte after the value that starts at `start` (a string, an object or array, or a number
    /// or literal), found by its quotes and brackets only; nil when it does not end before `end`.
    static func valueEnd(_ base: UnsafePointer<UInt8>, from start: Int, to end: Int) -> Int? {
        guard start < end else { return nil }
        switch base[start] {
        case UInt8(ascii: "\""):
            return stringEnd(base, from: start, to: end).map { $0 + 1 }
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            var depth = 0
            var index = start
            while index < end {
                switch base[index] {
                case UInt8(ascii: "\""):
                    guard let close = stringEnd(base, from: index, to: end) else { return nil }
                    index = close
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    depth -= 1
                    if depth == 0 { return index + 1 }
                default:
                    break
                }
                index += 1
            }
            return nil
        default:
            var index = start
            while index < end, base[index] != UInt8(ascii: ","), base[index] != UInt8(ascii: "}"), !isSpace(base[index]) { index += 1 }
            return index > start ? index : nil
        }
    }

    /// The index of the quote that closes the string whose opening quote is at `start` (a quote
    /// after a backslash is part of the string); nil when none does before `end`. Eight bytes are
    /// looked at a time for a quote or a backslash.
    static func stringEnd(_ base: UnsafePointer<UInt8>, from start: Int, to end: Int) -> Int? {
        var index = start + 1
        let ones: UInt64 = 0x0101_0101_0101_0101
        let high: UInt64 = 0x8080_8080_8080_8080
        while index < end {
            if index + 8 <= end {
                let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
                let quote = word ^ (ones &* 0x22)
                let backslash = word ^ (ones &* 0x5C)
                let marks = ((quote &- ones) & ~quote | (backslash &- ones) & ~backslash) & high
                if marks == 0 {
                    index += 8
                    continue
                }
                index += marks.trailingZeroBitCount >> 3
            }
            switch base[index] {
            case UInt8(ascii: "\""): return index
            case UInt8(ascii: "\\"): index += 2
            default: index += 1
            }
        }
        return nil
    }
}
