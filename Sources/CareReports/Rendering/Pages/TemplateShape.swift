@_spi(Reflection) import Swift
import Foundation

/// What ``TemplateCheck`` can know a template will find in a value of a type, read from the type
/// alone (the runtime's field records: each stored property's name and type), so a check needs no
/// value and decides every step of a template at once, even below a nil or inside an empty list.
///
/// It follows what the renderer is given for a value (``TemplateValueEncoder``, through the
/// synthesized `Encodable` conformance every view model has): a `Bool` switches a section on or off
/// in the context it is in; text and numbers hold no names; a list opens its element; a struct or
/// class its stored properties; an Optional is what it wraps. Of an enum, a dictionary (any type
/// with a custom mirror), a Foundation value whose encoding is not its stored fields, or an
/// existential (`Any`, `any P`) nothing can be known from its type: any name may be found there.
/// (A view model with its own `CodingKeys` or `encode(to:)` would show other names than its fields:
/// none has one.)
enum TemplateShape {
    case flag
    case plain
    case list(element: Any.Type)
    case record(names: [String], types: [String: Any.Type])
    case opaque

    /// The shape of `type`, made once per type.
    static func of(_ type: Any.Type) -> TemplateShape { cache.shape(of: type) }

    /// `type` without its Optionals.
    static func unwrapped(_ type: Any.Type) -> Any.Type {
        guard let optional = type as? any TemplateOptional.Type else { return type }
        return unwrapped(optional.wrappedType)
    }

    fileprivate static func make(_ type: Any.Type) -> TemplateShape {
        let type = unwrapped(type)
        if type == Bool.self { return .flag }
        if plainTypes.contains(where: { $0 == type }) { return .plain }
        if let list = type as? any TemplateList.Type { return .list(element: list.elementType) }
        // A type with its own mirror (a dictionary, a set), or whose encoding is not its stored fields
        // (a URL, a date), gives the templates other names than its fields.
        if type is any CustomReflectable.Type || opaqueTypes.contains(where: { $0 == type }) { return .opaque }
        let kind = _openExistential(type, do: kindOf)
        guard kind == .struct || kind == .class else { return .opaque }
        var names: [String] = []
        var types: [String: Any.Type] = [:]
        let options = kind == .class ? FieldOptions.classType : FieldOptions.ignoreUnknown
        let complete = _forEachField(of: type, options: options) { name, _, fieldType, _ in
            let label = String(cString: name)
            names.append(label)
            if types[label] == nil { types[label] = fieldType }
            return true
        }
        return complete ? .record(names: names, types: types) : .opaque
    }

    private static let cache = ShapeCache()

    /// Text and numbers: no names inside (their stored fields are the standard library's own).
    private static let plainTypes: [Any.Type] = [
        String.self, Substring.self, Character.self, Int.self, Int8.self, Int16.self, Int32.self, Int64.self,
        UInt.self, UInt8.self, UInt16.self, UInt32.self, UInt64.self, Double.self, Float.self, Decimal.self,
    ]
    /// Foundation values whose stored fields are not what they encode as.
    private static let opaqueTypes: [Any.Type] = [URL.self, Date.self, Data.self, UUID.self, DateComponents.self]
}

/// The runtime's kind of `T` (struct, class, enum, existential, …), read from a field of that type.
private func kindOf<T>(_ type: T.Type) -> _MetadataKind {
    var kind = _MetadataKind.unknown
    _ = _forEachField(of: KindProbe<T>.self, options: FieldOptions.ignoreUnknown) { _, _, _, fieldKind in
        kind = fieldKind
        return false
    }
    return kind
}

/// The runtime's options for reading fields (its static properties are `var`s, so not safe to share):
/// skip a field that cannot be read; for a class, also allow the type to be one.
private enum FieldOptions {
    static let ignoreUnknown = _EachFieldOptions(rawValue: 1 << 1)
    static let classType = _EachFieldOptions(rawValue: 1 << 0 | 1 << 1)
}

private struct KindProbe<T> {
    let value: T
}

/// An Optional, whose wrapped type a check looks through.
private protocol TemplateOptional {
    static var wrappedType: Any.Type { get }
}

extension Optional: TemplateOptional {
    fileprivate static var wrappedType: Any.Type { Wrapped.self }
}

/// A list a section iterates, whose element type it opens.
private protocol TemplateList {
    static var elementType: Any.Type { get }
}

extension Array: TemplateList {
    fileprivate static var elementType: Any.Type { Element.self }
}

extension ContiguousArray: TemplateList {
    fileprivate static var elementType: Any.Type { Element.self }
}

extension ArraySlice: TemplateList {
    fileprivate static var elementType: Any.Type { Element.self }
}

/// Shapes by type, each made the first time it is asked for.
private final class ShapeCache: @unchecked Sendable {
    private let lock = NSLock()
    private var known: [ObjectIdentifier: TemplateShape] = [:]

    func shape(of type: Any.Type) -> TemplateShape {
        let key = ObjectIdentifier(type)
        lock.lock()
        if let shape = known[key] {
            lock.unlock()
            return shape
        }
        lock.unlock()
        let shape = TemplateShape.make(type)
        lock.lock()
        known[key] = shape
        lock.unlock()
        return shape
    }
}
