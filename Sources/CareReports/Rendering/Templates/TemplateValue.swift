/// A view model as the compiled templates read it: made once per page by ``TemplateValueEncoder``
/// from the model's compiler-synthesized `Encodable` conformance (no `Mirror`, no dynamic casts).
///
/// An object's fields are found by name (a nil Optional is left out, so a look-up of it climbs the
/// context stack); values are written as `String(describing:)` writes them.
enum TemplateValue: Sendable {
    case text(String)
    case int(Int)
    /// Any other number, as its description (`2.5`): written, never transformed.
    case number(String)
    case bool(Bool)
    case list([TemplateValue])
    case object(TemplateObject)
    /// An Optional's nil inside a list.
    case null

    /// The field `name` of an object; nil for anything else, a missing field or a nil one.
    @inline(__always)
    func child(named name: String) -> TemplateValue? {
        guard case .object(let object) = self else { return nil }
        return object.field(name)
    }

    /// The text `{{name}}` writes before escaping.
    var described: String {
        switch self {
        case .text(let text): text
        case .int(let value): String(value)
        case .number(let text): text
        case .bool(let value): value ? "true" : "false"
        case .null: "nil"
        case .list(let items): "[" + items.map(\.quotedDescription).joined(separator: ", ") + "]"
        case .object(let object): "(" + object.fields.map { "\($0.name): \($0.value.quotedDescription)" }.joined(separator: ", ") + ")"
        }
    }

    private var quotedDescription: String {
        if case .text(let text) = self { return "\"" + text + "\"" }
        return described
    }
}

/// An object's fields in the order it encodes them; the first of a name wins (as with `Mirror`).
/// Names and values side by side in one array: a look-up that reads an object holds one reference.
struct TemplateObject: Sendable {
    struct Field: Sendable {
        let name: String
        var value: TemplateValue
    }

    var fields: [Field] = []

    init() {}

    /// An empty object with room for `capacity` fields (a view model's fields, without regrowing).
    init(capacity: Int) {
        fields.reserveCapacity(capacity)
    }

    init(_ pairs: [(String, TemplateValue)]) {
        for (name, value) in pairs { add(name, value) }
    }

    /// The fields' names, in order.
    var names: [String] { fields.map(\.name) }

    mutating func add(_ name: String, _ value: TemplateValue) {
        fields.append(Field(name: name, value: value))
    }

    @inline(__always)
    func field(_ name: String) -> TemplateValue? {
        // Lengths first: most names looked at are not the one asked for, and most differ in length.
        let length = name.utf8.count
        var index = 0
        let count = fields.count
        while index < count {
            if fields[index].name.utf8.count == length, fields[index].name == name { return fields[index].value }
            index += 1
        }
        return nil
    }
}
