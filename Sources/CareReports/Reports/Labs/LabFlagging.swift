/// The flag of a lab result: the one the lab gave, or one derived from a numeric value and its range.
public enum LabFlagging {
    /// The effective flag and whether carereport derived it.
    public static func flag(of result: LabResult) -> (flag: LabResult.Flag, derived: Bool)? {
        if let given = result.flag { return (given, false) }
        // A text value is judged only against a text reference, never by a number rule.
        if case .text(let text) = result.value { return textFlag(withoutUnit(text, result.unit), range: result.referenceRange).map { ($0, true) } }
        guard case .number(let value) = result.value, let range = result.referenceRange else { return nil }
        if let low = range.low, value < low || (value == low && result.comparator == .less) { return (.low, true) }
        if let high = range.high, value > high || (value == high && result.comparator == .greater) { return (.high, true) }
        if range.low != nil || range.high != nil {
            // A "<5" against a range whose low bound is 5 or more is below it; otherwise inside.
            return (.normal, true)
        }
        return nil
    }

    /// Reference texts that name the one expected finding: anything else is abnormal ("Trace" against
    /// "Negative"). Other reference texts ("Clear to pale yellow") are not judged.
    static let expectedFindings: Set<String> = [
        "negative", "neg", "not detected", "none", "none seen", "absent", "normal", "nonreactive", "non-reactive",
        "non reactive", "not seen",
    ]

    /// The flag of a text value against a text reference: normal when it is the expected finding,
    /// (or another word for it), abnormal when it is anything else, nil when the reference is not one carereport can judge.
    static func textFlag(_ text: String, range: ReferenceRange?) -> LabResult.Flag? {
        guard let expected = range?.text.map(normalizedFinding), expectedFindings.contains(expected) else { return nil }
        // "Not detected" against "Negative" says the same thing.
        return expectedFindings.contains(normalizedFinding(text)) ? .normal : .abnormal
    }

    /// "Negative mmol/L" → "Negative": a text value with the result's unit written after it.
    static func withoutUnit(_ text: String, _ unit: String?) -> String {
        guard let unit, !unit.isEmpty, text.lowercased().hasSuffix(" " + unit.lowercased()) else { return text }
        return String(text.dropLast(unit.count + 1))
    }

    private static func normalizedFinding(_ text: String) -> String {
        text.trimmingCharacters(in: .whitespacesAndNewlines.union(.punctuationCharacters)).lowercased()
            .split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// Words and a symbol for a flag, so it never relies on colour: ("High", "▲").
    public static func words(_ flag: LabResult.Flag, _ words: Localizer = .english) -> (label: String, symbol: String, cssClass: String) {
        switch flag {
        case .normal: (words.t("Normal", context: "lab flag"), "✓", "flag-normal")
        case .low: (words.t("Low", context: "lab flag"), "▼", "flag-low")
        case .high: (words.t("High", context: "lab flag"), "▲", "flag-high")
        case .criticalLow: (words.t("Critically low", context: "lab flag"), "▼▼", "flag-critical")
        case .criticalHigh: (words.t("Critically high", context: "lab flag"), "▲▲", "flag-critical")
        case .abnormal: (words.t("Abnormal", context: "lab flag"), "!", "flag-abnormal")
        }
    }

    /// True for every flag but normal.
    public static func isAbnormal(_ flag: LabResult.Flag) -> Bool { flag != .normal }
}
