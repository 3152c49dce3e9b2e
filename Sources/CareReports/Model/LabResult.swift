/// One analyte's result in a lab report.
public struct LabResult: Sendable, Hashable {
    public enum Value: Sendable, Hashable {
        case number(Double)
        case text(String)
    }

    public enum Comparator: String, Sendable, Hashable, CaseIterable {
        case less = "<", lessOrEqual = "<=", greater = ">", greaterOrEqual = ">="
    }

    public enum Flag: String, Sendable, Hashable, CaseIterable {
        case normal, low, high, criticalLow, criticalHigh, abnormal
    }

    public let name: String
    public let loinc: String?
    public let value: Value
    public let comparator: Comparator?
    public let unit: String?
    public let referenceRange: ReferenceRange?
    public let flag: Flag?
    public let note: String?
    /// Every code the source gave for the test (LOINC and any other), as stated.
    public let codings: [Coding]
    /// The source's own interpretation codes (HL7 v3 ObservationInterpretation or another), as stated.
    public let interpretation: [Coding]

    public init(
        name: String, loinc: String? = nil, value: Value, comparator: Comparator? = nil, unit: String? = nil,
        referenceRange: ReferenceRange? = nil, flag: Flag? = nil, note: String? = nil, codings: [Coding] = [],
        interpretation: [Coding] = []
    ) {
        self.name = name
        self.loinc = loinc
        self.value = value
        self.comparator = comparator
        self.unit = unit
        self.referenceRange = referenceRange
        self.flag = flag
        self.note = note
        self.codings = codings
        self.interpretation = interpretation
    }
}

/// A reference range: low and high bounds and/or a text such as "Negative".
public struct ReferenceRange: Sendable, Hashable {
    public let low: Double?
    public let high: Double?
    public let text: String?

    public init(low: Double? = nil, high: Double? = nil, text: String? = nil) {
        self.low = low
        self.high = high
        self.text = text
    }
}
