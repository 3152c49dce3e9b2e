import Foundation

/// Walks a template's steps over the type of the model it renders, with the context stack Mustache
/// would have: a section over a struct opens it, over a list its element type; over a `Bool` it
/// keeps the context. Every name is looked up in types (``TemplateShape``), not in values, so one
/// check decides the whole template for every model of the type: a misspelled name is found below
/// a nil or inside an empty list too. In an opaque context (an enum, a dictionary, an `Any`) no name
/// is an error, since any name might be found there.
extension TemplateCheck {
    private enum Context {
        case known(TemplateShape)
        /// Cannot be known from the type.
        case opaque
    }

    private enum Lookup {
        case found(Any.Type)
        case opaque
        case missing(message: String)
    }

    /// Throws at the first variable, in any context, that no context on its stack can have.
    func check(_ type: Any.Type, template: String) throws(RenderError) {
        var stack: [Context] = [.known(TemplateShape.of(type))]
        var opened: [Bool] = []
        for step in steps[template] ?? [] {
            switch step {
            case .variable(let path, let file, let at):
                if case .missing(let message) = TemplateCheck.lookup(path, in: stack) {
                    throw .templateReference(file: file, line: at.line, column: at.column, message: message)
                }
            case .sameContext(let path, let file, let at):
                if let path, let at, case .missing(let message) = TemplateCheck.lookup(path, in: stack) {
                    throw .templateReference(file: file, line: at.line, column: at.column, message: message)
                }
                opened.append(false)
            case .section(let path, let file, let at):
                switch TemplateCheck.lookup(path, in: stack) {
                case .missing(let message): throw .templateReference(file: file, line: at.line, column: at.column, message: message)
                case .opaque:
                    stack.append(.opaque)
                    opened.append(true)
                case .found(let type):
                    if let context = TemplateCheck.context(opening: type) {
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

    /// The context a section over a value of `type` renders in; nil when it keeps the one it is in (`Bool`).
    private static func context(opening type: Any.Type) -> Context? {
        switch TemplateShape.of(type) {
        case .flag: return nil
        case .list(let element):
            switch TemplateShape.of(element) {
            case .list, .opaque: return .opaque
            case let shape: return .known(shape)
            }
        case .opaque: return .opaque
        case let shape: return .known(shape)
        }
    }

    /// Looks `path` up as Mustache does: its first name up the stack, the rest inside what it names
    /// (below a value that is not a struct nothing can be known, so nothing is an error there).
    private static func lookup(_ path: [String], in stack: [Context]) -> Lookup {
        var seen: [String] = []
        var holder: Any.Type?
        search: for context in stack.reversed() {
            guard case .known(let shape) = context else { return .opaque }
            switch shape {
            case .record(let names, let types):
                if let type = types[path[0]] {
                    holder = type
                    break search
                }
                seen += names
            case .flag, .plain: continue
            case .list, .opaque: return .opaque
            }
        }
        guard var current = holder else {
            let guess = Spelling.closest(path[0], among: Array(Set(seen))).map { "; did you mean \($0)?" } ?? ""
            return .missing(message: "unknown variable \(path.joined(separator: "."))\(guess)")
        }
        for (index, component) in path.enumerated().dropFirst() {
            let names: [String], types: [String: Any.Type]
            switch TemplateShape.of(current) {
            case .record(let fieldNames, let fieldTypes): (names, types) = (fieldNames, fieldTypes)
            // Text, a number or a flag has no names: `{{name.first}}` on text renders nothing.
            case .plain, .flag: (names, types) = ([], [:])
            case .list, .opaque: return .opaque
            }
            guard let next = types[component] else {
                let prefix = path[..<index].joined(separator: ".")
                let guess = Spelling.closest(component, among: names).map { "; did you mean \(prefix).\($0)?" } ?? ""
                return .missing(message: "unknown variable \(path.joined(separator: "."))\(guess)")
            }
            current = next
        }
        return .found(current)
    }
}
