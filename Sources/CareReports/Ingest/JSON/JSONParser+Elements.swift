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

    /// Parses the one value that fills `range` of `bytes` (surrounding white space allowed), as an
    /// element of the root array: nesting counts from 1 and error offsets are the file's.
    public static func parseElement(_ bytes: UnsafeBufferPointer<UInt8>, in range: Range<Int>) throws(JSONSyntaxError) -> JSONValue {
        var parser = JSONParser(bytes: UnsafeBufferPointer(rebasing: bytes[..<range.upperBound]))
        parser.index = range.lowerBound
        return try parser.parseWholeElement()
    }
}
