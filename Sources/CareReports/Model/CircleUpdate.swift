/// A post to the circle (seeds/001 `Update`).
public struct CircleUpdate: Sendable, Hashable {
    public let id: String
    public let type: String
    public let content: String
    public let authorId: String
    public let authorRole: Role
    public let careCircleId: String
    public let timestamp: CareDate
    public let visibility: UpdateVisibility
    public let comments: [UpdateComment]
    public let attachments: [Attachment]

    public init(
        id: String, type: String = "general", content: String, authorId: String, authorRole: Role, careCircleId: String,
        timestamp: CareDate, visibility: UpdateVisibility, comments: [UpdateComment] = [], attachments: [Attachment] = []
    ) {
        self.id = id
        self.type = type
        self.content = content
        self.authorId = authorId
        self.authorRole = authorRole
        self.careCircleId = careCircleId
        self.timestamp = timestamp
        self.visibility = visibility
        self.comments = comments
        self.attachments = attachments
    }
}

/// Who an update is shared with.
public struct UpdateVisibility: Sendable, Hashable {
    public let level: PrivacyLevel
    public let userIds: [String]

    public init(level: PrivacyLevel, userIds: [String] = []) {
        self.level = level
        self.userIds = userIds
    }
}

/// A comment on an update; it is seen exactly when its update is.
public struct UpdateComment: Sendable, Hashable {
    public let authorId: String
    public let content: String
    public let timestamp: CareDate

    public init(authorId: String, content: String, timestamp: CareDate) {
        self.authorId = authorId
        self.content = content
        self.timestamp = timestamp
    }
}
