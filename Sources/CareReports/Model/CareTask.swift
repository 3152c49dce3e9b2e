/// A task in a care circle (seeds/001 `Task`).
public struct CareTask: Sendable, Hashable {
    public let id: String
    public let title: String
    public let description: String?
    public let category: TaskCategory
    public let priority: TaskPriority
    public let dueDate: CareDate
    public let recurrence: Recurrence?
    public let status: TaskStatus
    public let createdAt: CareDate
    public let createdBy: Actor
    public let assignedTo: TaskAssignment?
    public let careCircleId: String
    public let notes: [TaskNote]
    public let attachments: [Attachment]
    public let completionDetails: CompletionDetails?
    public let tags: [String]

    public init(
        id: String, title: String, description: String? = nil, category: TaskCategory = .other,
        priority: TaskPriority = .medium, dueDate: CareDate, recurrence: Recurrence? = nil, status: TaskStatus = .pending,
        createdAt: CareDate, createdBy: Actor, assignedTo: TaskAssignment? = nil, careCircleId: String,
        notes: [TaskNote] = [], attachments: [Attachment] = [], completionDetails: CompletionDetails? = nil, tags: [String] = []
    ) {
        self.id = id
        self.title = title
        self.description = description
        self.category = category
        self.priority = priority
        self.dueDate = dueDate
        self.recurrence = recurrence
        self.status = status
        self.createdAt = createdAt
        self.createdBy = createdBy
        self.assignedTo = assignedTo
        self.careCircleId = careCircleId
        self.notes = notes
        self.attachments = attachments
        self.completionDetails = completionDetails
        self.tags = tags
    }
}

/// What kind of help a task asks for.
public enum TaskCategory: String, Sendable, Hashable, CaseIterable {
    case medical, medication, appointment, personalCare, household, meals, transportation, errands, social, financial, other
}

/// How urgent a task is.
public enum TaskPriority: String, Sendable, Hashable, CaseIterable {
    case high, medium, low
}

/// Where a task stands; "overdue" is derived, never stored.
public enum TaskStatus: String, Sendable, Hashable, CaseIterable {
    case pending, inProgress, completed, cancelled
}

/// Who did something, in which role.
public struct Actor: Sendable, Hashable {
    public let userId: String
    public let role: Role

    public init(userId: String, role: Role) {
        self.userId = userId
        self.role = role
    }
}

/// The member a task is assigned to.
public struct TaskAssignment: Sendable, Hashable {
    public let userId: String
    public let role: Role
    public let accepted: Bool

    public init(userId: String, role: Role, accepted: Bool = false) {
        self.userId = userId
        self.role = role
        self.accepted = accepted
    }
}

/// A Markdown note on a task.
public struct TaskNote: Sendable, Hashable {
    public let content: String
    public let authorId: String
    public let createdAt: CareDate

    public init(content: String, authorId: String, createdAt: CareDate) {
        self.content = content
        self.authorId = authorId
        self.createdAt = createdAt
    }
}

/// When and by whom a task was done.
public struct CompletionDetails: Sendable, Hashable {
    public let completedAt: CareDate
    public let completedBy: String
    public let notes: String?

    public init(completedAt: CareDate, completedBy: String, notes: String? = nil) {
        self.completedAt = completedAt
        self.completedBy = completedBy
        self.notes = notes
    }
}

/// How a task repeats.
public struct Recurrence: Sendable, Hashable {
    public enum Frequency: String, Sendable, Hashable, CaseIterable { case daily, weekly, monthly }
    public let frequency: Frequency
    public let interval: Int
    public let daysOfWeek: [Int]
    public let until: CareDate?

    public init(frequency: Frequency, interval: Int = 1, daysOfWeek: [Int] = [], until: CareDate? = nil) {
        self.frequency = frequency
        self.interval = interval
        self.daysOfWeek = daysOfWeek
        self.until = until
    }
}

/// A file attached to a record: a name, and where the file is (an address, or for an imported
/// document its bytes). Never fetched from the network; see `AttachmentFiles` for what is copied.
public struct Attachment: Sendable, Hashable {
    public let id: String
    public let fileName: String
    public let mimeType: String
    public let url: String?
    /// The file's bytes, when a clinical document carries them inline (FHIR `Attachment.data`,
    /// C-CDA `nonXMLBody`).
    public let data: [UInt8]?

    public init(id: String, fileName: String, mimeType: String, url: String? = nil, data: [UInt8]? = nil) {
        self.id = id
        self.fileName = fileName
        self.mimeType = mimeType
        self.url = url
        self.data = data
    }
}
