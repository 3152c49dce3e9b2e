/// Turns an `Encodable` view model into a ``TemplateValue`` through its `encode(to:)` (the
/// compiler-synthesized one for every view model): fields by name, nil Optionals left out (the
/// synthesized code skips them), arrays as lists, numbers and Booleans as themselves; a nested
/// container or super-encoder (a hand-written `encode(to:)`) becomes the field or item it is made for.
enum TemplateValueEncoder {
    static func encode<T: Encodable>(_ value: T) throws -> TemplateValue {
        // A type comparison, not a dynamic cast of every value (most are structs and arrays).
        if T.self == String.self, let text = value as? String { return .text(text) }
        let encoder = TreeEncoder()
        try value.encode(to: encoder)
        return encoder.result
    }
}

/// One value being encoded, holding what its container is given: a keyed container makes it an
/// object, an unkeyed one a list. A nested container or super-encoder is another of these, put in
/// place when the value is read (one object per value, no box besides).
private final class TreeEncoder: Encoder {
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    // Unchecked: each encoder is used by the one thread encoding its value, one container call at
    // a time (a nested value has an encoder of its own), so the run-time exclusivity check (a
    // thread-local access set per field written) only costs time.
    @exclusivity(unchecked) var single: TemplateValue = .null
    @exclusivity(unchecked) var isObject = false
    @exclusivity(unchecked) var object = TemplateObject()
    @exclusivity(unchecked) var isList = false
    @exclusivity(unchecked) var items: [TemplateValue] = []
    /// Values made for a field or an item, filled after they are made.
    @exclusivity(unchecked) var nestedFields: [(index: Int, encoder: TreeEncoder)] = []
    @exclusivity(unchecked) var nestedItems: [(index: Int, encoder: TreeEncoder)] = []

    var result: TemplateValue {
        if isObject {
            guard !nestedFields.isEmpty else { return .object(object) }
            var filled = object
            for (index, encoder) in nestedFields { filled.fields[index].value = encoder.result }
            return .object(filled)
        }
        if isList {
            guard !nestedItems.isEmpty else { return .list(items) }
            var filled = items
            for (index, encoder) in nestedItems { filled[index] = encoder.result }
            return .list(filled)
        }
        return single
    }

    /// Makes this value an object (with room for a view model's fields, without regrowing).
    func becomeObject() {
        guard !isObject else { return }
        isObject = true
        object = TemplateObject(capacity: 8)
    }

    func becomeList() {
        isList = true
    }

    /// A field whose value `encoder` will hold.
    func addField(_ name: String, _ encoder: TreeEncoder) {
        nestedFields.append((object.fields.count, encoder))
        object.add(name, .null)
    }

    /// An item whose value `encoder` will hold.
    func addItem(_ encoder: TreeEncoder) {
        nestedItems.append((items.count, encoder))
        items.append(.null)
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        becomeObject()
        return KeyedEncodingContainer(KeyedTree<Key>(box: self))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        becomeList()
        return UnkeyedTree(box: self)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { SingleTree(encoder: self) }
}

private struct KeyedTree<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let box: TreeEncoder
    var codingPath: [any CodingKey] { [] }

    mutating func encodeNil(forKey key: Key) throws {}
    mutating func encode(_ value: Bool, forKey key: Key) throws { box.object.add(key.stringValue, .bool(value)) }
    mutating func encode(_ value: String, forKey key: Key) throws { box.object.add(key.stringValue, .text(value)) }
    mutating func encode(_ value: Double, forKey key: Key) throws { box.object.add(key.stringValue, .number(String(describing: value))) }
    mutating func encode(_ value: Float, forKey key: Key) throws { box.object.add(key.stringValue, .number(String(describing: value))) }
    mutating func encode(_ value: Int, forKey key: Key) throws { box.object.add(key.stringValue, .int(value)) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { box.object.add(key.stringValue, .int(Int(value))) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { box.object.add(key.stringValue, .int(Int(value))) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { box.object.add(key.stringValue, .int(Int(value))) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { box.object.add(key.stringValue, integer(value)) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { box.object.add(key.stringValue, integer(value)) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { box.object.add(key.stringValue, .int(Int(value))) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { box.object.add(key.stringValue, .int(Int(value))) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { box.object.add(key.stringValue, .int(Int(value))) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { box.object.add(key.stringValue, integer(value)) }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        box.object.add(key.stringValue, try TemplateValueEncoder.encode(value))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        let nested = TreeEncoder()
        nested.becomeObject()
        box.addField(key.stringValue, nested)
        return KeyedEncodingContainer(KeyedTree<NestedKey>(box: nested))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let nested = TreeEncoder()
        nested.becomeList()
        box.addField(key.stringValue, nested)
        return UnkeyedTree(box: nested)
    }

    mutating func superEncoder() -> any Encoder { superEncoder(named: "super") }
    mutating func superEncoder(forKey key: Key) -> any Encoder { superEncoder(named: key.stringValue) }

    private func superEncoder(named name: String) -> any Encoder {
        let encoder = TreeEncoder()
        box.addField(name, encoder)
        return encoder
    }
}

private struct UnkeyedTree: UnkeyedEncodingContainer {
    let box: TreeEncoder
    var codingPath: [any CodingKey] { [] }
    var count: Int { box.items.count }

    mutating func encodeNil() throws { box.items.append(.null) }
    mutating func encode(_ value: Bool) throws { box.items.append(.bool(value)) }
    mutating func encode(_ value: String) throws { box.items.append(.text(value)) }
    mutating func encode(_ value: Int) throws { box.items.append(.int(value)) }
    mutating func encode(_ value: Double) throws { box.items.append(.number(String(describing: value))) }
    mutating func encode<T: Encodable>(_ value: T) throws { box.items.append(try TemplateValueEncoder.encode(value)) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let nested = TreeEncoder()
        nested.becomeObject()
        box.addItem(nested)
        return KeyedEncodingContainer(KeyedTree<NestedKey>(box: nested))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let nested = TreeEncoder()
        nested.becomeList()
        box.addItem(nested)
        return UnkeyedTree(box: nested)
    }

    mutating func superEncoder() -> any Encoder {
        let encoder = TreeEncoder()
        box.addItem(encoder)
        return encoder
    }
}

private struct SingleTree: SingleValueEncodingContainer {
    let encoder: TreeEncoder
    var codingPath: [any CodingKey] { [] }

    mutating func encodeNil() throws { encoder.single = .null }
    mutating func encode(_ value: Bool) throws { encoder.single = .bool(value) }
    mutating func encode(_ value: String) throws { encoder.single = .text(value) }
    mutating func encode(_ value: Double) throws { encoder.single = .number(String(describing: value)) }
    mutating func encode(_ value: Float) throws { encoder.single = .number(String(describing: value)) }
    mutating func encode(_ value: Int) throws { encoder.single = .int(value) }
    mutating func encode(_ value: Int8) throws { encoder.single = .int(Int(value)) }
    mutating func encode(_ value: Int16) throws { encoder.single = .int(Int(value)) }
    mutating func encode(_ value: Int32) throws { encoder.single = .int(Int(value)) }
    mutating func encode(_ value: Int64) throws { encoder.single = integer(value) }
    mutating func encode(_ value: UInt) throws { encoder.single = integer(value) }
    mutating func encode(_ value: UInt8) throws { encoder.single = .int(Int(value)) }
    mutating func encode(_ value: UInt16) throws { encoder.single = .int(Int(value)) }
    mutating func encode(_ value: UInt32) throws { encoder.single = .int(Int(value)) }
    mutating func encode(_ value: UInt64) throws { encoder.single = integer(value) }
    mutating func encode<T: Encodable>(_ value: T) throws { encoder.single = try TemplateValueEncoder.encode(value) }
}

/// An integer as an `.int` when it fits, else as its description.
private func integer<T: BinaryInteger>(_ value: T) -> TemplateValue {
    Int(exactly: value).map(TemplateValue.int) ?? .number(String(describing: value))
}
