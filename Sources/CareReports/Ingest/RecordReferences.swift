/// What the reference checks read of a record that belongs to a circle: its id, its circle and the
/// users it names. When only some circles are kept (`CircleFilter`), the decoder keeps these for
/// every task, health record and update, and the record itself only when its circle is kept, so
/// checking an export whose other circles are not kept holds a few dozen bytes per record of
/// theirs, none of their content. When every record is kept, the checks read the records.
protocol ScopedReferences {
    var id: String { get }
    var careCircleId: String { get }
    /// Whether the decoder kept the record itself.
    var isKept: Bool { get }
}

protocol TaskReferencing: ScopedReferences {
    var creatorId: String { get }
    var assigneeId: String? { get }
}

protocol HealthRecordReferencing: ScopedReferences {
    var careRecipientId: String { get }
    var visibleTo: [String] { get }
}

protocol UpdateReferencing: ScopedReferences {
    var authorId: String { get }
}

/// A record that belongs to a circle, and what of it the reference checks read when it is not kept.
protocol CircleScoped: ScopedReferences {
    associatedtype References: ScopedReferences
    func references(kept: Bool) -> References
}

struct TaskReferences: TaskReferencing {
    let id: String
    let careCircleId: String
    let creatorId: String
    let assigneeId: String?
    let isKept: Bool
}

struct HealthRecordReferences: HealthRecordReferencing {
    let id: String
    let careCircleId: String
    let careRecipientId: String
    let visibleTo: [String]
    let isKept: Bool
}

struct UpdateReferences: UpdateReferencing {
    let id: String
    let careCircleId: String
    let authorId: String
    let isKept: Bool
}

extension CareTask: CircleScoped, TaskReferencing {
    var creatorId: String { createdBy.userId }
    var assigneeId: String? { assignedTo?.userId }
    var isKept: Bool { true }

    func references(kept: Bool) -> TaskReferences {
        TaskReferences(id: id, careCircleId: careCircleId, creatorId: creatorId, assigneeId: assigneeId, isKept: kept)
    }
}

extension HealthRecord: CircleScoped, HealthRecordReferencing {
    var isKept: Bool { true }

    func references(kept: Bool) -> HealthRecordReferences {
        HealthRecordReferences(id: id, careCircleId: careCircleId, careRecipientId: careRecipientId, visibleTo: visibleTo, isKept: kept)
    }
}

extension CircleUpdate: CircleScoped, UpdateReferencing {
    var isKept: Bool { true }

    func references(kept: Bool) -> UpdateReferences {
        UpdateReferences(id: id, careCircleId: careCircleId, authorId: authorId, isKept: kept)
    }
}
