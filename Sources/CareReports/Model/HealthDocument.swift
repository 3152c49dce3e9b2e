/// A document record; lab reports carry their results.
public struct HealthDocument: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable, CaseIterable { case labReport, imaging, letter, other }

    public let kind: Kind
    public let labReport: LabReport?
    /// The paragraphs of plain text of a section an imported document gives only as narrative
    /// (as written in the source document; never markup).
    public let narrative: [String]?
    /// For an imported document: the parts it holds that carereport does not read, each as the
    /// document names it with how many entries ("Functional Status", "Provenance (2)"), so pages
    /// can say what is not shown. Nil for native records.
    public let notShown: [String]?
    /// The text of a `text/plain` document as written (shown escaped and preformatted, never as markup).
    public let plainText: String?
    /// For an imported document: how many of its records name another patient and were left out.
    public let otherPatientRecords: Int
    /// What those records are, by their section and name ("Advance Directives: Do Not
    /// Resuscitate"): a page says what it leaves out, never only how many.
    public var otherPatientParts: [String] = []

    public init(
        kind: Kind, labReport: LabReport? = nil, narrative: [String]? = nil, notShown: [String]? = nil, plainText: String? = nil,
        otherPatientRecords: Int = 0
    ) {
        self.kind = kind
        self.labReport = labReport
        self.narrative = narrative
        self.notShown = notShown
        self.plainText = plainText
        self.otherPatientRecords = otherPatientRecords
    }

    /// True when the record says what an imported document holds that the pages do not show.
    public var saysWhatIsNotShown: Bool { notShown?.isEmpty == false || otherPatientRecords > 0 }
}

/// A laboratory report and its results.
public struct LabReport: Sendable, Hashable {
    public enum Status: String, Sendable, Hashable, CaseIterable { case preliminary, final, corrected, amended }

    public let laboratory: String?
    public let orderedBy: String?
    public let collectedAt: CareDate?
    public let reportedAt: CareDate?
    public let status: Status
    public let panel: LabPanel?
    public let results: [LabResult]
    public let conclusion: String?
    /// Results the report references that the document does not include (a DiagnosticReport whose
    /// Observations are not in the bundle): said on the page, never read as "no results".
    public let resultsNotIncluded: Int
    /// True for results of one day gathered into one report by carereport (FHIR Observations no
    /// report lists), not a report the source wrote: it has no status of its own, each result
    /// keeps its own (see `statedStatus`), and the IPS output writes no DiagnosticReport for it.
    public let grouped: Bool

    public init(
        laboratory: String? = nil, orderedBy: String? = nil, collectedAt: CareDate? = nil, reportedAt: CareDate? = nil,
        status: Status, panel: LabPanel? = nil, results: [LabResult], conclusion: String? = nil, resultsNotIncluded: Int = 0,
        grouped: Bool = false
    ) {
        self.laboratory = laboratory
        self.orderedBy = orderedBy
        self.collectedAt = collectedAt
        self.reportedAt = reportedAt
        self.status = status
        self.panel = panel
        self.results = results
        self.conclusion = conclusion
        self.resultsNotIncluded = resultsNotIncluded
        self.grouped = grouped
    }

    /// The report's status as its source states it; for a grouped report, the one status all its
    /// results share, else nil (none is shown: each result says its own).
    public var statedStatus: LabResult.Status? {
        guard grouped else { return LabResult.Status(rawValue: status.rawValue) }
        let statuses = Set(results.map { $0.status ?? LabResult.Status(rawValue: status.rawValue)! })
        return statuses.count == 1 ? statuses.first : nil
    }

    /// A result's status: its own, else its report's.
    public func status(of result: LabResult) -> LabResult.Status {
        result.status ?? LabResult.Status(rawValue: status.rawValue)!
    }
}

/// The panel a report belongs to, e.g. "Complete blood count".
public struct LabPanel: Sendable, Hashable {
    public let name: String
    public let loinc: String?
    /// Every code the source gave for the panel or report, as stated.
    public let codings: [Coding]

    public init(name: String, loinc: String? = nil, codings: [Coding] = []) {
        self.name = name
        self.loinc = loinc
        self.codings = codings
    }
}
