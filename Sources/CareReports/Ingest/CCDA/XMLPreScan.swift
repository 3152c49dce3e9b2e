/// One pass over an XML document's bytes before libxml2 reads it, for what libxml2 takes too long
/// over without `XML_PARSE_HUGE` limits to stop it: an element with 150,000 attributes takes it
/// minutes (its duplicate-attribute check compares each with every other). Elements nested deeper
/// than ``maxDepth`` and a text node longer than ``maxTextBytes`` (libxml2's own limits without
/// `XML_PARSE_HUGE`, which is never set) are refused here too, at their line and column, before
/// libxml2 spends time or memory on them. Comments, CDATA sections and processing instructions are
/// skipped (a CDATA section's bytes count toward the text it joins); a quoted attribute value may
/// hold `>` and `=`.
enum XMLPreScan {
    /// Most attributes accepted on one element (a C-CDA element has a handful).
    static let maxAttributes = 256
    /// Deepest nesting of elements accepted (a C-CDA document nests a few dozen deep).
    static let maxDepth = 256
    /// Longest text node accepted, in bytes (libxml2's `XML_MAX_TEXT_LENGTH`).
    static let maxTextBytes = 10_000_000

    /// The first limit the document breaks: a message and the byte offset of the element's `<`.
    static func firstProblem(_ bytes: UnsafeRawBufferPointer) -> (message: String, offset: Int)? {
        let count = bytes.count
        var index = 0
        func starts(_ text: StaticString, at position: Int) -> Bool {
            let length = text.utf8CodeUnitCount
            guard position + length <= count else { return false }
            let pattern = UnsafeRawBufferPointer(start: text.utf8Start, count: length)
            for offset in 0..<length where bytes[position + offset] != pattern[offset] { return false }
            return true
        }
        /// The index just past the first `end` at or after `position` (the end of the bytes if none).
        func skip(past end: StaticString, from position: Int) -> Int {
            var at = position
            while at < count {
                if bytes[at] == end.utf8Start.pointee, starts(end, at: at) { return at + end.utf8CodeUnitCount }
                at += 1
            }
            return count
        }
        var depth = 0
        var textStart = -1, textBytes = 0
        let tooLong = "a text node longer than \(maxTextBytes) bytes; not a C-CDA document, not read"
        while index < count {
            guard bytes[index] == UInt8(ascii: "<") else {
                if textStart < 0 { textStart = index }
                textBytes += 1
                if textBytes > maxTextBytes { return (tooLong, textStart) }
                index += 1
                continue
            }
            if starts("<!--", at: index) {
                index = skip(past: "-->", from: index + 4)
            } else if starts("<![CDATA[", at: index) {
                let begin = index
                index = skip(past: "]]>", from: index + 9)
                if textStart < 0 { textStart = begin }
                textBytes += index - begin
                if textBytes > maxTextBytes { return (tooLong, textStart) }
                continue
            } else if starts("<?", at: index) {
                index = skip(past: "?>", from: index + 2)
            } else if index + 1 < count, bytes[index + 1] == UInt8(ascii: "!") {
                index = skip(past: ">", from: index + 1)
            } else if index + 1 < count, bytes[index + 1] == UInt8(ascii: "/") {
                textStart = -1
                textBytes = 0
                depth = max(0, depth - 1)
                index = skip(past: ">", from: index + 1)
            } else {
                textStart = -1
                textBytes = 0
                // A start tag: count its attributes (each has one `=` outside quotes).
                let start = index
                var attributes = 0
                var quote: UInt8 = 0
                index += 1
                while index < count {
                    let byte = bytes[index]
                    index += 1
                    if quote != 0 {
                        if byte == quote { quote = 0 }
                    } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                        quote = byte
                    } else if byte == UInt8(ascii: "=") {
                        attributes += 1
                        if attributes > maxAttributes {
                            return ("an element with more than \(maxAttributes) attributes; not a C-CDA document, not read", start)
                        }
                    } else if byte == UInt8(ascii: ">") {
                        if bytes[index - 2] != UInt8(ascii: "/") {
                            depth += 1
                            if depth > maxDepth {
                                return ("elements nested more than \(maxDepth) deep; not a C-CDA document, not read", start)
                            }
                        }
                        break
                    }
                }
            }
        }
        return nil
    }

    /// The 1-based line and column (in bytes) of `offset`.
    static func place(of offset: Int, in bytes: UnsafeRawBufferPointer) -> (line: Int, column: Int) {
        var line = 1
        var lineStart = 0
        for position in 0..<min(offset, bytes.count) where bytes[position] == UInt8(ascii: "\n") {
            line += 1
            lineStart = position + 1
        }
        return (line, offset - lineStart + 1)
    }
}
