/// The doctor-visit summary, in the order of the International Patient Summary.
public struct VisitSummary: Sendable, Encodable {
    public struct MedicationRow: Sendable, Encodable {
        public let name: String
        public let dose: String
        public let schedule: String
        /// "on hold" for a held order; nil for an active one.
        public let status: String?
        /// Doses in the period: "taken 52 of 54 (96%), on time 47 (87%)", or the as-needed use.
        public let adherence: String
        /// Dated steps of its orders: "started 10 mg 6 Jan; increased 10 → 20 mg 24 Feb (Dr. Anh Nguyen)".
        public let history: String
        /// As-needed warnings in words: days over the maximum, doses closer than the minimum gap.
        public let warnings: [String]
        /// What it is for, as stated; nil when nothing is stated, so no empty "()" is printed.
        public let reason: String?
        /// With more than one source: the verdict ("! Held in the document, still given") and its evidence.
        public var verdict: String? = nil
        public var verdictClass: String? = nil
        public var compared: String? = nil
        /// "Reason given: …": why a held, stopped or not-taken order is so, as stated (FHIR statusReason).
        public var statusReason: String? = nil
    }

    public struct Line: Sendable, Encodable {
        public let text: String
        /// Nil when there is nothing to add, so no stray separator is printed.
        public let detail: String?

        init(text: String, detail: String) {
            self.text = text
            self.detail = detail.trimmingSpacesAndNewlines().isEmpty ? nil : detail
        }
    }

    /// A statement of absence as the document made it: "No known food allergies." and
    /// "Stated on 20 Jul 2017.", each a whole sentence.
    public struct Statement: Sendable, Encodable {
        public let text: String
        public let stated: String
    }

    public struct ResultRow: Sendable, Encodable {
        public let name: String
        public let value: String
        public let range: String
        public let flag: FlagView?
        /// Words for a result without a flag: "not as expected", "no range given".
        public let remark: String?
        /// "preliminary", "corrected", "pending" … in words; nil for a final result.
        public let status: String?
        public let date: String
        public let previous: String
        /// The result's own note and the doctor's stated goal for the test, as the report gives them.
        public var note: String? = nil
    }

    /// Normal results of one day, compressed to one line: "Sodium 136 mmol/L, ALT 21 U/L".
    public struct NormalGroup: Sendable, Encodable {
        public let date: String
        public let items: String
    }

    public struct VitalRow: Sendable, Encodable {
        public let kind: String
        public let latest: String
        public let lowest: String
        public let highest: String
        public let readings: Int
        public let trend: String
        /// The readings outside the usual adult range, with symbol and words as on the week pages: "▲ 4 of 9 high".
        public var flags: String? = nil
    }

    public struct SymptomRow: Sendable, Encodable {
        public let name: String
        public let firstSeen: String
        public let worst: String
        public let times: Int
    }

    /// A section an imported document gives only as narrative, as plain text.
    public struct Narrative: Sendable, Encodable {
        public let title: String
        /// "as written in the source document (FHIR R4, 3 Feb 2024)".
        public let source: String
        public let paragraphs: [String]
        /// A `text/plain` document's text as written, shown preformatted; nil for a narrative section.
        public var text: String?
        /// The source section's own codes (its LOINC code), for the IPS written out (not on the page).
        public var codings: [Coding] = []

        private enum CodingKeys: String, CodingKey { case title, source, paragraphs, text }
    }

    public let page: PageChrome
    public let patientName: String
    public let dateOfBirth: String
    public let period: String
    /// Why the period starts where it does.
    public let periodReason: String
    /// "Thu 24 Apr 2025, 09:45: Cardiology, Dr. Samir Patel (fast pulse episodes, medication review)".
    public let nextAppointment: String?
    public let writtenOn: String
    public let medications: [MedicationRow]
    public let stoppedMedications: [MedicationRow]
    public let allergies: [Line]
    public let allergyStatus: String?
    /// "No known food allergies." and the like: shown beside the allergies, never instead of them.
    public var allergyStatements: [Statement] = []
    /// Resolved allergies joined into one sentence, each with what it states ("Ampicillin (reaction:
    /// Anaphylaxis, severe, high criticality)"): listed as resolved, never left out.
    public var pastAllergies: String?
    public let problems: [Line]
    public var problemStatements: [Statement] = []
    public var medicationStatements: [Statement] = []
    public var immunizationStatements: [Statement] = []
    /// Resolved problems joined into one sentence, without a trailing separator.
    public let pastProblems: String?
    public let results: [ResultRow]
    public let normalResults: [NormalGroup]
    /// "Results not included in the document (29 referenced)": reports whose results the documents reference but do not hold.
    public var resultsNotIncluded: String?
    public let vitals: [VitalRow]
    /// True when no reading lies in the period and `vitals` holds the latest of each kind, any date.
    public var vitalsAnyDate = false
    public let symptoms: [SymptomRow]
    /// "and 3 milder symptoms: …" when the list was shortened to keep to two pages.
    public let moreSymptoms: String?
    public let falls: [Line]
    public let appointments: [Line]
    public let immunizations: [Line]
    public let questions: [Line]
    public let moreQuestions: String?
    /// The print style sheet, inlined so the file stands alone.
    public var styles: String
    /// Patient, birth date, period and date written, escaped for the running header of each printed page.
    public let runningHeader: String
    /// The printed page's number, as a CSS `content` value in the reader's language ("page " counter(page) " of " counter(pages)).
    public var runningFooter: String = ""
    /// Narrative-only sections of imported documents, newest document first.
    public var sourceNarratives: [Narrative] = []
    /// Advance directives as stated ("Resuscitation status: Not for resuscitation"), shown first.
    public var advanceDirectives: [Line] = []
    /// Medical equipment and implanted devices, with their UDI.
    public var devices: [Line] = []
    public var deviceStatements: [Statement] = []
    /// Procedures done, refused, unsuccessful or planned, as stated, newest first.
    public var procedures: [Line] = []
    public var procedureStatements: [Statement] = []
    /// Care-plan goals, each with who set it, its counts and its status by the rules of docs/goals.md.
    public var goals: [GoalView] = []
    /// Planned care, as stated in the documents.
    public var carePlan: [Line] = []
    /// Stated facts of no other section (pregnancy status, smoking status, exam, mental and
    /// functional status, family history), newest first.
    public var findings: [Line] = []
    /// "2 earlier immunisations are not shown here." and the like, one per shortened list.
    public var moreImmunizations: String?
    public var moreProcedures: String?
    /// What the imported documents hold that this summary does not show, one sentence per document.
    public var notShown: [String] = []
    /// Advance-care and discharge documents with their files, linked at the top.
    public var keyDocuments: [KeyDocumentView] = []
    /// What each lab report of the period concludes, beside the results: "Metabolic panel (8 Apr): … recheck in 4 weeks."
    public var reportNotes: [Line] = []
    /// "And 3 more: …" when the period held more appointments than the list shows.
    public var moreAppointments: String? = nil
    /// Which list the current medications are, when a discharge document gives them: "Current
    /// medications: the discharge medication list of the discharge document of {date}."
    public var medicationList: String?
    /// "Each medicine compared across the family's records with their dose log and 1 document: …"
    /// when there is more than one source: the medications section is then "Medicines compared".
    public var comparison: String?
    /// A discharge document's other medication lists (admission, hospital): listed, never as current.
    public var otherListMedications: [MedicationRow] = []
    /// Medicines the documents state as planned, not taken or of unknown status: listed as such, never as current.
    public var notInUseMedications: [MedicationRow] = []
    /// The QR code that opens the reader's record on the published site (`visit --share-url`); nil
    /// without it, so the page is as before.
    public var share: SharedLink?
}
