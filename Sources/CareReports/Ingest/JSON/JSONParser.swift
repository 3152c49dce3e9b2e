/// A byte-level JSON parser (RFC 8259) over a file's bytes, with limits that keep bad input from
/// exhausting the stack or memory. Errors carry the byte offset; callers turn it into line and column.
public struct JSONParser {
    /// Deepest nesting of arrays and objects accepted.
    public static let maxDepth = 256
    /// Longest string accepted, in bytes.
    public static let maxStringBytes = 16 << 20

    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0
    private var depth = 0
    /// Receives the elements of streamed arrays instead of keeping them (see `parse(_:streaming:sink:)`).
    private var sink: ((String?, Int, JSONValue) -> Void)?
    private var streamedKeys: Set<String> = []
    private var keyAtDepthOne: String?

    init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// Parses one JSON document that fills `bytes` (a UTF-8 byte order mark is skipped).
    public static func parse(_ bytes: UnsafeBufferPointer<UInt8>) throws(JSONSyntaxError) -> JSONValue {
        var parser = JSONParser(bytes: bytes)
        return try parser.parseDocument()
    }

    private mutating func parseDocument() throws(JSONSyntaxError) -> JSONValue {
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
        let value = try parseValue()
        skipWhitespace()
        guard index == bytes.count else { throw error("unexpected text after the end of the JSON document") }
        return value
    }

    /// Parses one array element that ends where the buffer ends, at nesting depth 1.
    mutating func parseWholeElement() throws(JSONSyntaxError) -> JSONValue {
        depth = 1
        let value = try parseValue()
        skipWhitespace()
        guard index == bytes.count else { throw error("unexpected text after an array element") }
        return value
    }

    /// Parses like `parse(_:)`, but hands each element of the root array, and of each array under a
    /// key in `keys` of the root object, to `sink` as soon as it is read (with that key, or nil for
    /// the root array, and its index); those arrays are left empty in the returned tree. A large
    /// collection is thus decoded record by record and never held as one tree.
    public static func parse(
        _ bytes: UnsafeBufferPointer<UInt8>, streaming keys: Set<String>, sink: @escaping (String?, Int, JSONValue) -> Void
    ) throws(JSONSyntaxError) -> JSONValue {
        var parser = JSONParser(bytes: bytes)
        parser.sink = sink
        parser.streamedKeys = keys
        return try parser.parseDocument()
    }

    /// Convenience for tests and small inputs.
    public static func parse(_ text: String) throws(JSONSyntaxError) -> JSONValue {
        var copy = Array(text.utf8)
        return try copy.withUnsafeMutableBufferPointer { (buffer) throws(JSONSyntaxError) -> JSONValue in
            try parse(UnsafeBufferPointer(buffer))
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

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x0A, 0x0D, 0x09: index += 1
            default: return
            }
        }
    }

    private mutating func parseValue() throws(JSONSyntaxError) -> JSONValue {
        skipWhitespace()
        guard index < bytes.count else { throw error("unexpected end of file; expected a value") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try expectLiteral("true"); return .bool(true)
        case UInt8(ascii: "f"): try expectLiteral("false"); return .bool(false)
        case UInt8(ascii: "n"): try expectLiteral("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
        case let byte: throw error(unexpected(byte, expecting: "a value"))
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

    private mutating func parseArray() throws(JSONSyntaxError) -> JSONValue {
        try enter()
        index += 1
        var elements: [JSONValue] = []
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
            depth -= 1
            return .array(elements)
        }
        while true {
            let element = try parseValue()
            if streaming {
                sink?(streamKey, count, element)
                count += 1
            } else {
                elements.append(element)
            }
            skipWhitespace()
            guard index < bytes.count else { throw error("unexpected end of file in an array; expected ',' or ']'") }
            switch bytes[index] {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "]"):
                index += 1
                depth -= 1
                return .array(elements)
            case let byte: throw error(unexpected(byte, expecting: "',' or ']' in an array"))
            }
        }
    }

    private mutating func parseObject() throws(JSONSyntaxError) -> JSONValue {
        try enter()
        index += 1
        var object = JSONObject()
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            depth -= 1
            return .object(object)
        }
        while true {
            skipWhitespace()
            guard index < bytes.count else { throw error("unexpected end of file in an object; expected a key") }
            guard bytes[index] == UInt8(ascii: "\"") else {
                throw error(unexpected(bytes[index], expecting: "a key in double quotes"))
            }
            let keyStart = index
            let key = try parseString()
            if object.contains(key) {
                index = keyStart
                throw error("duplicate key \"\(key.prefix(64))\" in one object")
            }
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
                throw index < bytes.count
                    ? error(unexpected(bytes[index], expecting: "':' after a key")) : error("unexpected end of file; expected ':'")
            }
            index += 1
            if depth == 1 { keyAtDepthOne = key }
            object.append(key, try parseValue())
            skipWhitespace()
            guard index < bytes.count else { throw error("unexpected end of file in an object; expected ',' or '}'") }
            switch bytes[index] {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "}"):
                index += 1
                depth -= 1
                return .object(object)
            case let byte: throw error(unexpected(byte, expecting: "',' or '}' in an object"))
            }
        }
    }
}
