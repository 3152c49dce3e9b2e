/// A gettext `Plural-Forms` rule (`nplurals=3; plural=(n==1 ? 0 : n%10>=2 && ...);`), evaluated by a
/// small parser of the C expression the PO header gives: `n`, integers, `?:`, `||`, `&&`, comparisons,
/// `+ - * / %`, `!` and parentheses. Anything else is refused when the catalogue is read.
public struct PluralRule: Sendable {
    /// How many plural forms each message has in the language.
    public let count: Int
    private let expression: Node

    indirect enum Node: Sendable {
        case n
        case number(Int)
        case not(Node)
        case binary(String, Node, Node)
        case choice(Node, Node, Node)
    }

    /// English and many others: `nplurals=2; plural=(n != 1);`.
    public static let oneOther = PluralRule(count: 2, expression: .binary("!=", .n, .number(1)))

    private init(count: Int, expression: Node) {
        self.count = count
        self.expression = expression
    }

    /// Reads the value of a `Plural-Forms` header; nil when it is not one this parser understands.
    public init?(header: String) {
        var nplurals: Int?
        var plural: String?
        for part in header.split(separator: ";") {
            let pair = part.split(separator: "=", maxSplits: 1)
            guard pair.count == 2 else { continue }
            let key = pair[0].trimmingCharacters(in: .whitespaces)
            if key == "nplurals" { nplurals = Int(pair[1].trimmingCharacters(in: .whitespaces)) }
            if key == "plural" { plural = String(pair[1]) }
        }
        guard let nplurals, nplurals >= 1, let plural else { return nil }
        var parser = Parser(text: Array(plural.unicodeScalars))
        guard let node = parser.parse() else { return nil }
        self.init(count: nplurals, expression: node)
    }

    /// The index of the plural form for `n`, clamped to the forms there are.
    public func form(for n: Int) -> Int {
        let value = Self.evaluate(expression, n)
        return max(0, min(count - 1, value))
    }

    private static func evaluate(_ node: Node, _ n: Int) -> Int {
        switch node {
        case .n: return n
        case .number(let value): return value
        case .not(let inner): return evaluate(inner, n) == 0 ? 1 : 0
        case .choice(let test, let yes, let no): return evaluate(test, n) != 0 ? evaluate(yes, n) : evaluate(no, n)
        case .binary(let op, let left, let right):
            let a = evaluate(left, n)
            if op == "&&" { return a != 0 && evaluate(right, n) != 0 ? 1 : 0 }
            if op == "||" { return a != 0 || evaluate(right, n) != 0 ? 1 : 0 }
            let b = evaluate(right, n)
            switch op {
            case "==": return a == b ? 1 : 0
            case "!=": return a != b ? 1 : 0
            case "<": return a < b ? 1 : 0
            case ">": return a > b ? 1 : 0
            case "<=": return a <= b ? 1 : 0
            case ">=": return a >= b ? 1 : 0
            case "+": return a &+ b
            case "-": return a &- b
            case "*": return a &* b
            case "/": return b == 0 ? 0 : a / b
            case "%": return b == 0 ? 0 : a % b
            default: return 0
            }
        }
    }

    /// Precedence climbing over the scalars of the expression.
    struct Parser {
        let text: [Unicode.Scalar]
        var at = 0

        static let levels: [[String]] = [["||"], ["&&"], ["==", "!="], ["<=", ">=", "<", ">"], ["+", "-"], ["*", "/", "%"]]

        mutating func parse() -> Node? {
            guard let node = ternary() else { return nil }
            skipSpaces()
            if at < text.count, text[at] == ";" { at += 1 }
            skipSpaces()
            return at == text.count ? node : nil
        }

        mutating func skipSpaces() {
            while at < text.count, text[at] == " " || text[at] == "\t" { at += 1 }
        }

        mutating func take(_ token: String) -> Bool {
            skipSpaces()
            let scalars = Array(token.unicodeScalars)
            guard at + scalars.count <= text.count, Array(text[at..<at + scalars.count]) == scalars else { return false }
            // "<" must not take the first half of "<=", nor "!" of "!=".
            if scalars.count == 1, at + 1 < text.count, text[at + 1] == "=", "<>!=".unicodeScalars.contains(scalars[0]) { return false }
            if token == "=", at + 1 < text.count, text[at + 1] == "=" { return false }
            at += scalars.count
            return true
        }

        mutating func ternary() -> Node? {
            guard let test = binary(0) else { return nil }
            guard take("?") else { return test }
            guard let yes = ternary(), take(":"), let no = ternary() else { return nil }
            return .choice(test, yes, no)
        }

        mutating func binary(_ level: Int) -> Node? {
            guard level < Self.levels.count else { return unary() }
            guard var left = binary(level + 1) else { return nil }
            while true {
                guard let op = Self.levels[level].first(where: { take($0) }) else { return left }
                guard let right = binary(level + 1) else { return nil }
                left = .binary(op, left, right)
            }
        }

        mutating func unary() -> Node? {
            if take("!") { return unary().map { .not($0) } }
            if take("(") {
                guard let inner = ternary(), take(")") else { return nil }
                return inner
            }
            skipSpaces()
            guard at < text.count else { return nil }
            if text[at] == "n" {
                at += 1
                return .n
            }
            var value = 0
            var digits = 0
            while at < text.count, let digit = Int(String(text[at])), text[at].isASCII {
                value = value * 10 + digit
                at += 1
                digits += 1
            }
            return digits > 0 ? .number(value) : nil
        }
    }
}
