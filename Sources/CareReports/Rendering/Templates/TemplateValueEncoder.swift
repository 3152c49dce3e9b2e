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

/// One value being encoded: a keyed container makes it an object, an unkeyed one a list.
private final class TreeEncoder: Encoder {
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    var single: TemplateValue = .null
    var object: ObjectBox?
    var list: ListBox?

    var result: TemplateValue {
        if let object { return object.value }
        if let list { return list.value }
        return single
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        let box = object ?? ObjectBox()
        object = box
        return KeyedEncodingContainer(KeyedTree<Key>(box: box))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        let box = list ?? ListBox()
        list = box
        return UnkeyedTree(box: box)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { SingleTree(encoder: self) }
}

private final class ObjectBox {
    var object = TemplateObject(capacity: 8)
    /// Containers made for a field, filled after they are made: put in place when the value is read.
    var nested: [(index: Int, box: NestedBox)] = []

    var value: TemplateValue {
        guard !nested.isEmpty else { return .object(object) }
        var filled = object
        for (index, box) in nested { filled.fields[index].value = box.value }
        return .object(filled)
    }

    /// A field whose value `box` will hold.
    func add(_ name: String, _ box: NestedBox) {
        nested.append((object.fields.count, box))
        object.add(name, .null)
    }
}

private final class ListBox {
    var items: [TemplateValue] = []
    var nested: [(index: Int, box: NestedBox)] = []

    var value: TemplateValue {
        guard !nested.isEmpty else { return .list(items) }
        var filled = items
        for (index, box) in nested { filled[index] = box.value }
        return .list(filled)
    }

    /// An item whose value `box` will hold.
    func add(_ box: NestedBox) {
        nested.append((items.count, box))
        items.append(.null)
    }
}

/// A container or encoder made inside another, read when the outer value is.
private enum NestedBox {
    case object(ObjectBox)
    case list(ListBox)
    case encoder(TreeEncoder)

    var value: TemplateValue {
        switch self {
        case .object(let box): box.value
        case .list(let box): box.value
        case .encoder(let encoder): encoder.result
        }
    }
}

private struct KeyedTree<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let box: ObjectBox
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
        let nested = ObjectBox()
        box.add(key.stringValue, .object(nested))
        return KeyedEncodingContainer(KeyedTree<NestedKey>(box: nested))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let nested = ListBox()
        box.add(key.stringValue, .list(nested))
        return UnkeyedTree(box: nested)
    }

    mutating func superEncoder() -> any Encoder { superEncoder(named: "super") }
    mutating func superEncoder(forKey key: Key) -> any Encoder { superEncoder(named: key.stringValue) }

    private func superEncoder(named name: String) -> any Encoder {
        let encoder = TreeEncoder()
        box.add(name, .encoder(encoder))
        return encoder
    }
}

private struct UnkeyedTree: UnkeyedEncodingContainer {
    let box: ListBox
    var codingPath: [any CodingKey] { [] }
    var count: Int { box.items.count }

    mutating func encodeNil() throws { box.items.append(.null) }
    mutating func encode(_ value: Bool) throws { box.items.append(.bool(value)) }
    mutating func encode(_ value: String) throws { box.items.append(.text(value)) }
    mutating func encode(_ value: Int) throws { box.items.append(.int(value)) }
    mutating func encode(_ value: Double) throws { box.items.append(.number(String(describing: value))) }
    mutating func encode<T: Encodable>(_ value: T) throws { box.items.append(try TemplateValueEncoder.encode(value)) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let nested = ObjectBox()
        box.add(.object(nested))
        return KeyedEncodingContainer(KeyedTree<NestedKey>(box: nested))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let nested = ListBox()
        box.add(.list(nested))
        return UnkeyedTree(box: nested)
    }

    mutating func superEncoder() -> any Encoder {
        let encoder = TreeEncoder()
        box.add(.encoder(encoder))
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
