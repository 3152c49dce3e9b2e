/// One step of a key path: an object key or an array index.
enum PathComponent: Sendable {
    case key(String)
    /// A key the decoder names in its source (no `String` is made unless the path is rendered).
    case staticKey(StaticString)
    case index(Int)
}

extension Array where Element == PathComponent {
    /// `healthRecords[12].data.administrations[3].status`.
    var rendered: String {
        var text = ""
        for component in self {
            switch component {
            case .key(let key): text += text.isEmpty ? key : ".\(key)"
            case .staticKey(let key): text += text.isEmpty ? key.description : ".\(key)"
            case .index(let index): text += "[\(index)]"
            }
        }
        return text
    }
}
