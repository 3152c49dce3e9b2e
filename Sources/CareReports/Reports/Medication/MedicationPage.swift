/// One medication's page: regimen, adherence overall and per week, as-needed use per day, every dose.
public struct MedicationPage: Sendable, Encodable {
    public struct Fact: Sendable, Encodable {
        public let label: String
        public let value: String
    }

    public struct WeekRow: Sendable, Encodable {
        public let week: String
        public let link: String?
        public let scheduled: Int
        public let taken: Int
        public let onTime: Int
        public let late: Int
        public let missed: Int
        public let skipped: Int
        /// Taken and on time as percentages: `88% taken, 77% on time`.
        public let adherence: String
        /// For the week the data ends in: when it ends ("Fri 18 Apr 2025, 18:00"), so the row reads
        /// as a count so far, not a whole week's.
        public var upTo: String? = nil
    }

    public struct DayUse: Sendable, Encodable {
        public let day: String
        public let uses: Int
        public let maximum: String
        public let over: Bool
    }

    public struct DoseRow: Sendable, Encodable {
        public let scheduled: String
        public let taken: String
        public let status: String
        public let statusSymbol: String
        public let statusClass: String
        public let delay: String
        public let recordedBy: String
        public let note: String
    }

    /// Another order of the same medicine this one led to or came from: "Dose changed:
    /// increased 10 → 20 mg on Mon 24 Feb 2025; see the new order, Lisinopril 20 mg".
    public struct DoseChange: Sendable, Encodable {
        public let label: String
        /// "the new order" or "the earlier order".
        public let direction: String
        public let text: String
        public let name: String
        public let link: String
    }

    public internal(set) var page: PageChrome
    public let name: String
    public let title: String
    public let status: String
    public let facts: [Fact]
    public let doseChanges: [DoseChange]
    public let description: RichText?
    public let instructions: RichText?
    public let overall: String?
    public let onTimeWindow: String
    public let weeks: [WeekRow]
    public let asNeeded: Bool
    public let dayUses: [DayUse]
    public let calendar: String?
    public let doses: [DoseRow]
}

/// The medications index: current and past orders with their adherence.
public struct MedicationIndexPage: Sendable, Encodable {
    public struct Row: Sendable, Encodable {
        public let name: String
        public let title: String
        public let link: String
        public let dose: String
        public let schedule: String
        public let status: String
        public let adherence: String
        public let since: String
    }

    /// One medicine compared across its sources: the verdict with its symbol, the evidence, the sources named.
    public struct Compared: Sendable, Encodable {
        public let name: String
        public let link: String?
        public let symbol: String
        public let verdict: String
        public let evidence: String
        public let sources: String
    }

    public internal(set) var page: PageChrome
    public let current: [Row]
    public let past: [Row]
    public let onTimeWindow: String
    /// True when a past row is planned, not taken or of unknown status: the list is then "not
    /// current" rather than "past" (none of them was taken and stopped).
    public var notInUse = false
    /// With more than one source: what was compared, and one row per medicine current in any source.
    public var comparison: String? = nil
    public var compared: [Compared] = []
}
