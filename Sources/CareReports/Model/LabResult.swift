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

    /// A result's own status as its source states it (FHIR `Observation.status`; a C-CDA result
    /// observation's `statusCode`), never its report's nor another result's.
    public enum Status: String, Sendable, Hashable, CaseIterable {
        case registered, preliminary, final, amended, corrected, cancelled, unknown
    }

    /// One bound of a range or a term of a ratio, as stated (its unit as written).
    public struct Amount: Sendable, Hashable {
        public let value: Double
        public let unit: String?
        public init(_ value: Double, unit: String? = nil) {
            self.value = value
            self.unit = unit
        }
    }

    /// The value as the source typed it, where `value` alone (a number or a text) would lose it:
    /// kept so the IPS output writes it back as stated.
    public enum Stated: Sendable, Hashable {
        case boolean(Bool)
        case ratio(numerator: Amount, denominator: Amount)
        case range(low: Amount?, high: Amount?)
        /// A coded value: every coding as given.
        case coded([Coding])
        /// No value, with the source's reason (FHIR `dataAbsentReason`; its codings as given).
        case absent([Coding])
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
    /// The result's own status; nil when its source states none (its report's stands).
    public let status: Status?
    /// The result's own date, at its own precision (or unknown), when its source states one; nil
    /// when it states none (its report's date stands).
    public let date: CareDate?
    /// The value as typed in the source when that is more than `value` says; nil otherwise.
    public let stated: Stated?

    public init(
        name: String, loinc: String? = nil, value: Value, comparator: Comparator? = nil, unit: String? = nil,
        referenceRange: ReferenceRange? = nil, flag: Flag? = nil, note: String? = nil, codings: [Coding] = [],
        interpretation: [Coding] = [], status: Status? = nil, date: CareDate? = nil, stated: Stated? = nil
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
        self.status = status
        self.date = date
        self.stated = stated
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
