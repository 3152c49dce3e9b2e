/// A document record; lab reports carry their results.
public struct HealthDocument: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable, CaseIterable { case labReport, imaging, letter, other }

    public let kind: Kind
    public let labReport: LabReport?
    /// The paragraphs of plain text of a section an imported document gives only as narrative
    /// (as written in the source document; never markup).
    public let narrative: [String]?

    public init(kind: Kind, labReport: LabReport? = nil, narrative: [String]? = nil) {
        self.kind = kind
        self.labReport = labReport
        self.narrative = narrative
    }
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

    public init(
        laboratory: String? = nil, orderedBy: String? = nil, collectedAt: CareDate? = nil, reportedAt: CareDate? = nil,
        status: Status, panel: LabPanel? = nil, results: [LabResult], conclusion: String? = nil
    ) {
        self.laboratory = laboratory
        self.orderedBy = orderedBy
        self.collectedAt = collectedAt
        self.reportedAt = reportedAt
        self.status = status
        self.panel = panel
        self.results = results
        self.conclusion = conclusion
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
