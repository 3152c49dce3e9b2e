/// The home page: this week at a glance, and links to everything.
public struct IndexPage: Sendable, Encodable {
    public struct Member: Sendable, Encodable {
        public let name: String
        public let roles: String
        public let relationship: String
    }

    public struct Stat: Sendable, Encodable {
        public let value: String
        public let label: String
    }

    public internal(set) var page: PageChrome
    public let currentWeek: String
    /// "This week", or "The export's week" when "now" has moved on past the export's week.
    public var currentWeekLabel = "This week"
    public let currentWeekLink: String?
    public let attention: [WeeklySummary.Attention]
    public let stats: [Stat]
    public let coming: [WeeklySummary.EventRow]
    public let dueSoon: [WeeklySummary.TaskRow]
    /// Every week with records, newest first, by year (see ``WeekList``).
    public let years: [WeekYear]
    public let members: [Member]
    public let hasMedications: Bool
    public let hasLabs: Bool
    /// What the imported documents hold that is not shown, one sentence per document (see ``NotShownWording``).
    public var notShown: [String] = []
    /// Advance-care and discharge documents with their files (see ``KeyDocuments``).
    public var keyDocuments: [KeyDocumentView] = []
    /// The current care-plan goals, one line each, judged by docs/goals.md.
    public var goals: [GoalView] = []
}

/// The list of every weekly summary, newest first.
public struct WeeksIndexPage: Sendable, Encodable {
    public internal(set) var page: PageChrome
    public let years: [WeekYear]
}
