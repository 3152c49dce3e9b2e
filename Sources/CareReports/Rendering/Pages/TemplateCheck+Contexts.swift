import Foundation

/// Walks a template's steps over the model it renders, with the context stack Mustache would
/// have: a section over a struct opens it, over a list its first element; over `true` it keeps the
/// context. What this model cannot show (an empty list, a nil optional) opens an unknown context,
/// and what no model of its type can (a dictionary, an enum) an opaque one: in neither is any name
/// an error, since any name might be found there.
extension TemplateCheck {
    private enum Context {
        case known(Any)
        /// Depends on the data: another model of the same type may show it.
        case unknown
        /// Cannot be known from any model of the type.
        case opaque
    }

    private enum Lookup {
        case found(Any?)
        case undetermined
        case opaque
        case missing(message: String)
    }

    /// Throws at the first variable, in any context, that no context on its stack can have; returns
    /// the steps this model left undetermined (below a nil or inside an empty list). A step decided
    /// once is decided for every model of the same type, since the context types along a template are
    /// the model type's own: once no step is left, the type need not be checked again (PageRenderer).
    ///
    /// `only`, when given, is the set of steps some earlier model of this type left undetermined:
    /// every other step has been decided for the type, so it is not looked up again, and a section
    /// or block holding none of `only` is passed over whole (its end restores the stack as it was).
    @discardableResult
    func check(_ model: Any, template: String, only: Set<Int>? = nil) throws(RenderError) -> Set<Int> {
        var stack: [Context] = [.known(model)]
        var opened: [Bool] = []
        var undetermined = Set<Int>()
        let list = steps[template] ?? []
        let ends = only == nil ? [] : (self.ends[template] ?? [])
        var index = 0
        while index < list.count {
            let step = list[index]
            defer { index += 1 }
            if let only, !only.contains(index) {
                if case .variable = step { continue }
                if index < ends.count, let end = ends[index], !only.contains(where: { $0 > index && $0 < end }) {
                    index = end
                    continue
                }
            }
            switch step {
            case .variable(let path, let file, let line):
                switch TemplateCheck.lookup(path, in: stack) {
                case .missing(let message): throw .templateReference(file: file, line: line, message: message)
                case .undetermined: undetermined.insert(index)
                case .found, .opaque: break
                }
            case .sameContext(let path, let file, let line):
                if let path {
                    switch TemplateCheck.lookup(path, in: stack) {
                    case .missing(let message): throw .templateReference(file: file, line: line, message: message)
                    case .undetermined: undetermined.insert(index)
                    case .found, .opaque: break
                    }
                }
                opened.append(false)
            case .section(let path, let file, let line):
                switch TemplateCheck.lookup(path, in: stack) {
                case .missing(let message): throw .templateReference(file: file, line: line, message: message)
                case .undetermined:
                    undetermined.insert(index)
                    stack.append(.unknown)
                    opened.append(true)
                case .opaque:
                    stack.append(.opaque)
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
        return undetermined
    }

    /// The context a section over `value` renders in; nil when it keeps the one it is in (`true`).
    private static func context(opening value: Any?) -> Context? {
        guard let value else { return .unknown }
        if value is Bool { return nil }
        let mirror = Mirror(reflecting: value)
        switch mirror.displayStyle {
        case .collection?:
            guard let first = mirror.children.first else { return .unknown }
            guard let element = unwrapped(first.value) else { return .unknown }
            return CheckedFields(element) == nil ? .opaque : .known(element)
        case .struct?, .class?: return .known(value)
        default: return CheckedFields(value) == nil ? .opaque : .known(value)
        }
    }

    /// Looks `path` up as Mustache does: its first name up the stack, the rest inside what it names
    /// (below a value that is not a struct nothing can be known, so nothing is an error there).
    private static func lookup(_ path: [String], in stack: [Context]) -> Lookup {
        var seen: [String] = []
        var holder: Any?
        for context in stack.reversed() {
            let object: Any
            switch context {
            case .unknown: return .undetermined
            case .opaque: return .opaque
            case .known(let value): object = value
            }
            guard let table = CheckedFields(object) else { return .opaque }
            if let index = table.index(of: path[0]) {
                holder = table.value(at: index)
                break
            }
            seen += table.names
        }
        guard let holder else {
            let guess = closest(path[0], among: Array(Set(seen))).map { "; did you mean \($0)?" } ?? ""
            return .missing(message: "unknown variable \(path.joined(separator: "."))\(guess)")
        }
        guard var current = unwrapped(holder) else { return path.count == 1 ? .found(nil) : .undetermined }
        for (index, component) in path.enumerated().dropFirst() {
            guard isRecord(current), let table = CheckedFields(current) else { return .opaque }
            guard let field = table.index(of: component) else {
                let prefix = path[..<index].joined(separator: ".")
                let guess = closest(component, among: table.names).map { "; did you mean \(prefix).\($0)?" } ?? ""
                return .missing(message: "unknown variable \(path.joined(separator: "."))\(guess)")
            }
            guard let next = unwrapped(table.value(at: field)) else { return index == path.count - 1 ? .found(nil) : .undetermined }
            current = next
        }
        return .found(current)
    }

    private static func isRecord(_ value: Any) -> Bool {
        let style = Mirror(reflecting: value).displayStyle
        return style == .struct || style == .class
    }

    static func unwrappedValue(_ value: Any) -> Any? { unwrapped(value) }

    private static func unwrapped(_ value: Any) -> Any? {
        let mirror = Mirror(reflecting: value)
        guard mirror.displayStyle == .optional else { return value }
        return mirror.children.first.map { unwrapped($0.value) } ?? nil
    }
}
