/// A value in a parsed document, read straight from the document's bytes: asking for a key compares
/// bytes, and a `String` or `Double` is made only for the values a reader takes. A node is valid
/// while the parse call that handed it out is running (it points into that call's tape and bytes).
public struct JSONNode {
    let tokens: UnsafeMutablePointer<JSONToken>
    let bytes: UnsafePointer<UInt8>
    let index: Int

    var token: JSONToken { tokens[index] }

    public enum Kind: Sendable { case null, bool, number, string, array, object }

    public var kind: Kind {
        switch token.kind {
        case .null: .null
        case .false, .true: .bool
        case .number: .number
        case .string: .string
        case .array: .array
        case .object: .object
        }
    }

    public var isNull: Bool { token.kind == .null }

    /// Where the value starts in the document (for a string, after its opening quote).
    public var byteOffset: Int { token.offset }

    /// The JSON type's name as a person would say it, for "expected X, found Y" messages.
    public var typeName: String {
        switch kind {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }

    public var bool: Bool? {
        switch token.kind {
        case .true: true
        case .false: false
        default: nil
        }
    }

    public var number: Double? {
        let token = token
        return token.kind == .number ? Double(bitPattern: token.payload) : nil
    }

    public var string: String? {
        let token = token
        guard token.kind == .string else { return nil }
        let raw = UnsafeBufferPointer(start: bytes + token.offset, count: Int(token.length))
        guard token.escaped else { return String(decoding: raw, as: UTF8.self) }
        // The parser checked every escape, so unescaping cannot fail here.
        return (try? JSONParser.unescape(raw, at: token.offset)) ?? ""
    }

    /// The bytes of a string that holds no escape (they are its UTF-8 text); nil otherwise.
    var plainUTF8: UnsafeBufferPointer<UInt8>? {
        let token = token
        guard token.kind == .string, !token.escaped else { return nil }
        return UnsafeBufferPointer(start: bytes + token.offset, count: Int(token.length))
    }

    /// Elements of an array, or pairs of an object.
    public var count: Int {
        let token = token
        return token.isContainer ? Int(token.payload & 0xFFFF_FFFF) : 0
    }

    /// The value under `key` of an object (nil when absent, or when this is not an object).
    public subscript(key: StaticString) -> JSONNode? {
        lookup(UnsafeBufferPointer(start: key.utf8Start, count: key.utf8CodeUnitCount))
    }

    public subscript(key: String) -> JSONNode? {
        var key = key
        return key.withUTF8 { lookup($0) }
    }

    private func lookup(_ key: UnsafeBufferPointer<UInt8>) -> JSONNode? {
        let object = tokens[index]
        let first = index + 1
        let end = index + object.span
        guard object.kind == .object, first < end,
            object.payload >> 32 & JSONToken.keyBit(key.baseAddress!, count: key.count) != 0
        else { return nil }
        var position = first + Int(object.hint)
        if position >= end { position = first }
        let origin = position
        repeat {
            let next = position + 1 + tokens[position + 1].span
            if Self.keyMatches(tokens[position], bytes: bytes, key) {
                tokens[index].hint = next - first <= Int(UInt16.max) ? UInt16(next - first) : 0
                return JSONNode(tokens: tokens, bytes: bytes, index: position + 1)
            }
            position = next < end ? next : first
        } while position != origin
        return nil
    }

    @inline(__always)
    static func keyMatches(_ keyToken: JSONToken, bytes: UnsafePointer<UInt8>, _ key: UnsafeBufferPointer<UInt8>) -> Bool {
        if keyToken.escaped {
            let raw = UnsafeBufferPointer(start: bytes + keyToken.offset, count: Int(keyToken.length))
            let unescaped = (try? JSONParser.unescape(raw, at: keyToken.offset)) ?? ""
            return unescaped.utf8.elementsEqual(key)
        }
        guard Int(keyToken.length) == key.count else { return false }
        return sameBytes(bytes + keyToken.offset, key.baseAddress!, count: key.count)
    }

    /// Compares `count` bytes, eight at a time where there are eight (keys are short).
    @inline(__always)
    static func sameBytes(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, count: Int) -> Bool {
        guard count >= 8 else {
            for position in 0..<count where a[position] != b[position] { return false }
            return true
        }
        func word(_ pointer: UnsafePointer<UInt8>, _ at: Int) -> UInt64 { UnsafeRawPointer(pointer + at).loadUnaligned(as: UInt64.self) }
        var position = 0
        while position + 8 < count {
            guard word(a, position) == word(b, position) else { return false }
            position += 8
        }
        // The last eight bytes, overlapping what was compared.
        return word(a, count - 8) == word(b, count - 8)
    }

    /// Whether this is a string whose text is `text`.
    func equals(_ text: String) -> Bool {
        guard let raw = plainUTF8 else { return string == text }
        guard text.utf8.count == raw.count else { return false }
        guard raw.count > 0 else { return true }
        var text = text
        return text.withUTF8 { expected in
            expected.count == raw.count && Self.sameBytes(raw.baseAddress!, expected.baseAddress!, count: raw.count)
        }
    }

    /// The elements of an array (none when this is not an array).
    public var elements: Elements {
        let token = token
        guard token.kind == .array else { return Elements(tokens: tokens, bytes: bytes, position: 0, end: 0) }
        return Elements(tokens: tokens, bytes: bytes, position: index + 1, end: index + token.span)
    }

    public struct Elements: Sequence, IteratorProtocol {
        let tokens: UnsafeMutablePointer<JSONToken>
        let bytes: UnsafePointer<UInt8>
        var position: Int
        let end: Int

        public mutating func next() -> JSONNode? {
            guard position < end else { return nil }
            let node = JSONNode(tokens: tokens, bytes: bytes, index: position)
            position += tokens[position].span
            return node
        }
    }

    /// The keys and values of an object in document order (none when this is not an object).
    public var pairs: [(key: String, value: JSONNode)] {
        guard token.kind == .object else { return [] }
        var result: [(key: String, value: JSONNode)] = []
        result.reserveCapacity(count)
        var position = index + 1
        let end = index + token.span
        while position < end {
            let key = JSONNode(tokens: tokens, bytes: bytes, index: position).string ?? ""
            let value = JSONNode(tokens: tokens, bytes: bytes, index: position + 1)
            result.append((key, value))
            position += 1 + value.token.span
        }
        return result
    }

    /// The value as a self-contained tree (for readers that keep or walk the whole document).
    public var value: JSONValue {
        switch token.kind {
        case .null: return .null
        case .false: return .bool(false)
        case .true: return .bool(true)
        case .number: return .number(Double(bitPattern: token.payload))
        case .string: return .string(string ?? "")
        case .array: return .array(elements.map(\.value))
        case .object:
            var object = JSONObject()
            object.reserve(count)
            for pair in pairs { object.append(pair.key, pair.value.value) }
            return .object(object)
        }
    }
}
