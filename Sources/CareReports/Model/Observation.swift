/// A note, allergy, condition, immunisation, or one of the sections a clinical document gives:
/// procedure, medical device, advance directive, goal, planned care.
public struct Observation: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        case note, allergy, condition, immunization, procedure, device, advanceDirective, goal, plan
    }
    public enum ClinicalStatus: String, Sendable, Hashable, CaseIterable { case active, resolved }

    public let kind: Kind
    public let text: String?
    public let substance: String?
    public let reaction: String?
    public let severity: String?
    public let name: String?
    public let clinicalStatus: ClinicalStatus?
    public let onset: CareDate?
    /// Set when the record states an absence ("No known food allergies") rather than a finding.
    public let absence: AbsenceStatement?
    /// What an imported document states beyond the name (status, reason, UDI…); nil for native records.
    public let facts: ClinicalFacts?

    public init(
        kind: Kind, text: String? = nil, substance: String? = nil, reaction: String? = nil, severity: String? = nil,
        name: String? = nil, clinicalStatus: ClinicalStatus? = nil, onset: CareDate? = nil, absence: AbsenceStatement? = nil,
        facts: ClinicalFacts? = nil
    ) {
        self.kind = kind
        self.text = text
        self.substance = substance
        self.reaction = reaction
        self.severity = severity
        self.name = name
        self.clinicalStatus = clinicalStatus
        self.onset = onset
        self.absence = absence
        self.facts = facts
    }

    /// A statement of absence: "No known food allergies", "No information about problems".
    public init(absence: AbsenceStatement) {
        self.init(kind: Observation.kind(of: absence.topic), absence: absence)
    }

    /// The kind of record a statement about `topic` is filed as.
    public static func kind(of topic: AbsenceStatement.Topic) -> Kind {
        switch topic {
        case .allergies: .allergy
        case .problems: .condition
        case .immunizations: .immunization
        case .procedures: .procedure
        case .devices: .device
        case .medications: .note
        }
    }

    /// True for the record that says the person has no known allergies.
    public var isKnownAbsentAllergy: Bool {
        kind == .allergy && substance?.lowercased() == "none known"
    }

    /// The absence this record states, if it states one: its own, or "No known allergies." for a
    /// native allergy record whose substance is "none known".
    public var statedAbsence: AbsenceStatement? {
        if let absence { return absence }
        return isKnownAbsentAllergy ? AbsenceStatement.generic(.allergies, .noneKnown) : nil
    }
}
