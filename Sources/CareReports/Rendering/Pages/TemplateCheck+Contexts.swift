import Foundation

/// Walks a template's steps over the model it renders, with the context stack Mustache would
/// have: a section over a struct opens it, over a list its first element; over `true` it keeps the
/// context. What the model cannot show (an empty list, a nil optional, a dictionary) opens an
/// unknown context, in which no name is an error, since any name might be found there.
extension TemplateCheck {
    private enum Context {
        case known(Any)
        case unknown
    }

    private enum Lookup {
        case found(Any?)
        case undetermined
        case missing(message: String)
    }

    /// Throws at the first variable, in any context, that no context on its stack can have.
    func check(_ model: Any, template: String) throws(RenderError) {
        var stack: [Context] = [.known(model)]
        var opened: [Bool] = []
        for step in steps[template] ?? [] {
            switch step {
            case .variable(let path, let file, let line):
                if case .missing(let message) = TemplateCheck.lookup(path, in: stack) {
                    throw .templateReference(file: file, line: line, message: message)
                }
            case .sameContext(let path, let file, let line):
                if let path, case .missing(let message) = TemplateCheck.lookup(path, in: stack) {
                    throw .templateReference(file: file, line: line, message: message)
                }
                opened.append(false)
            case .section(let path, let file, let line):
                switch TemplateCheck.lookup(path, in: stack) {
                case .missing(let message): throw .templateReference(file: file, line: line, message: message)
                case .undetermined:
                    stack.append(.unknown)
                    opened.append(true)
                case .found(let value):
                    if let context = TemplateCheck.context(opening: value) {
                        stack.append(context)
                        opened.append(true)
                    } else {
                        opened.append(false)
                    }
                }
            case .end:
                if opened.popLast() == true, stack.count > 1 { stack.removeLast() }
            }
        }
    }

    /// The context a section over `value` renders in; nil when it keeps the one it is in (`true`).
    private static func context(opening value: Any?) -> Context? {
        guard let value else { return .unknown }
        if value is Bool { return nil }
        let mirror = Mirror(reflecting: value)
        switch mirror.displayStyle {
        case .collection?:
            guard let first = mirror.children.first else { return .unknown }
            return fields(of: first.value) == nil ? .unknown : .known(first.value)
        case .struct?, .class?: return .known(value)
        default: return fields(of: value) == nil ? .unknown : .known(value)
        }
    }

    /// Looks `path` up as Mustache does: its first name up the stack, the rest inside what it names
    /// (below a value that is not a struct nothing can be known, so nothing is an error there).
    private static func lookup(_ path: [String], in stack: [Context]) -> Lookup {
        var seen: [String] = []
        var holder: Any?
        for context in stack.reversed() {
            guard case .known(let object) = context, let names = fields(of: object) else { return .undetermined }
            if let child = names.first(where: { $0.label == path[0] }) {
                holder = child.value
                break
            }
            seen += names.map(\.label)
        }
        guard let holder else {
            let guess = closest(path[0], among: Array(Set(seen))).map { "; did you mean \($0)?" } ?? ""
            return .missing(message: "unknown variable \(path.joined(separator: "."))\(guess)")
        }
        guard var current = unwrapped(holder) else { return .found(nil) }
        for (index, component) in path.enumerated().dropFirst() {
            guard isRecord(current), let names = fields(of: current) else { return .found(nil) }
            guard let child = names.first(where: { $0.label == component }) else {
                let prefix = path[..<index].joined(separator: ".")
                let guess = closest(component, among: names.map(\.label)).map { "; did you mean \(prefix).\($0)?" } ?? ""
                return .missing(message: "unknown variable \(path.joined(separator: "."))\(guess)")
            }
            guard let next = unwrapped(child.value) else { return .found(nil) }
            current = next
        }
        return .found(current)
    }

    /// The named stored properties of a struct or class; none for a plain value (text, a number),
    /// which Mustache finds no name in; nil for what cannot be known here (a dictionary, an enum).
    private static func fields(of value: Any) -> [(label: String, value: Any)]? {
        guard let value = unwrapped(value) else { return nil }
        if isScalar(value) { return [] }
        let mirror = Mirror(reflecting: value)
        guard mirror.displayStyle == .struct || mirror.displayStyle == .class else { return nil }
        return mirror.children.compactMap { child in child.label.map { ($0, child.value) } }
    }

    private static func isRecord(_ value: Any) -> Bool {
        let style = Mirror(reflecting: value).displayStyle
        return style == .struct || style == .class
    }

    private static func isScalar(_ value: Any) -> Bool {
        value is String || value is Substring || value is Int || value is Double || value is Bool
    }

    private static func unwrapped(_ value: Any) -> Any? {
        let mirror = Mirror(reflecting: value)
        guard mirror.displayStyle == .optional else { return value }
        return mirror.children.first.map { unwrapped($0.value) } ?? nil
    }
}
