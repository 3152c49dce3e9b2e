/// The weekly care summary of one ISO week: exceptions first, then everything that happened.
public struct WeeklySummary: Sendable, Encodable {
    public struct Attention: Sendable, Encodable {
        public let symbol: String
        public let kind: String
        public let text: String
        public let link: String?
        /// Where it comes in the triage order (docs/thresholds.md); not shown, only sorted on.
        public var tier: Triage = .abnormal

        enum CodingKeys: String, CodingKey { case symbol, kind, text, link }
    }

    public struct TaskRow: Sendable, Encodable {
        public let title: String
        public let category: String
        public let priority: String
        /// `high priority`, in the reader's language (`priority` is the value, for the badge's class).
        public let priorityLabel: String
        public let due: String
        public let who: String
        public let state: String
        public let stateClass: String
        public let description: RichText?
        public let notes: [NoteRow]
        public let completionNote: RichText?
        public var attachments: [AttachmentView] = []
    }

    public struct NoteRow: Sendable, Encodable {
        public let author: String
        public let when: String
        public let text: RichText?
    }

    public struct Share: Sendable, Encodable {
        public let name: String
        public let done: Int
    }

    public struct MedicationRow: Sendable, Encodable {
        public let name: String
        public let link: String?
        public let adherence: String
        /// `7 of 7 (6 on time)`, for the digest's plain-text table.
        public let adherenceShort: String
        public let late: Int
        public let missed: Int
        public let skipped: Int
        public let asNeededUses: Int
        public let change: String?
        /// Doses due in the week after the export was taken: unknown, so counted nowhere else.
        public var afterExport: Int = 0
    }

    public struct Reading: Sendable, Encodable {
        public let when: String
        public let value: String
        public let flag: String?
        /// `high` or `low` in the reader's language (`flag` names the CSS class).
        public var flagLabel: String? = nil
        /// Why a reading within the usual range is flagged: how far it is from the person's usual.
        public let flagReason: String?
        public let title: String
        public let context: String?
        /// A row that is a medication change acting on this measure, not a reading: "Lisinopril increased 10 → 20 mg".
        public var change: String? = nil
    }

    public struct MeasurementGroup: Sendable, Encodable {
        public let kind: String
        public let unit: String
        public let latest: String
        public let minimum: String
        public let maximum: String
        public let outOfRange: Int
        public let chart: String?
        public let readings: [Reading]
        /// "First week on the new dose: …" when a medicine acting on this measure started or changed dose this week.
        public var doseNote: String? = nil
        /// The care-plan goals on this measure, judged as of the week's last day (docs/goals.md).
        public var goals: [GoalView] = []
    }

    public struct EventRow: Sendable, Encodable {
        public let title: String
        public let when: String
        public let detail: String?
        public let badge: String?
        public let link: String?
        public let text: RichText?
        /// The record's attachments: names, and links where the address is safe.
        public var attachments: [AttachmentView] = []
    }

    public struct UpdateRow: Sendable, Encodable {
        public let author: String
        public let when: String
        public let content: RichText?
        public let comments: [NoteRow]
        public var attachments: [AttachmentView] = []
    }

    public internal(set) var page: PageChrome
    public let week: String
    public let range: String
    public let previousLink: String?
    public let nextLink: String?
    public let quiet: Bool
    public let attention: [Attention]
    public let tasksDone: [TaskRow]
    public let tasksOpen: [TaskRow]
    public let tasksOverdue: [TaskRow]
    public let tasksNextWeek: [TaskRow]
    public let shares: [Share]
    public let medications: [MedicationRow]
    public let measurements: [MeasurementGroup]
    public let symptoms: [EventRow]
    public let labs: [EventRow]
    public let appointmentsHeld: [EventRow]
    public let appointmentsComing: [EventRow]
    public let notes: [EventRow]
    public let updates: [UpdateRow]
    /// When the week ends after the data does: the moment the data ends ("Fri 18 Apr 2025, 18:00"),
    /// so that the week's counts read as counts so far, not as a whole week's.
    public var dataEnds: String? = nil
    /// The pager's words: "Previous week" for the week before, else the week it leads to
    /// ("Week 42, 2024"), since a week without records has no page and the link skips it.
    public var previousLabel = "Previous week"
    public var nextLabel = "Next week"
}
