/// The caregivers' workload page: who did what, week by week, and the share each person carried.
public struct WorkloadPage: Sendable, Encodable {
    /// One person over the last 4 and 12 weeks.
    public struct ShareRow: Sendable, Encodable {
        public let name: String
        public let done4: String
        public let done12: String
        public let rides12: String
        public let doses4: String
        public let doses12: String
        public let overdue: String
        public let weeksOff: String
    }

    /// One person's weeks.
    public struct Person: Sendable, Encodable {
        public let name: String
        /// Unique on the page: `person-1`, `person-2`, …
        public let anchor: String
        public let weeks: [WeekRow]
    }

    /// One week of one person.
    public struct WeekRow: Sendable, Encodable {
        public let week: String
        public let link: String?
        public let weekOff: Bool
        public let underWay: Bool
        public let done: Int
        public let rides: Int
        public let overdue: Int
        public let doses: Int
    }

    /// A row of the chart's table equivalent: the week, then one cell per person and the total.
    public struct ChartRow: Sendable, Encodable {
        public let week: String
        public let cells: [String]
    }

    public internal(set) var page: PageChrome
    /// "Fri 18 Apr 2025, 18:00": the data's time, after which nothing counts.
    public let asOf: String
    public let firstWeek: String
    public let lastWeek: String
    public let weekCount: Int
    public let finishedWeekCount: Int
    public let lastWeekUnderWay: Bool
    public let countsDoses: Bool
    /// Weeks off are judged (caregivers, who see the dose logs); not for organizers, who see tasks only.
    public let showsWeeksOff: Bool
    public let recipientName: String
    public let shares: [ShareRow]
    public let noWeekOff: [String]
    public let everyoneHadWeekOff: Bool
    public let nobody: Bool
    public let chart: String?
    public let chartTitle: String
    public let chartColumns: [String]
    public let chartRows: [ChartRow]
    public let people: [Person]
    public let unassignedOverdue: Int
    public let hasUnassignedOverdue: Bool
    /// The chart table's columns after the week's: one right-aligned number column each (Markdown).
    public let chartNumberColumns: [String]
}
