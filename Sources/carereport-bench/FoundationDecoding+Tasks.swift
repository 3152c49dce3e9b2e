import CareReports
import Foundation

/// Tasks and updates, decoded the plain Foundation way for the baseline.

extension CareTask: Decodable {
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Key.self)
        let categoryText = try c.req("category", String.self)
        self.init(
            id: try c.req("id"), title: try c.req("title"), description: try c.opt("description"),
            category: TaskCategory(rawValue: categoryText) ?? .other, priority: try c.req("priority"), dueDate: try c.req("dueDate"),
            recurrence: try c.opt("recurrence"), status: try c.req("status"), createdAt: try c.req("createdAt"),
            createdBy: try c.req("createdBy"), assignedTo: try c.opt("assignedTo"), careCircleId: try c.req("careCircleId"),
            notes: try c.list("notes"), attachments: try c.list("attachments"), completionDetails: try c.opt("completionDetails"),
            tags: try c.list("tags"))
    }
}

extension Recurrence: Decodable {
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Key.self)
        let days = try c.list("daysOfWeek", Int.self)
        guard days.allSatisfy({ (1...7).contains($0) }) else {
            throw DecodingError.dataCorruptedError(forKey: "daysOfWeek", in: c, debugDescription: "expected a weekday number from 1 (Monday) to 7 (Sunday)")
        }
        self.init(frequency: try c.req("frequency"), interval: try c.opt("interval") ?? 1, daysOfWeek: days, until: try c.opt("until"))
    }
}

extension TaskAssignment: Decodable {
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Key.self)
        self.init(userId: try c.req("userId"), role: try c.req("role"), accepted: try c.opt("accepted") ?? false)
    }
}

extension TaskNote: Decodable {
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Key.self)
        self.init(content: try c.req("content"), authorId: try c.req("authorId"), createdAt: try c.req("createdAt"))
    }
}

extension CompletionDetails: Decodable {
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Key.self)
        self.init(completedAt: try c.req("completedAt"), completedBy: try c.req("completedBy"), notes: try c.opt("notes"))
    }
}

extension CircleUpdate: Decodable {
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Key.self)
        self.init(
            id: try c.req("id"), type: try c.opt("type") ?? "general", content: try c.req("content"), authorId: try c.req("authorId"),
            authorRole: try c.req("authorRole"), careCircleId: try c.req("careCircleId"), timestamp: try c.req("timestamp"),
            visibility: try c.req("visibleTo"), comments: try c.list("comments"), attachments: try c.list("attachments"))
    }
}

extension UpdateVisibility: Decodable {
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Key.self)
        self.init(level: try c.req("level"), userIds: try c.list("userIds"))
    }
}

extension UpdateComment: Decodable {
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Key.self)
        self.init(authorId: try c.req("authorId"), content: try c.req("content"), timestamp: try c.req("timestamp"))
    }
}
