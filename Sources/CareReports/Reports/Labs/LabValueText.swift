/// Lab values and ranges as written on a report: comparators and text values kept as given.
public enum LabValueText {
    /// `<5`, `7.8`, `Negative`.
    public static func value(_ result: LabResult) -> String {
        switch result.value {
        case .number(let number): (result.comparator?.rawValue ?? "") + DisplayFormat.number(number, maxDecimals: 3)
        case .text(let text): text
        }
    }

    /// `4.0–11.0`, `< 200`, `> 40`, or the range's text.
    public static func range(_ range: ReferenceRange?) -> String {
        guard let range else { return "" }
        switch (range.low, range.high) {
        case (let low?, let high?): return "\(DisplayFormat.number(low, maxDecimals: 3))–\(DisplayFormat.number(high, maxDecimals: 3))"
        case (let low?, nil): return "≥ \(DisplayFormat.number(low, maxDecimals: 3))"
        case (nil, let high?): return "≤ \(DisplayFormat.number(high, maxDecimals: 3))"
        case (nil, nil): return range.text ?? ""
        }
    }

    /// The analyte key: the LOINC code when there is one, else the lowercased name.
    public static func analyteKey(_ result: LabResult) -> String {
        if let loinc = result.loinc, !loinc.isEmpty { return "loinc:\(loinc)" }
        return "name:\(result.name.lowercased())"
    }
}

extension LabResult {
    /// True for a text value ("Negative", "pending"): shown without a unit, never judged by a number rule.
    public var isText: Bool {
        if case .text = value { return true }
        return false
    }
}
