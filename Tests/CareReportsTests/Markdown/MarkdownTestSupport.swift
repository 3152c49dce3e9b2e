/// Small helpers shared by the Markdown tests.
enum MarkdownTestSupport {
    /// Whether `html` contains an element start tag `<name` (case-insensitive).
    static func hasTag(_ html: String, _ name: String) -> Bool {
        let lower = html.lowercased()
        return ["<\(name)>", "<\(name) ", "<\(name)\n", "<\(name)/", "<\(name)\t"].contains { lower.contains($0) }
    }

    /// How often `needle` occurs in `haystack`.
    static func count(_ needle: String, in haystack: String) -> Int {
        haystack.split(separator: needle, omittingEmptySubsequences: false).count - 1
    }

    /// The inner HTML of every `<td>` in `html`, row by row.
    static func tableBodyCells(_ html: String) -> [[String]] {
        guard let body = html.split(separator: "<tbody>").dropFirst().first else { return [] }
        return body.split(separator: "</tr>").compactMap { row -> [String]? in
            let cells = row.split(separator: "<td", omittingEmptySubsequences: false).dropFirst().map { cell -> String in
                let afterOpen = cell.drop { $0 != ">" }.dropFirst()
                return String(afterOpen.split(separator: "</td>", omittingEmptySubsequences: false).first ?? "")
            }
            return cells.isEmpty ? nil : cells
        }
    }

    /// `text` escaped the way cmark escapes text content in HTML.
    static func htmlEscaped(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            default: out.append(character)
            }
        }
        return out
    }

    /// What a single-line rendering of user text should show: line breaks as spaces, outer spaces trimmed.
    static func expectedLine(_ text: String) -> String {
        var line = ""
        var pendingSpace = false
        for character in text {
            if character.isNewline || character == "\t" { pendingSpace = true; continue }
            if pendingSpace { line.append(" "); pendingSpace = false }
            line.append(character)
        }
        let scalars = Array(line.unicodeScalars)
        guard let start = scalars.firstIndex(where: { $0 != " " }),
              let end = scalars.lastIndex(where: { $0 != " " }) else { return "" }
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars[start...end])
        return String(view)
    }
}

/// A tiny seeded generator (SplitMix64), so generated cases are the same on every run.
struct MarkdownTestRandom: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A string of `length` pieces drawn from `alphabet`.
    mutating func string(from alphabet: [String], length: Int) -> String {
        (0..<length).map { _ in alphabet.randomElement(using: &self)! }.joined()
    }
}
