/// The usual ranges carereport flags measurements against (adult values; a flag prompts a look, not a diagnosis).
/// Thresholds and their sources: docs/thresholds.md.
public enum MeasurementRanges {
    /// Low and high bounds for a single-value kind in `unit`, when carereport knows one.
    public static func range(for kind: Measurement.Kind, unit: String) -> (low: Double, high: Double)? {
        switch (kind, unit.lowercased()) {
        case (.bloodGlucose, "mg/dl"): (70, 180)
        case (.bloodGlucose, "mmol/l"): (3.9, 10)
        case (.heartRate, _): (50, 100)
        case (.temperature, "°c"), (.temperature, "c"), (.temperature, "cel"): (35.5, 37.7)
        case (.temperature, "°f"), (.temperature, "f"), (.temperature, "[degf]"): (95.9, 99.9)
        case (.oxygenSaturation, _): (92, 100)
        case (.respiratoryRate, _): (12, 20)
        default: nil
        }
    }

    /// "high", "low" or nil for one reading.
    public static func flag(_ measurement: Measurement) -> String? {
        if measurement.kind == .bloodPressure {
            let systolic = measurement.systolic ?? 0
            let diastolic = measurement.diastolic ?? 0
            if systolic >= 140 || diastolic >= 90 { return "high" }
            if systolic > 0 && systolic < 90 || diastolic > 0 && diastolic < 60 { return "low" }
            return nil
        }
        guard let value = measurement.value, let range = range(for: measurement.kind, unit: measurement.unit) else { return nil }
        if measurement.kind == .temperature, let fever = feverThreshold(unit: measurement.unit) {
            // Fever in older adults: a single reading of 37.8 °C (100 °F) or more (IDSA 2008).
            if value >= fever { return "high" }
            return value < range.low ? "low" : nil
        }
        if value < range.low { return "low" }
        if value > range.high { return "high" }
        return nil
    }

    /// The temperature that is a fever in older adults: 37.8 °C or 100 °F.
    public static func feverThreshold(unit: String) -> Double? {
        switch unit.lowercased() {
        case "°c", "c", "cel": 37.8
        case "°f", "f", "[degf]": 100.0
        default: nil
        }
    }

    /// `147/86 mmHg`, `71.3 kg`.
    public static func valueText(_ measurement: Measurement, _ format: DisplayFormat? = nil) -> String {
        let number: (Double) -> String = { format?.number($0) ?? DisplayFormat.number($0) }
        let shown = LabUnitText.display(measurement.unit, format?.words ?? .english)
        let unit = shown.isEmpty ? "" : " " + shown
        if measurement.kind == .bloodPressure {
            return "\(number(measurement.systolic ?? 0))/\(number(measurement.diastolic ?? 0))\(unit)"
        }
        return "\(number(measurement.value ?? 0))\(unit)"
    }

    /// `Blood pressure`, `Blood glucose` …
    public static func kindName(_ kind: Measurement.Kind, _ words: Localizer = .english) -> String {
        switch kind {
        case .bloodPressure: words.t("Blood pressure")
        case .heartRate: words.t("Heart rate")
        case .weight: words.t("Weight")
        case .bloodGlucose: words.t("Blood glucose")
        case .temperature: words.t("Temperature")
        case .oxygenSaturation: words.t("Oxygen saturation")
        case .respiratoryRate: words.t("Respiratory rate")
        case .painScore: words.t("Pain score")
        case .other: words.t("Other measurement")
        }
    }
}
