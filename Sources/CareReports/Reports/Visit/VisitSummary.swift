/// The doctor-visit summary, in the order of the International Patient Summary.
public struct VisitSummary: Sendable {
    public struct MedicationRow: Sendable {
        public let name: String
        public let dose: String
        public let schedule: String
        public let adherence: String
        public let change: String
        public let reason: String
    }

    public struct Line: Sendable {
        public let text: String
        public let detail: String
    }

    public struct ResultRow: Sendable {
        public let name: String
        public let value: String
        public let range: String
        public let flag: FlagView?
        public let date: String
        public let previous: String
    }

    public struct VitalRow: Sendable {
        public let kind: String
        public let latest: String
        public let lowest: String
        public let highest: String
        public let readings: Int
        public let trend: String
    }

    public struct SymptomRow: Sendable {
        public let name: String
        public let firstSeen: String
        public let worst: String
        public let times: Int
    }

    /// A section an imported document gives only as narrative, as plain text.
    public struct Narrative: Sendable {
        public let title: String
        /// "as written in the source document (FHIR R4, 3 Feb 2024)".
        public let source: String
        public let paragraphs: [String]
    }

    public let page: PageChrome
    public let patientName: String
    public let dateOfBirth: String
    public let period: String
    public let writtenOn: String
    public let medications: [MedicationRow]
    public let stoppedMedications: [MedicationRow]
    public let allergies: [Line]
    public let allergyStatus: String?
    public let problems: [Line]
    public let pastProblems: [Line]
    public let results: [ResultRow]
    public let vitals: [VitalRow]
    public let symptoms: [SymptomRow]
    public let appointments: [Line]
    public let immunizations: [Line]
    public let questions: [Line]
    /// The print style sheet, inlined so the file stands alone.
    public var styles: String
    /// Patient, birth date, period and date written, escaped for the running header of each printed page.
    public let runningHeader: String
    /// Narrative-only sections of imported documents, newest document first.
    public var sourceNarratives: [Narrative] = []
}
