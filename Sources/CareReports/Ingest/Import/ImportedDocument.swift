/// What an importer read from one clinical document (FHIR bundle or C-CDA): the patient it is
/// about and its records, before they are placed in a circle. Diagnostics go beside it.
public struct ImportedDocument: Sendable {
    /// "FHIR R4" or "C-CDA R2.1", shown in `audit`.
    public let format: String
    public let file: String
    public let patient: ImportedPatient?
    public let records: [ImportedRecord]
    /// Resource or section types skipped, with how many of each (each also gets one warning).
    public let skipped: [String: Int]
    /// The date the document speaks for: FHIR `Bundle.timestamp`, else its Composition's `date`,
    /// else the newest `meta.lastUpdated`; C-CDA `ClinicalDocument/effectiveTime`. Nil when it gives none.
    public let date: CareDate?
    /// The document's title as it gives it (C-CDA `title`, FHIR Composition `title`); nil when none.
    public var title: String?
    /// The parts the document holds that are not read, as the document names them, in its order
    /// ("Functional Status", "Provenance (2)"): said on the pages, never "None recorded".
    public var notShown: [String] = []
    /// How many records inside the document name another patient than its own and were left out:
    /// said on the pages ("1 record about another patient is not shown here"), never silently gone.
    public var otherPatientRecords = 0
    /// What those records are, by section and name (see ``HealthDocument/otherPatientParts``).
    public var otherPatientParts: [String] = []
    /// True for the records inside a document (a bundle, Bulk Data files) that name another
    /// subject than the document's own patient: left out unless `--patient` chooses that patient.
    public var isOtherSubject = false
    /// What became of every entry of every section (see ``LedgerLine``).
    public var ledger: [LedgerLine] = []

    public init(
        format: String, file: String, patient: ImportedPatient?, records: [ImportedRecord], skipped: [String: Int] = [:],
        date: CareDate? = nil
    ) {
        self.format = format
        self.file = file
        self.patient = patient
        self.records = records
        self.skipped = skipped
        self.date = date
    }
}

/// The person a clinical document is about.
public struct ImportedPatient: Sendable, Hashable {
    public let firstName: String
    public let lastName: String
    public let dateOfBirth: LocalDate?
    /// The patient's identifiers as `system|value` (FHIR `Patient.identifier`, C-CDA
    /// `patientRole/id` as `root|extension`), for telling two patients apart.
    public let identifiers: Set<String>
    /// Ids a user may give to `--patient`: each identifier's value, and a FHIR Patient's `id`.
    public let ids: Set<String>

    public init(firstName: String, lastName: String, dateOfBirth: LocalDate?, identifiers: Set<String> = [], ids: Set<String> = []) {
        self.firstName = firstName
        self.lastName = lastName
        self.dateOfBirth = dateOfBirth
        self.identifiers = identifiers
        self.ids = ids
    }
}

/// One imported health record; the circle, recipient and privacy level are set when it is placed.
public struct ImportedRecord: Sendable, Hashable {
    /// Unique within the document (e.g. the resource id); made unique in the export by the placer.
    public let id: String
    public let title: String
    public let description: String?
    public let date: CareDate
    public let data: HealthData
    /// Files the document carries inline (a PDF letter, a scanned image).
    public let attachments: [Attachment]
    /// The codes the source gave for the record's subject, as stated (see ``HealthRecord/codings``).
    public let codings: [Coding]

    public init(
        id: String, title: String, description: String? = nil, date: CareDate, data: HealthData, attachments: [Attachment] = [],
        codings: [Coding] = []
    ) {
        self.id = id
        self.title = title
        self.description = description
        self.date = date
        self.data = data
        self.attachments = attachments
        self.codings = codings
    }
}
