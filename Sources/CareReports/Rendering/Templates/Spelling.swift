/// Suggestions for a misspelled name: the nearest candidate by edit distance.
public enum Spelling {
    /// The candidate nearest to `word` by edit distance, when near enough to be a typo; letter case
    /// counts only when `ignoringCase` is false (ids and option names are case-sensitive).
    public static func closest(_ word: String, among candidates: [String], ignoringCase: Bool = true) -> String? {
        func folded(_ text: String) -> String { ignoringCase ? text.lowercased() : text }
        let scored = candidates.map { ($0, distance(folded(word), folded($0))) }.filter { $0.1 > 0 && $0.1 <= max(2, word.count / 3) }
        return scored.min { $0.1 != $1.1 ? $0.1 < $1.1 : $0.0 < $1.0 }?.0
    }

    /// The Levenshtein distance between `a` and `b`, over characters.
    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        guard !a.isEmpty else { return b.count }
        var row = Array(0...b.count)
        for i in 1...a.count {
            var previous = row[0]
            row[0] = i
            for j in stride(from: 1, through: b.count, by: 1) {
                let current = row[j]
                row[j] = min(row[j] + 1, row[j - 1] + 1, previous + (a[i - 1] == b[j - 1] ? 0 : 1))
                previous = current
            }
        }
        return row[b.count]
    }
}
