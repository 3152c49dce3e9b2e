/// A byte-level JSON parser (RFC 8259) over a file's bytes, with limits that keep bad input from
/// exhausting the stack or memory. It checks the whole grammar (UTF-8, escapes, numbers, duplicate
/// keys) and records the document as a flat run of tokens on a `JSONTape`; readers get `JSONNode`s
/// that read values from the bytes on demand. Errors carry the byte offset; callers turn it into
/// line and column.
public struct JSONParser {
    /// Deepest nesting of arrays and objects accepted.
    public static let maxDepth = 256
    /// Longest string accepted, in bytes.
    public static let maxStringBytes = 16 << 20

    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0
    private var depth = 0
    private let tape: JSONTape
    /// The tape's storage, held here so that appending a token does not go through the class.
    private var tokens: UnsafeMutablePointer<JSONToken>
    private var tokenCapacity: Int
    private var tokenCount = 0
    /// Receives the elements of streamed arrays instead of keeping them (see `parse(_:streaming:sink:root:)`).
    private var sink: ((String?, Int, JSONNode) -> Void)?
    private var streamedKeys: Set<String> = []
    private var keyAtDepthOne: String?

    init(bytes: UnsafeBufferPointer<UInt8>, tape: JSONTape) {
        self.bytes = bytes
        self.tape = tape
        tokens = tape.base
        tokenCapacity = tape.capacity
    }

    /// Parses one JSON document that fills `bytes` (a UTF-8 byte order mark is skipped) into a tree.
    public static func parse(_ bytes: UnsafeBufferPointer<UInt8>) throws(JSONSyntaxError) -> JSONValue {
        try parse(bytes, streaming: [], sink: nil) { $0.value }
    }

    /// Parses one document and hands its root to `root`. Each element of the root array, and of each
    /// array under a key in `keys` of the root object, goes to `sink` as soon as it is read (with
    /// that key, or nil for the root array, and its index) and is then dropped: those arrays are
    /// empty when `root` sees them. A large collection is thus read record by record, in the memory
    /// of one record.
    public static func parse<Result>(
        _ bytes: UnsafeBufferPointer<UInt8>, streaming keys: Set<String>, sink: ((String?, Int, JSONNode) -> Void)?,
        root: (JSONNode) -> Result
    ) throws(JSONSyntaxError) -> Result {
        var parser = JSONParser(bytes: bytes, tape: JSONTape())
        parser.sink = sink
        parser.streamedKeys = keys
        try parser.parseDocument()
        return root(parser.node(0))
    }

    /// Convenience for tests and small inputs.
    public static func parse(_ text: String) throws(JSONSyntaxError) -> JSONValue {
        var copy = Array(text.utf8)
        return try copy.withUnsafeMutableBufferPointer { (buffer) throws(JSONSyntaxError) -> JSONValue in
            try parse(UnsafeBufferPointer(buffer))
        }
    }

    func node(_ index: Int) -> JSONNode {
        JSONNode(tokens: tokens, bytes: bytes.baseAddress!, index: index)
    }

    private mutating func parseDocument() throws(JSONSyntaxError) {
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { index = 3 }
        try checkEncoding()
        skipWhitespace()
        guard index < bytes.count else {
            throw JSONSyntaxError(offset: index, message: "the file is empty; expected a JSON object or array")
        }
        let first = bytes[index]
        guard first == UInt8(ascii: "{") || first == UInt8(ascii: "[") else {
            throw JSONSyntaxError(offset: index, message: "not a JSON document: expected '{' or '[' at the start")
        }
        try parseValue()
        skipWhitespace()
        guard index == bytes.count else { throw error("unexpected text after the end of the JSON document") }
    }

    /// See `parseValue(_:at:tape:_:)`.
    mutating func parseOneValue<Result>(_ body: (JSONNode) -> Result) throws(JSONSyntaxError) -> Result {
        depth = 1
        tokenCount = 0
        try parseValue()
        return body(node(0))
    }

    /// See `parseElements(_:from:to:tape:_:)`.
    mutating func parseElementRun(stop: Int?, _ body: (Int, JSONNode) -> Void) throws(JSONSyntaxError) -> Int {
        var count = 0
        while true {
            depth = 1
            tokenCount = 0
            try parseValue()
            body(count, node(0))
            count += 1
            skipWhitespace()
            guard index < bytes.count else { throw error("unexpected end of file in an array; expected ',' or ']'") }
            switch bytes[index] {
            case UInt8(ascii: ","):
                try skipComma(before: UInt8(ascii: "]"))
                if let stop, index >= stop {
                    guard index == stop else { throw error("the run does not end where the next begins") }
                    return count
                }
            case UInt8(ascii: "]"):
                guard stop == nil else { throw error("the array ends before the next run begins") }
                index += 1
                skipWhitespace()
                guard index == bytes.count else { throw error("unexpected text after the end of the JSON document") }
                return count
            case let byte: throw error(unexpected(byte, expecting: "',' or ']' in an array"))
            }
        }
    }

    /// See `parseValues(_:from:count:tape:_:)`.
    mutating func parseValueRun(count: Int, _ body: (Int, JSONNode) -> Void) throws(JSONSyntaxError) {
        for number in 0..<count {
            if number > 0 {
                skipWhitespace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: ",") else { throw error("expected ',' between the elements of a run") }
                index += 1
            }
            depth = 1
            tokenCount = 0
            try parseValue()
            body(number, node(0))
        }
    }

    private func checkEncoding() throws(JSONSyntaxError) {
        if bytes.count >= 2, (bytes[0] == 0xFF && bytes[1] == 0xFE) || (bytes[0] == 0xFE && bytes[1] == 0xFF)
            || (bytes[0] == 0 || bytes[1] == 0)
        {
            throw JSONSyntaxError(offset: 0, message: "the file is not UTF-8 (it looks like UTF-16 or binary data)")
        }
    }

    func error(_ message: String) -> JSONSyntaxError {
        JSONSyntaxError(offset: index, message: message)
    }

    @inline(__always)
    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x0A, 0x0D, 0x09: index += 1
            default: return
            }
        }
    }

    /// Appends a token and returns its index on the tape.
    @inline(__always) @discardableResult
    private mutating func push(_ kind: JSONToken.Kind, offset: Int, length: Int = 0, payload: UInt64 = 0, escaped: Bool = false) -> Int {
        if tokenCount == tokenCapacity {
            tape.grow(keeping: tokenCount)
            tokens = tape.base
            tokenCapacity = tape.capacity
        }
        (tokens + tokenCount).initialize(
            to: JSONToken(offset: offset, payload: payload, length: UInt32(truncatingIfNeeded: length), kind: kind, escaped: escaped))
        tokenCount += 1
        return tokenCount - 1
    }

    /// Closes the container whose token is at `start`: records how many tokens and members it holds.
    private mutating func close(_ start: Int, members: Int) throws(JSONSyntaxError) {
        let inside = tokenCount - start - 1
        guard inside <= Int(UInt32.max) else { throw error("a JSON value with more than \(UInt32.max) parts") }
        tokens[start].length = UInt32(inside)
        tokens[start].payload = UInt64(members)
        depth -= 1
    }

    private mutating func parseValue() throws(JSONSyntaxError) {
        skipWhitespace()
        guard index < bytes.count else { throw error("unexpected end of file; expected a value") }
        switch bytes[index] {
        case UInt8(ascii: "{"): try parseObject()
        case UInt8(ascii: "["): try parseArray()
        case UInt8(ascii: "\""):
            let (offset, length, escaped) = try scanString()
            push(.string, offset: offset, length: length, escaped: escaped)
        case UInt8(ascii: "t"): push(.true, offset: index); try expectLiteral("true")
        case UInt8(ascii: "f"): push(.false, offset: index); try expectLiteral("false")
        case UInt8(ascii: "n"): push(.null, offset: index); try expectLiteral("null")
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            let start = index
            let value = try parseNumber()
            push(.number, offset: start, length: index - start, payload: value.bitPattern)
        case let byte: throw error(unexpected(byte, expecting: "a value"))
        }
    }

    /// Steps over the comma at `index` and the white space after it; a comma followed by `closing`
    /// (JSON allows none) is reported as a trailing comma at the comma itself, not at the bracket.
    private mutating func skipComma(before closing: UInt8) throws(JSONSyntaxError) {
        let comma = index
        index += 1
        skipWhitespace()
        if index < bytes.count, bytes[index] == closing {
            index = comma
            throw error("trailing comma before '\(Character(Unicode.Scalar(closing)))'; JSON allows no comma after the last item")
        }
    }

    private func unexpected(_ byte: UInt8, expecting: String) -> String {
        if byte >= 0x21 && byte < 0x7F {
            return "unexpected character '\(Character(Unicode.Scalar(byte)))'; expected \(expecting)"
        }
        return "unexpected byte 0x\(String(byte, radix: 16, uppercase: true)); expected \(expecting)"
    }

    private mutating func expectLiteral(_ literal: StaticString) throws(JSONSyntaxError) {
        let count = literal.utf8CodeUnitCount
        let start = literal.utf8Start
        for offset in 0..<count {
            guard index + offset < bytes.count, bytes[index + offset] == start[offset] else {
                index += offset
                throw error(index < bytes.count ? unexpected(bytes[index], expecting: "'\(literal)'") : "unexpected end of file in '\(literal)'")
            }
        }
        index += count
    }

    private mutating func enter() throws(JSONSyntaxError) {
        depth += 1
        if depth > Self.maxDepth { throw error("arrays and objects nested deeper than \(Self.maxDepth) levels") }
    }

    private mutating func parseArray() throws(JSONSyntaxError) {
        try enter()
        let start = push(.array, offset: index)
        index += 1
        var streamKey: String?
        var streaming = false
        if sink != nil {
            if depth == 1 {
                streaming = true
            } else if depth == 2, let key = keyAtDepthOne, streamedKeys.contains(key) {
                streaming = true
                streamKey = key
            }
        }
        var count = 0
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            return try close(start, members: 0)
        }
        while true {
            try parseValue()
            if streaming {
                sink?(streamKey, count, node(start + 1))
                tokenCount = start + 1
            }
            count += 1
            skipWhitespace()
            guard index < bytes.count else { throw error("unexpected end of file in an array; expected ',' or ']'") }
            switch bytes[index] {
            case UInt8(ascii: ","): try skipComma(before: UInt8(ascii: "]"))
            case UInt8(ascii: "]"):
                index += 1
                return try close(start, members: streaming ? 0 : count)
            case let byte: throw error(unexpected(byte, expecting: "',' or ']' in an array"))
            }
        }
    }

    private mutating func parseObject() throws(JSONSyntaxError) {
        try enter()
        let start = push(.object, offset: index)
        index += 1
        var members = 0
        var seen: UInt64 = 0
        var sawEscapedKey = false
        var keySet: Set<String>?
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            return try close(start, members: 0)
        }
        while true {
            skipWhitespace()
            guard index < bytes.count else { throw error("unexpected end of file in an object; expected a key") }
            guard bytes[index] == UInt8(ascii: "\"") else {
                throw error(unexpected(bytes[index], expecting: "a key in double quotes"))
            }
            let keyStart = index
            let (offset, length, escaped) = try scanString()
            let keyIndex = push(.string, offset: offset, length: length, escaped: escaped)
            // A filter of the keys seen so far: only a possible repeat is checked in full. An
            // escaped key is compared in full with every other.
            // Past `keySetThreshold` keys, a set of the keys seen: 300,000 keys in one object are
            // checked in linear time, not compared each with every other.
            let bit = JSONToken.keyBit(bytes.baseAddress! + offset, count: length)
            sawEscapedKey = sawEscapedKey || escaped
            if keySet == nil, members == Self.keySetThreshold { keySet = keys(in: start, before: keyIndex) }
            if keySet != nil ? !keySet!.insert(node(keyIndex).string ?? "").inserted
                : (seen & bit != 0 || sawEscapedKey) && isRepeatedKey(keyIndex, in: start) {
                index = keyStart
                let key = node(keyIndex).string ?? ""
                throw error("duplicate key \"\(key.prefix(64))\" in one object")
            }
            seen |= bit
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
                throw index < bytes.count
                    ? error(unexpected(bytes[index], expecting: "':' after a key")) : error("unexpected end of file; expected ':'")
            }
            index += 1
            if depth == 1 { keyAtDepthOne = node(keyIndex).string }
            try parseValue()
            members += 1
            skipWhitespace()
            guard index < bytes.count else { throw error("unexpected end of file in an object; expected ',' or '}'") }
            switch bytes[index] {
            case UInt8(ascii: ","): try skipComma(before: UInt8(ascii: "}"))
            case UInt8(ascii: "}"):
                index += 1
                try close(start, members: members)
                tokens[start].payload |= (sawEscapedKey ? 0xFFFF_FFFF : seen) << 32
                return
            case let byte: throw error(unexpected(byte, expecting: "',' or '}' in an object"))
            }
        }
    }

    /// Objects with more keys than this check for repeats with a set of the keys.
    static let keySetThreshold = 32

    /// The keys of the object whose token is at `start`, up to the token at `end`.
    private func keys(in start: Int, before end: Int) -> Set<String> {
        var found = Set<String>()
        var position = start + 1
        while position < end {
            found.insert(node(position).string ?? "")
            position += 1 + tokens[position + 1].span
        }
        return found
    }

    /// Whether the key at `keyIndex` repeats an earlier key of the object whose token is at `start`.
    private func isRepeatedKey(_ keyIndex: Int, in start: Int) -> Bool {
        let base = bytes.baseAddress!
        let key = node(keyIndex)
        func repeated(_ keyBytes: UnsafeBufferPointer<UInt8>) -> Bool {
            var position = start + 1
            while position < keyIndex {
                if JSONNode.keyMatches(tokens[position], bytes: base, keyBytes) { return true }
                position += 1 + tokens[position + 1].span
            }
            return false
        }
        if let plain = key.plainUTF8 { return repeated(plain) }
        var text = key.string ?? ""
        return text.withUTF8(repeated)
    }
}
