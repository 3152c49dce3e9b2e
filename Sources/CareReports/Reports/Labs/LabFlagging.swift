/// The flag of a lab result: the one the lab gave, or one derived from a numeric value and its range.
public enum LabFlagging {
    /// The effective flag and whether carereport derived it.
    public static func flag(of result: LabResult) -> (flag: LabResult.Flag, derived: Bool)? {
        if let given = result.flag { return (given, false) }
        guard case .number(let value) = result.value, let range = result.referenceRange else { return nil }
        if let low = range.low, value < low || (value == low && result.comparator == .less) { return (.low, true) }
        if let high = range.high, value > high || (value == high && result.comparator == .greater) { return (.high, true) }
        if range.low != nil || range.high != nil {
            // A "<5" against a range whose low bound is 5 or more is below it; otherwise inside.
            return (.normal, true)
        }
        return nil
    }

    /// Words and a symbol for a flag, so it never relies on colour: ("High", "▲").
    public static func words(_ flag: LabResult.Flag) -> (label: String, symbol: String, cssClass: String) {
        switch flag {
        case .normal: ("Normal", "✓", "flag-normal")
        case .low: ("Low", "▼", "flag-low")
        case .high: ("High", "▲", "flag-high")
        case .criticalLow: ("Critically low", "▼▼", "flag-critical")
        case .criticalHigh: ("Critically high", "▲▲", "flag-critical")
        case .abnormal: ("Abnormal", "!", "flag-abnormal")
        }
    }

    /// True for every flag but normal.
    public static func isAbnormal(_ flag: LabResult.Flag) -> Bool { flag != .normal }
}
