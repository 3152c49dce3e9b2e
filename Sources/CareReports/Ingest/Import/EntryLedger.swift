/// What became of one entry of one section of an imported document: every entry of every section
/// (C-CDA `section/entry`, nested sections too; FHIR `Composition.section[].entry[]`, and every
/// bundle entry no section names) gets exactly one outcome. `carereport validate --entries` prints
/// them, one JSON object a line (see docs/clinical-imports.md, "Every entry accounted for").
public struct LedgerLine: Sendable, Hashable {
    public enum Outcome: String, Sendable, Hashable {
        /// Read and shown: `place` says where (the kind of record it became), `record` its id.
        case shown
        /// Read into another record (a result into its report, a dose into its medicine, a
        /// statement into the same medicine stated again): `record` names that record.
        case merged
        /// Left out on purpose, `reason` says why (entered in error, another patient, duplicate).
        case omitted
        /// Not read: `reason` says what kind of thing it is and why.
        case unread
    }

    /// The document's file, as diagnostics name it.
    public let document: String
    /// The section's code (LOINC, or the code the document gives it); nil outside any section.
    public let sectionCode: String?
    /// The section's own title as the document gives it, else a name for its code.
    public let sectionTitle: String?
    /// The entry: a FHIR reference (`urn:uuid:…`, `Type/id`, or `entry[N]` when it has neither),
    /// or a C-CDA element path (`/ClinicalDocument/component/…/entry[2]`).
    public let entry: String
    /// The kind of statement the entry holds (FHIR resource type, C-CDA act and mood).
    public let kind: String
    public let outcome: Outcome
    public let reason: String?
    /// Where a shown entry is: the part of the summary and site it is on.
    public let place: String?
    /// The imported record it became, or was merged into (the document's own id for it).
    public let record: String?

    public init(
        document: String, sectionCode: String?, sectionTitle: String?, entry: String, kind: String, outcome: Outcome,
        reason: String? = nil, place: String? = nil, record: String? = nil
    ) {
        self.document = document
        self.sectionCode = sectionCode
        self.sectionTitle = sectionTitle
        self.entry = entry
        self.kind = kind
        self.outcome = outcome
        self.reason = reason
        self.place = place
        self.record = record
    }

    /// One JSON object with the keys `document`, `section` (`code`, `title`), `entry`, `kind`,
    /// `outcome`, `reason`, `place` and `record`; absent values are null. Keys in that order.
    public var json: String {
        func string(_ value: String?) -> JSONValue { value.map(JSONValue.string) ?? .null }
        let section: JSONValue = sectionCode == nil && sectionTitle == nil
            ? .null : .object(JSONObject([("code", string(sectionCode)), ("title", string(sectionTitle))]))
        return JSONValue.object(JSONObject([
            ("document", .string(document)), ("section", section), ("entry", .string(entry)), ("kind", .string(kind)),
            ("outcome", .string(outcome.rawValue)), ("reason", string(reason)), ("place", string(place)), ("record", string(record)),
        ])).serialized()
    }
}

/// Where a record read from a document shows, in the words the ledger uses.
enum LedgerPlace {
    static func of(_ data: HealthData) -> String {
        switch data {
        case .medication(let medication): medication.status == .planned ? "planned medicines" : "medicines"
        case .symptom: "symptoms"
        case .measurement: "vital signs"
        case .appointment: "visits"
        case .document(let document):
            document.labReport != nil ? "results" : document.narrative != nil ? "sections as written" : "documents"
        case .observation(let observation):
            if observation.absence != nil { "statements of absence" } else {
                switch observation.kind {
                case .note: "notes"
                case .allergy: "allergies"
                case .condition: "problems"
                case .immunization: "immunisations"
                case .procedure: "procedures"
                case .device: "medical devices"
                case .advanceDirective: "advance directives"
                case .goal: "goals"
                case .plan: "plan of treatment"
                case .finding: "findings"
                }
            }
        }
    }
}
