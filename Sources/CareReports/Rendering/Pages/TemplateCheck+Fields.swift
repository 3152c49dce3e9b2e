import Foundation

/// The named stored properties of a struct or class as ``TemplateCheck`` reads them: no fields for
/// a plain value (text, a number), which Mustache finds no name in; nil for what cannot be known
/// here (a dictionary, an enum, a nil Optional). The names are found once per type; a value is
/// reflected only for the one field a look-up reads (the names of the fields do not depend on
/// the value).
struct CheckedFields {
    /// The labels of the fields, in order (nil for an unlabelled child).
    private let labels: [String?]
    private let mirror: Mirror?

    init?(_ value: Any) {
        guard let value = TemplateCheck.unwrappedValue(value) else { return nil }
        if value is String || value is Substring || value is Int || value is Double || value is Bool {
            (labels, mirror) = ([], nil)
            return
        }
        let mirror = Mirror(reflecting: value)
        guard mirror.displayStyle == .struct || mirror.displayStyle == .class else { return nil }
        self.mirror = mirror
        self.labels = CheckedFields.cache.labels(of: type(of: value), mirror)
    }

    /// The labelled fields' names.
    var names: [String] { labels.compactMap { $0 } }

    func index(of name: String) -> Int? {
        labels.firstIndex { $0 == name }
    }

    func value(at index: Int) -> Any {
        let children = mirror!.children
        return children[children.index(children.startIndex, offsetBy: index)].value
    }

    private static let cache = CheckedLabelCache()
}

/// Field labels by type, read from the first value's `Mirror`.
private final class CheckedLabelCache: @unchecked Sendable {
    private let lock = NSLock()
    private var known: [ObjectIdentifier: [String?]] = [:]

    func labels(of type: Any.Type, _ mirror: Mirror) -> [String?] {
        let key = ObjectIdentifier(type)
        lock.lock()
        if let labels = known[key] {
            lock.unlock()
            return labels
        }
        lock.unlock()
        let labels = mirror.children.map(\.label)
        lock.lock()
        known[key] = labels
        lock.unlock()
        return labels
    }
}
