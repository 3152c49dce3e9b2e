import Foundation

/// Unit conversions for the analytes that often arrive in both conventional and SI units: glucose,
/// cholesterol (total, HDL, LDL), triglycerides, creatinine, urea nitrogen (BUN) and urea. Anything else is never converted,
/// and values in units that cannot be converted are never put on the same trend.
public enum LabUnits {
    /// Each family's units as multiples of one base unit (mmol/L, or µmol/L for creatinine).
    private static let families: [String: [String: Double]] = [
        // Glucose: 1 mmol/L = 18.016 mg/dL (molar mass 180.16 g/mol).
        "glucose": ["mmol/l": 1, "mg/dl": 1 / 18.016],
        // Cholesterol: 1 mmol/L = 38.67 mg/dL.
        "cholesterol": ["mmol/l": 1, "mg/dl": 1 / 38.67],
        // Triglycerides: 1 mmol/L = 88.57 mg/dL.
        "triglycerides": ["mmol/l": 1, "mg/dl": 1 / 88.57],
        // Creatinine: 1 mg/dL = 88.42 µmol/L.
        "creatinine": ["umol/l": 1, "mg/dl": 88.42, "mmol/l": 1000],
        // Urea nitrogen (BUN): 1 mmol/L of urea = 2.801 mg/dL of urea nitrogen (two N of 14.007 g/mol).
        "urea": ["mmol/l": 1, "mg/dl": 1 / 2.801],
        // Urea itself (LOINC 3091-6, "Urea" outside the US): 1 mmol/L = 6.006 mg/dL (60.06 g/mol).
        "urea mass": ["mmol/l": 1, "mg/dl": 1 / 6.006],
    ]

    private static let loincFamilies: [String: String] = [
        "2345-7": "glucose", "2339-0": "glucose", "1558-6": "glucose", "14749-6": "glucose", "15074-8": "glucose",
        "14771-0": "glucose", "41653-7": "glucose",
        "2093-3": "cholesterol", "2085-9": "cholesterol", "13457-7": "cholesterol", "18262-6": "cholesterol",
        "2089-1": "cholesterol", "14647-2": "cholesterol", "14646-4": "cholesterol", "39469-2": "cholesterol",
        "22748-8": "cholesterol", "43396-1": "cholesterol",
        "2571-8": "triglycerides", "14927-8": "triglycerides",
        "2160-0": "creatinine", "38483-4": "creatinine", "14682-9": "creatinine", "59826-8": "creatinine",
        "3094-0": "urea", "6299-2": "urea", "14937-7": "urea", "22664-7": "urea", "3091-6": "urea mass",
    ]

    /// The family of a result, from its LOINC code, else from its name.
    static func family(_ result: LabResult) -> String? {
        if let loinc = result.loinc, let family = loincFamilies[loinc] { return family }
        let name = result.name.lowercased()
        if name.contains("urine") || name.contains("ratio") || name.contains("clearance") || name.contains("egfr") { return nil }
        if name.contains("glucose") { return "glucose" }
        if name.contains("cholesterol") || name.hasPrefix("hdl") || name.hasPrefix("ldl") { return "cholesterol" }
        if name.contains("triglyceride") { return "triglycerides" }
        if name.contains("creatinine") { return "creatinine" }
        // "Urea nitrogen" and BUN are weighed as nitrogen; "Urea" alone as urea (docs/labs.md).
        if name.contains("nitrogen") || name.hasPrefix("bun") { return name.contains("urea") || name.hasPrefix("bun") ? "urea" : nil }
        if name.contains("urea") { return "urea mass" }
        return nil
    }

    /// `mg/dl`, `umol/l`: lowercased, without spaces, micro as `u`.
    static func normalized(_ unit: String) -> String {
        unit.lowercased().replacingOccurrences(of: " ", with: "")
            .replacingOccurrences(of: "µ", with: "u").replacingOccurrences(of: "μ", with: "u")
    }

    /// `value` of `result`'s analyte in `unit`: the value itself when the units are the same, a
    /// conversion (to three significant figures, no more precise than the lab) when carereport
    /// knows one, nil otherwise.
    public static func convert(_ value: Double, of result: LabResult, to unit: String) -> Double? {
        let from = normalized(result.unit ?? "")
        let target = normalized(unit)
        if from == target { return value }
        guard let family = family(result), let table = families[family], let source = table[from], let goal = table[target]
        else { return nil }
        return significant(value * source / goal, digits: 3)
    }

    static func significant(_ value: Double, digits: Int) -> Double {
        guard value != 0, value.isFinite else { return value }
        let scale = pow(10, Double(digits) - ceil(log10(abs(value))))
        return (value * scale).rounded() / scale
    }

    /// A result's number in `unit`, when it has one and it can be converted.
    public static func number(_ result: LabResult, in unit: String) -> Double? {
        guard case .number(let value) = result.value else { return nil }
        return convert(value, of: result, to: unit)
    }

    /// A reference range in `unit`, when it can be converted.
    static func range(_ result: LabResult, in unit: String) -> ReferenceRange? {
        guard let range = result.referenceRange else { return nil }
        if normalized(result.unit ?? "") == normalized(unit) { return range }
        let low = range.low.flatMap { convert($0, of: result, to: unit) }
        let high = range.high.flatMap { convert($0, of: result, to: unit) }
        guard (range.low == nil) == (low == nil), (range.high == nil) == (high == nil) else { return nil }
        return ReferenceRange(low: low, high: high, text: range.text)
    }
}
