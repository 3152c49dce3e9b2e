/// A parsed JSON value; objects keep their keys in document order.
public enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)

    /// The JSON type's name as a person would say it, for "expected X, found Y" messages.
    public var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}

/// A JSON object as one array of key-value pairs in document order (one allocation per object).
public struct JSONObject: Sendable, Equatable {
    public private(set) var pairs: [(key: String, value: JSONValue)] = []

    public init() {}

    public init(_ pairs: [(String, JSONValue)]) {
        self.pairs = pairs.map { (key: $0.0, value: $0.1) }
    }

    mutating func append(_ key: String, _ value: JSONValue) {
        pairs.append((key, value))
    }

    mutating func reserve(_ count: Int) { pairs.reserveCapacity(count) }

    /// The keys in document order.
    public var keys: [String] { pairs.map(\.key) }

    /// The values in document order.
    public var values: [JSONValue] { pairs.map(\.value) }

    /// The value for `key`, or nil when the key is absent.
    public subscript(key: String) -> JSONValue? {
        for pair in pairs where pair.key == key { return pair.value }
        return nil
    }

    func contains(_ key: String) -> Bool { pairs.contains { $0.key == key } }

    public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
        lhs.pairs.count == rhs.pairs.count && zip(lhs.pairs, rhs.pairs).allSatisfy { $0.key == $1.key && $0.value == $1.value }
    }
}

extension JSONObject {
    /// A copy with `key` appended.
    public func appending(_ key: String, _ value: JSONValue) -> JSONObject {
        var copy = self
        copy.append(key, value)
        return copy
    }
}
