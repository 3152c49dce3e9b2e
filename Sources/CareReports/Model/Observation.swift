/// A note, allergy, condition or immunisation.
public struct Observation: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable, CaseIterable { case note, allergy, condition, immunization }
    public enum ClinicalStatus: String, Sendable, Hashable, CaseIterable { case active, resolved }

    public let kind: Kind
    public let text: String?
    public let substance: String?
    public let reaction: String?
    public let severity: String?
    public let name: String?
    public let clinicalStatus: ClinicalStatus?
    public let onset: CareDate?

    public init(
        kind: Kind, text: String? = nil, substance: String? = nil, reaction: String? = nil, severity: String? = nil,
        name: String? = nil, clinicalStatus: ClinicalStatus? = nil, onset: CareDate? = nil
    ) {
        self.kind = kind
        self.text = text
        self.substance = substance
        self.reaction = reaction
        self.severity = severity
        self.name = name
        self.clinicalStatus = clinicalStatus
        self.onset = onset
    }

    /// True for the record that says the person has no known allergies.
    public var isKnownAbsentAllergy: Bool {
        kind == .allergy && substance?.lowercased() == "none known"
    }
}
