import Foundation
import Mustache

/// A view model whose stored properties templates read, looked up without walking every field.
///
/// swift-mustache finds `{{name}}` in a value through `Mirror`: it reflects every stored property
/// of the value (each one's type looked up by mangled name) and keeps the first whose label
/// matches, for every lookup of every page, and again for each value up the context stack when
/// the name is not there. A conforming type gives the same answer (the stored property of that
/// name, an Optional unwrapped, nil when absent or nil) from a table of its field names made once
/// per type: a name the type does not have costs one dictionary look-up, and one that it has
/// reflects that field only. The bytes of every page are the same.
public protocol TemplateFields: MustacheParent {}

extension TemplateFields {
    public func child(named name: String) -> Any? {
        let mirror = Mirror(reflecting: self)
        guard let offset = FieldTable.offset(of: name, in: Self.self, mirror: mirror) else { return nil }
        let children = mirror.children
        return unwrapOptional(children[children.index(children.startIndex, offsetBy: offset)].value)
    }
}

/// The position of each stored property's name in `Mirror.children`, per type (the first of a name, as Mirror's lookup).
private enum FieldTable {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var tables: [ObjectIdentifier: [String: Int]] = [:]

    static func offset(of name: String, in type: Any.Type, mirror: Mirror) -> Int? {
        let key = ObjectIdentifier(type)
        lock.lock()
        let known = tables[key]
        lock.unlock()
        if let known { return known[name] }
        var table: [String: Int] = [:]
        for (offset, child) in mirror.children.enumerated() {
            if let label = child.label, table[label] == nil { table[label] = offset }
        }
        lock.lock()
        tables[key] = table
        lock.unlock()
        return table[name]
    }
}

/// The value an Optional holds, nil for none, anything else as it is (as swift-mustache does).
private func unwrapOptional(_ object: Any) -> Any? {
    let mirror = Mirror(reflecting: object)
    guard mirror.displayStyle == .optional else { return object }
    guard let first = mirror.children.first else { return nil }
    return first.value
}
