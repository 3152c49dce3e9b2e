/// What each lab test measures, in plain words, for the top of its page: read from
/// `text/lab-explanations.txt` (shipped with the templates, replaceable with `--templates`).
/// A test is found by the LOINC code of its results, else by its name (see docs/lab-explanations.md).
public struct LabExplanations: Sendable {
    public struct Entry: Sendable, Hashable {
        public let test: String
        public let loinc: [String]
        public let names: [String]
        public let text: String
    }

    public static let file = "text/lab-explanations.txt"
    public let entries: [Entry]
    private let byCode: [String: Int]
    private let byName: [String: Int]

    /// Blocks separated by blank lines; `#` lines are comments; `test:`, `loinc:` and `names:`
    /// lines are fields, every other line is the explanation. A block without text is left out.
    public init(_ source: String) {
        var entries: [Entry] = []
        var fields: [String: String] = [:]
        var text: [String] = []
        func finish() {
            let body = text.joined(separator: " ").trimmingSpaces()
            if !body.isEmpty {
                entries.append(Entry(
                    test: fields["test"] ?? "",
                    loinc: (fields["loinc"] ?? "").split(whereSeparator: \.isWhitespace).map(String.init),
                    names: (fields["names"] ?? "").split(separator: ";").map { LabExplanations.normalized(String($0)) }.filter { !$0.isEmpty },
                    text: body))
            }
            fields = [:]
            text = []
        }
        for raw in source.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = raw.trimmingSpaces()
            if line.isEmpty { finish(); continue }
            if line.hasPrefix("#") { continue }
            if let colon = line.firstIndex(of: ":"), ["test", "loinc", "names"].contains(line[..<colon].lowercased()), text.isEmpty {
                fields[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingSpaces()
                continue
            }
            text.append(line)
        }
        finish()
        self.entries = entries
        var byCode: [String: Int] = [:]
        var byName: [String: Int] = [:]
        for (index, entry) in entries.enumerated() {
            for code in entry.loinc where byCode[code] == nil { byCode[code] = index }
            for name in entry.names where byName[name] == nil { byName[name] = index }
        }
        self.byCode = byCode
        self.byName = byName
    }

    /// The explanation for a test with this LOINC code or name; the code wins.
    public func text(loinc: String?, name: String) -> String? {
        if let loinc, let index = byCode[loinc] { return entries[index].text }
        return byName[Self.normalized(name)].map { entries[$0].text }
    }

    static func normalized(_ name: String) -> String {
        name.lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}
