/// The lab index: reports newest first and an analyte-by-date matrix.
public struct LabIndexPage: Sendable, Encodable {
    public struct ReportRow: Sendable, Encodable {
        public let title: String
        public let link: String
        public let collected: String
        public let laboratory: String
        public let status: String
        public let results: Int
        public let abnormal: Int
    }

    public struct MatrixRow: Sendable, Encodable {
        public let analyte: String
        public let link: String
        public let cells: [MatrixCell]
    }

    public struct MatrixCell: Sendable, Encodable {
        /// The value with its unit: `148 mg/dL`.
        public let text: String
        public let flag: FlagView?
        /// `preliminary`, `corrected` or `amended` when the report is not final.
        public var status: String? = nil
    }

    public internal(set) var page: PageChrome
    public let reports: [ReportRow]
    public let dates: [String]
    public let matrix: [MatrixRow]
}

/// A flag in words and symbol, with its CSS class (never colour alone).
public struct FlagView: Sendable, Encodable {
    public let label: String
    public let symbol: String
    public let cssClass: String
    public let derived: Bool

    init?(_ result: LabResult, _ localizer: Localizer = .english) {
        guard let (flag, derived) = LabFlagging.flag(of: result) else { return nil }
        let words = LabFlagging.words(flag, localizer)
        self.label = words.label
        self.symbol = words.symbol
        self.cssClass = words.cssClass
        self.derived = derived
    }
}

/// One lab report: header facts and results with range, flag, previous value and change.
public struct LabReportPage: Sendable, Encodable {
    public struct Row: Sendable, Encodable {
        public let name: String
        public let link: String?
        public let value: String
        public let unit: String
        public let range: String
        public let flag: FlagView?
        public let previous: String
        public let change: String
        public let note: String?
    }

    public internal(set) var page: PageChrome
    public let title: String
    public let facts: [MedicationPage.Fact]
    public let panel: String
    public let rows: [Row]
    /// "Results not included in the document (29 referenced)" when the report's results are not in the document.
    public let notIncluded: String?
    public let warnings: [String]
    public let conclusion: RichText?
    public let description: RichText?
    public let attachments: [AttachmentView]
}

/// One analyte over time, with a trend chart that shades the reference range.
public struct AnalytePage: Sendable, Encodable {
    public struct Row: Sendable, Encodable {
        public let date: String
        public let report: String
        public let link: String?
        public let value: String
        public let unit: String
        public let range: String
        public let flag: FlagView?
        public let note: String?
    }

    public internal(set) var page: PageChrome
    public let name: String
    public let loinc: String?
    public let chart: String?
    public let rows: [Row]
    public let warnings: [String]
    /// What the test measures, what high or low usually means and what is checked next (`LabExplanations`).
    public var explanation: String? = nil
}
