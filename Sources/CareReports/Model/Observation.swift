/// A note, allergy, condition, immunisation, or one of the sections a clinical document gives:
/// procedure, medical device, advance directive, goal, planned care.
public struct Observation: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        case note, allergy, condition, immunization, procedure, device, advanceDirective, goal, plan
        /// A stated clinical fact that is none of the others: pregnancy status, smoking status, an exam,
        /// mental or functional status finding, family history (name, value as `ClinicalFacts.detail`).
        case finding
    }
    /// FHIR's clinical status as stated: the native export writes only `active` and `resolved`.
    public enum ClinicalStatus: String, Sendable, Hashable, CaseIterable {
        case active, recurrence, relapse, inactive, remission, resolved

        /// True for a problem or allergy that is not (or no longer) current.
        public var isPast: Bool { self == .inactive || self == .remission || self == .resolved }
    }
    /// FHIR's verification status as stated; refuted and entered-in-error entries are never imported.
    public enum VerificationStatus: String, Sendable, Hashable, CaseIterable { case unconfirmed, provisional, differential, confirmed }
    /// An allergy's potential for a serious reaction (FHIR `criticality`), apart from a reaction's severity.
    public enum Criticality: String, Sendable, Hashable, CaseIterable {
        case low, high, unableToAssess = "unable-to-assess"
    }

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
    public let verificationStatus: VerificationStatus?
    public let criticality: Criticality?
    /// An allergy's categories as stated (`food`, `medication`, `environment`, `biologic`).
    public let categories: [String]
    /// An allergy's type as stated (`allergy` or `intolerance`).
    public let allergyType: String?
    /// The codes of the reaction's manifestations, as stated.
    public let reactionCodings: [Coding]
    /// An allergy's reactions, each with its own manifestations and severity, as the source states
    /// them (FHIR `reaction[]`, C-CDA Reaction Observations): never merged, never one reaction's
    /// severity on another. The native export's one `reaction` and `severity` make one.
    public let reactions: [AllergyReaction]
    /// The source's notes on the entry, as written.
    public let notes: [String]
    /// A goal's measurable parts (kind `.goal`): targets, activity, adherence; nil for other kinds.
    public let goal: CareGoal?

    public init(
        kind: Kind, text: String? = nil, substance: String? = nil, reaction: String? = nil, severity: String? = nil,
        name: String? = nil, clinicalStatus: ClinicalStatus? = nil, onset: CareDate? = nil, absence: AbsenceStatement? = nil,
        facts: ClinicalFacts? = nil,
        verificationStatus: VerificationStatus? = nil, criticality: Criticality? = nil, categories: [String] = [],
        allergyType: String? = nil, reactionCodings: [Coding] = [], notes: [String] = [], goal: CareGoal? = nil,
        reactions: [AllergyReaction]? = nil
    ) {
        self.kind = kind
        self.text = text
        self.substance = substance
        // One reaction reads the same through `reaction`, `severity` and `reactionCodings` as through `reactions`.
        let only = reactions?.count == 1 ? reactions?.first : nil
        self.reaction = reaction ?? only?.manifestation
        self.severity = severity ?? only?.severity
        self.name = name
        self.clinicalStatus = clinicalStatus
        self.onset = onset
        self.absence = absence
        self.facts = facts
        self.verificationStatus = verificationStatus
        self.criticality = criticality
        self.categories = categories
        self.allergyType = allergyType
        self.reactionCodings = reactionCodings.isEmpty ? only?.codings ?? [] : reactionCodings
        self.reactions = reactions
            ?? (kind == .allergy && (reaction != nil || severity != nil || !reactionCodings.isEmpty)
                ? [AllergyReaction(manifestation: reaction, codings: reactionCodings, severity: severity)] : [])
        self.notes = notes
        self.goal = goal
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

/// One reaction to an allergen as the source states it: its manifestations (in words, with their
/// codes) and the severity of that reaction as a whole (FHIR `reaction.severity`, a C-CDA Severity
/// Observation inside the Reaction Observation).
public struct AllergyReaction: Sendable, Hashable {
    public let manifestation: String?
    public let codings: [Coding]
    public let severity: String?

    public init(manifestation: String?, codings: [Coding] = [], severity: String?) {
        self.manifestation = manifestation
        self.codings = codings
        self.severity = severity
    }
}
