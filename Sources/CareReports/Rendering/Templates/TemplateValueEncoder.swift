/// Turns an `Encodable` view model into a ``TemplateValue`` through its compiler-synthesized
/// `encode(to:)`: fields by name, nil Optionals left out (the synthesized code skips them), arrays
/// as lists, numbers and Booleans as themselves.
enum TemplateValueEncoder {
    static func encode<T: Encodable>(_ value: T) throws -> TemplateValue {
        if let text = value as? String { return .text(text) }
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
        if let object { return .object(object.object) }
        if let list { return .list(list.items) }
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
    var object = TemplateObject()
}

private final class ListBox {
    var items: [TemplateValue] = []
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
        KeyedEncodingContainer(KeyedTree<NestedKey>(box: ObjectBox()))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        UnkeyedTree(box: ListBox())
    }

    mutating func superEncoder() -> any Encoder { TreeEncoder() }
    mutating func superEncoder(forKey key: Key) -> any Encoder { TreeEncoder() }
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
        KeyedEncodingContainer(KeyedTree<NestedKey>(box: ObjectBox()))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer { UnkeyedTree(box: ListBox()) }
    mutating func superEncoder() -> any Encoder { TreeEncoder() }
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
