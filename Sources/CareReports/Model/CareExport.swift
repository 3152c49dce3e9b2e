import Foundation

/// Everything read from one export: the collections and the circle's time zone.
public struct CareExport: Sendable {
    public var timeZone: TimeZone
    /// When the export was taken (`exportedAt`); for input that is only clinical documents, the
    /// newest document's date (see `dataDate`).
    public var exportedAt: Date?
    /// What `exportedAt` is: the native export's own time, or the date of imported documents.
    public var dataDate = DataDate.export
    /// The clinical documents placed in the export, in the order given (`ImportPlacer`).
    public var sourceDocuments: [SourceDocument] = []
    /// The folder an attachment's relative `url` is read from: the export's folder (or the folder
    /// of a one-file export); nil when there is none.
    public var attachmentFolder: String?
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

/// Where "data as of" comes from: the native export's `exportedAt`, or, for input that is only
/// clinical documents, the newest document's date (a whole day when it gives no time).
public enum DataDate: Sendable, Hashable {
    case export
    /// `day` is set when the document gives a date without a time; `exportedAt` is then that
    /// day's last instant, so everything recorded on it counts.
    case documents(day: LocalDate?)
}

extension DataDate {
    /// "Fri 18 Apr 2025, 22:00" for an export's time; "Sun 22 Sep 2024" for a document dated by day.
    public static func asOf(_ instant: Date, _ source: DataDate, format: DisplayFormat) -> String {
        if case .documents(let day?) = source { return format.day(day) }
        return format.dateTime(.instant(instant))
    }

    /// For the command line's warning: "the export was taken Fri 18 Apr 2025, 22:00", "the newest
    /// document is dated Sun 22 Sep 2024".
    public static func taken(_ instant: Date, _ source: DataDate, format: DisplayFormat) -> String {
        let when = asOf(instant, source, format: format)
        if case .documents = source { return "the newest document is dated \(when)" }
        return "the export was taken \(when)"
    }
}
