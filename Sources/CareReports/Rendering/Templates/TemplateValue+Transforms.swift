import Foundation

extension TemplateValue {
    /// The transforms a tag may apply (`{{#empty(list)}}`, `{{count(list)}}`, `{{uppercased(name)}}`, …;
    /// the names ``TemplateParser`` accepts) for the values they apply to; nil for one the value does not have.
    func transform(_ name: String) -> TemplateValue? {
        switch self {
        case .text(let text):
            switch name {
            case "empty": return .bool(text.isEmpty)
            case "capitalized": return .text(text.capitalized)
            case "lowercased": return .text(text.lowercased())
            case "uppercased": return .text(text.uppercased())
            case "reversed": return .text(String(text.reversed()))
            default: return nil
            }
        case .list(let items):
            switch name {
            case "first": return items.first
            case "last": return items.last
            case "reversed": return .list(items.reversed())
            case "count": return .int(items.count)
            case "empty": return .bool(items.isEmpty)
            case "sorted": return TemplateValue.sorted(items)
            default: return nil
            }
        case .int(let value):
            switch name {
            case "equalzero": return .bool(value == 0)
            case "plusone": return .int(value + 1)
            case "minusone": return .int(value - 1)
            case "even": return .bool(value & 1 == 0)
            case "odd": return .bool(value & 1 == 1)
            default: return nil
            }
        case .number, .bool, .object, .null:
            return nil
        }
    }

    /// A list of texts or of integers in order (the element types `sorted` applies to).
    private static func sorted(_ items: [TemplateValue]) -> TemplateValue? {
        var texts: [String] = []
        var ints: [Int] = []
        for item in items {
            switch item {
            case .text(let text): texts.append(text)
            case .int(let value): ints.append(value)
            default: return nil
            }
        }
        if ints.isEmpty { return .list(texts.sorted().map(TemplateValue.text)) }
        if texts.isEmpty { return .list(ints.sorted().map(TemplateValue.int)) }
        return nil
    }
}
