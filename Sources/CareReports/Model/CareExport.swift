import Foundation

/// Everything read from one export: the collections and the circle's time zone.
public struct CareExport: Sendable {
    public var timeZone: TimeZone
    public var exportedAt: Date?
    public var users: [User] { didSet { lookup = ExportLookup() } }
    public var circles: [CareCircle] { didSet { lookup = ExportLookup() } }
    public var tasks: [CareTask]
    public var healthRecords: [HealthRecord]
    public var updates: [CircleUpdate]
    /// The users and circles by id, made on first use and shared by the copies of this export that
    /// keep its users and circles (the model of each circle read by `CircleReader`), so finding a
    /// circle and its members costs the same with 10 circles as with 100,000.
    private var lookup = ExportLookup()

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

    /// The circle with `id`, if any (the first, were two to have it).
    public func circle(_ id: String) -> CareCircle? {
        lookup.circle(id, in: circles)
    }

    /// The user with `id`, if any (the first, were two to have it).
    public func user(_ id: String) -> User? {
        lookup.user(id, in: users)
    }
}
