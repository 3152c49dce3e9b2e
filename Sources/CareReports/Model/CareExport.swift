import Foundation

/// Everything read from one export: the collections and the circle's time zone.
public struct CareExport: Sendable {
    public var timeZone: TimeZone
    public var exportedAt: Date?
    public var users: [User]
    public var circles: [CareCircle]
    public var tasks: [CareTask]
    public var healthRecords: [HealthRecord]
    public var updates: [CircleUpdate]

    public init(
        timeZone: TimeZone = TimeZone(identifier: "UTC")!, exportedAt: Date? = nil, users: [User] = [],
        circles: [CareCircle] = [], tasks: [CareTask] = [], healthRecords: [HealthRecord] = [], updates: [CircleUpdate] = []
    ) {
        self.timeZone = timeZone
        self.exportedAt = exportedAt
        self.users = users
        self.circles = circles
        self.tasks = tasks
        self.healthRecords = healthRecords
        self.updates = updates
    }

    /// The circle with `id`, if any.
    public func circle(_ id: String) -> CareCircle? {
        circles.first { $0.id == id }
    }

    /// The user with `id`, if any.
    public func user(_ id: String) -> User? {
        users.first { $0.id == id }
    }
}
