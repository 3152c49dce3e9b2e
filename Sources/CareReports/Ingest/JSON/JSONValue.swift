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

/// A JSON object as parallel key and value arrays, in document order.
public struct JSONObject: Sendable, Equatable {
    public private(set) var keys: [String] = []
    public private(set) var values: [JSONValue] = []

    public init() {}

    public init(_ pairs: [(String, JSONValue)]) {
        for (key, value) in pairs { append(key, value) }
    }

    mutating func append(_ key: String, _ value: JSONValue) {
        keys.append(key)
        values.append(value)
    }

    /// The value for `key`, or nil when the key is absent.
    public subscript(key: String) -> JSONValue? {
        for index in keys.indices where keys[index] == key { return values[index] }
        return nil
    }

    func contains(_ key: String) -> Bool { keys.contains(key) }
}

extension JSONObject {
    /// A copy with `key` appended.
    public func appending(_ key: String, _ value: JSONValue) -> JSONObject {
        var copy = self
        copy.append(key, value)
        return copy
    }
}
