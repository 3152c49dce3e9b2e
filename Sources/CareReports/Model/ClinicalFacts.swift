/// What an imported document states about an immunisation, procedure, device, advance directive,
/// goal or planned activity beyond its name: its status as stated, the reason given (a refusal's
/// reason, why a procedure was done), who reported it, a device's UDI, and the directive's or
/// goal's own words. Unknowns stay nil; nothing here is filled in from another entry.
public struct ClinicalFacts: Sendable, Hashable {
    /// The status the source gives, in the few words every section shares.
    public enum Status: String, Sendable, Hashable, CaseIterable {
        /// Given, done, in place.
        case completed
        /// Not given or not done (C-CDA `negationInd`, FHIR `not-done`); `reason` says why when stated.
        case notDone
        /// Refused by the patient (a not-done with a refusal reason, or a procedure "refused").
        case refused
        /// Attempted and unsuccessful: an outcome the source states (SNOMED CT 385671000
        /// "Unsuccessful", a C-CDA "Failed attempted procedure" 103709008).
        case unsuccessful
        /// Started and stopped before it was finished (C-CDA `aborted`, FHIR `stopped`): no outcome
        /// is stated, so none is said.
        case stopped
        case active
        case inactive
        /// Planned, proposed, ordered or intended (a mood other than "event").
        case planned
        case cancelled
    }

    public let status: Status?
    /// The reason stated: "Patient objection", "Religious exemption", a procedure's indication.
    public let reason: String?
    /// True when the source says the patient (or a family member) reported it rather than the
    /// author's own record (C-CDA informant/`INF` or author role, FHIR `primarySource` false or a
    /// `reportOrigin`).
    public let reported: Bool
    /// The person who reported it, when the source names one.
    public let reportedBy: String?
    /// A device's unique device identifier, as written (human-readable form).
    public let udi: String?
    /// What the entry states beyond its name: an advance directive's value ("Do not resuscitate"),
    /// a goal's target, a procedure's body site.
    public let detail: String?
    /// When it ended or stops applying, when the source says.
    public let end: CareDate?
    /// A value that is a date, as stated (a pregnancy's expected delivery date).
    public let dateValue: CareDate?
    /// The date as the source gives it in words only ("spring 2021": FHIR `occurrenceString`,
    /// `performedString`, `onsetString`): the record's own date is then unknown, and this is said
    /// beside it, never turned into a day.
    public let statedDate: String?
    /// The relative a family-history fact is about, as the source names them ("Mother"): the fact is
    /// the relative's, never the patient's (the IPS writes a FamilyMemberHistory).
    public let familyMember: String?
    /// True when the source states the fact is absent (C-CDA `negationInd`: "no diabetes").
    public let notPresent: Bool
    /// The codes of a finding's coded value ("Pregnant", 77386006), apart from the codes of what was
    /// observed (82810-3 Pregnancy status): the answer is never written as the question.
    public let valueCodings: [Coding]
    /// The name and codes of what `dateValue` is when a related statement gives it (11778-8
    /// "Delivery date Estimated" inside a pregnancy observation).
    public let dateValueName: String?
    public let dateValueCodings: [Coding]

    public init(
        status: Status? = nil, reason: String? = nil, reported: Bool = false, reportedBy: String? = nil, udi: String? = nil, detail: String? = nil,
        end: CareDate? = nil, dateValue: CareDate? = nil, statedDate: String? = nil, familyMember: String? = nil, notPresent: Bool = false,
        valueCodings: [Coding] = [], dateValueName: String? = nil, dateValueCodings: [Coding] = []
    ) {
        self.status = status
        self.reason = reason
        self.reported = reported
        self.reportedBy = reportedBy.flatMap { $0.isEmpty ? nil : $0 }
        self.udi = udi
        self.detail = detail
        self.end = end
        self.dateValue = dateValue
        self.statedDate = statedDate.flatMap { $0.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty ? nil : $0 }
        self.familyMember = familyMember
        self.notPresent = notPresent
        self.valueCodings = valueCodings
        self.dateValueName = dateValueName
        self.dateValueCodings = dateValueCodings
    }
}
