import Foundation

/// A goal a treating doctor stated for a test in a report's conclusion ("A1c above her goal of
/// 7.5", "target below 7", "objetivo de 7,5"): the latest such goal, and the day of the report.
/// The lab's range still flags the value; the goal says whether it is where the doctor wants it.
enum LabGoals {
    /// The latest goal for the result's test stated on or before `asOf`, when a conclusion names the test.
    static func statedGoal(_ result: LabResult, in catalog: LabCatalog, context: ReportContext, asOf: LocalDate) -> (goal: Double, day: LocalDate)? {
        let tokens = result.name.lowercased().split { !$0.isLetter && !$0.isNumber }.filter { $0.count >= 3 }.map(String.init)
        guard !tokens.isEmpty, let regex = goalExpression else { return nil }
        // Each token's whole-word expression, compiled once for all the reports (when one is read).
        var words: [NSRegularExpression?] = []
        for entry in catalog.reports where context.day(entry.collected) <= asOf {
            guard let text = entry.report.conclusion?.lowercased() else { continue }
            if words.isEmpty { words = tokens.map { try? NSRegularExpression(pattern: #"\b"# + NSRegularExpression.escapedPattern(for: $0) + #"\b"#) } }
            let whole = NSRange(text.startIndex..., in: text)
            guard words.contains(where: { $0?.firstMatch(in: text, range: whole) != nil }),
                let match = regex.firstMatch(in: text, range: whole),
                let range = Range(match.range(at: 1), in: text),
                let goal = Double(text[range].replacingOccurrences(of: ",", with: "."))
            else { continue }
            return (goal, context.day(entry.collected))
        }
        return nil
    }

    /// "goal of 7.5", "target below 7", "objetivo de 7,5", "meta < 140".
    static let pattern = #"(?i)\b(?:goal|target|objetivo|meta)\b(?:\s+(?:of|is|for|de|es|below|under|por debajo de|menor de))*\s*(?:<|≤)?\s*(\d+(?:[.,]\d+)?)"#

    private static let goalExpression = try? NSRegularExpression(pattern: pattern)

    /// True for a result flagged high only against the lab's range while at or under the stated goal.
    static func withinGoal(_ result: LabResult, flag: LabResult.Flag, in catalog: LabCatalog, context: ReportContext, asOf: LocalDate) -> Bool {
        guard flag == .high, case .number(let value) = result.value, let (goal, _) = statedGoal(result, in: catalog, context: context, asOf: asOf) else {
            return false
        }
        return value <= goal
    }
}
