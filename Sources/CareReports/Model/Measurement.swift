/// One reading: a single value, or systolic and diastolic for blood pressure.
public struct Measurement: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        case bloodPressure, heartRate, weight, bloodGlucose, temperature, oxygenSaturation, respiratoryRate, painScore, other
    }

    public let kind: Kind
    public let value: Double?
    public let systolic: Double?
    public let diastolic: Double?
    public let unit: String
    public let loinc: String?
    public let context: String?

    public init(kind: Kind, value: Double? = nil, systolic: Double? = nil, diastolic: Double? = nil, unit: String, loinc: String? = nil, context: String? = nil) {
        self.kind = kind
        self.value = value
        self.systolic = systolic
        self.diastolic = diastolic
        self.unit = unit
        self.loinc = loinc
        self.context = context
    }
}
