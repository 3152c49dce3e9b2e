/// Bounds what cmark-gfm takes quadratic time over before it parses user Markdown: block quotes and
/// lists nested 50,000 deep on one line (`>>>>…`, `- - - …`: 19 s) and long runs of one emphasis
/// delimiter (`*****…`: 11 s). Past `maxDepth` container markers on a line, the next marker is
/// escaped, so the rest of the line is text; a delimiter run longer than `maxRun` is escaped whole
/// (it shows as the characters written). Nothing of the text is dropped.
enum MarkdownNesting {
    /// Deepest block quote and list nesting read as Markdown on one line.
    static let maxDepth = 16
    /// Longest run of one emphasis or strikethrough delimiter read as Markdown.
    static let maxRun = 32

    /// `markdown`, unchanged unless it goes past a limit.
    static func bounded(_ markdown: String) -> String {
        let bytes = Array(markdown.utf8)
        guard needsBounding(bytes) else { return markdown }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + 64)
        var index = 0
        while index < bytes.count {
            // One line: its container markers, then the rest.
            var depth = 0
            var position = index
            while position < bytes.count, bytes[position] != 0x0A {
                let next = containerMarkerEnd(bytes, at: position)
                guard let end = next else { break }
                depth += 1
                if depth > maxDepth {
                    out.append(contentsOf: bytes[index..<position])
                    out.append(UInt8(ascii: "\\"))
                    index = position
                    break
                }
                position = end
            }
            var lineEnd = index
            while lineEnd < bytes.count, bytes[lineEnd] != 0x0A { lineEnd += 1 }
            escapeRuns(bytes[index..<lineEnd], into: &out)
            if lineEnd < bytes.count { out.append(0x0A) }
            index = lineEnd + 1
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Whether some line nests past `maxDepth` or some delimiter run is longer than `maxRun`.
    private static func needsBounding(_ bytes: [UInt8]) -> Bool {
        var run = 0
        var last: UInt8 = 0
        var markers = 0
        for byte in bytes {
            if byte == last, isDelimiter(byte) {
                run += 1
                if run > maxRun { return true }
            } else {
                run = 1
                last = byte
            }
            if byte == 0x0A {
                markers = 0
            } else if byte == UInt8(ascii: ">") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "*")
                || byte == UInt8(ascii: ".") || byte == UInt8(ascii: ")") {
                markers += 1
                if markers > maxDepth { return true }
            }
        }
        return false
    }

    private static func isDelimiter(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "*") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "~")
    }

    /// Where the container marker at `position` ends (after up to three spaces, `>` or a list marker
    /// and its following space); nil when none starts there.
    private static func containerMarkerEnd(_ bytes: [UInt8], at start: Int) -> Int? {
        var position = start
        var spaces = 0
        while position < bytes.count, bytes[position] == 0x20, spaces < 3 {
            position += 1
            spaces += 1
        }
        guard position < bytes.count else { return nil }
        let byte = bytes[position]
        if byte == UInt8(ascii: ">") { return position + 1 }
        var end = position
        if byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "*") {
            end = position + 1
        } else {
            while end < bytes.count, end - position < 9, (0x30...0x39).contains(bytes[end]) { end += 1 }
            guard end > position, end < bytes.count, bytes[end] == UInt8(ascii: ".") || bytes[end] == UInt8(ascii: ")") else { return nil }
            end += 1
        }
        guard end < bytes.count, bytes[end] == 0x20 || bytes[end] == 0x09 else { return nil }
        return end + 1
    }

    /// Copies `line`, each character of a delimiter run longer than `maxRun` escaped.
    private static func escapeRuns(_ line: ArraySlice<UInt8>, into out: inout [UInt8]) {
        var index = line.startIndex
        while index < line.endIndex {
            let byte = line[index]
            var end = index + 1
            if isDelimiter(byte) {
                while end < line.endIndex, line[end] == byte { end += 1 }
            }
            if end - index > maxRun, index == line.startIndex || line[index - 1] != UInt8(ascii: "\\") {
                for _ in index..<end { out.append(UInt8(ascii: "\\")); out.append(byte) }
            } else {
                out.append(contentsOf: line[index..<end])
            }
            index = end
        }
    }
}
