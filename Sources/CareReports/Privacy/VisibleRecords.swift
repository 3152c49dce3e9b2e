import Foundation

/// The records one viewer may see, and nothing else: the only input reports are given. It can be
/// made only by `PrivacyPolicy.visibleRecords(for:in:)` below (its initialiser is private to this file).
public struct VisibleRecords: Sendable {
    public let viewer: Viewer
    public let circle: CareCircle
    public let timeZone: TimeZone
    /// When the export was taken (`exportedAt`), if it says: nothing after it can have been recorded.
    public let exportedAt: Date?
    /// Whether `exportedAt` is the export's own time or the date of imported documents.
    public let dataDate: DataDate
    /// The clinical documents of the circle of which the viewer sees at least one record.
    public let sourceDocuments: [SourceDocument]
    /// The folder attachments' relative paths are read from (`CareExport.attachmentFolder`).
    public let attachmentFolder: String?
    /// Users who are members of the viewer's circle (names only; the member list is circle-level information).
    public let members: [String: User]
    public let healthRecords: [HealthRecord]
    public let tasks: [CareTask]
    public let updates: [CircleUpdate]
    /// The circle's facts worked out once for every reader (``CircleFacts``), when they were made
    /// from the same export's records; nil otherwise (each report then works from these records alone).
    public var facts: CircleFacts? { positions?.facts }
    /// Where these records stand in their circle's facts (which they hold), when those are attached.
    public internal(set) var positions: VisiblePositions? = nil

    fileprivate init(
        viewer: Viewer, circle: CareCircle, timeZone: TimeZone, exportedAt: Date?, dataDate: DataDate, sourceDocuments: [SourceDocument], attachmentFolder: String?, members: [String: User], healthRecords: [HealthRecord],
        tasks: [CareTask], updates: [CircleUpdate]
    ) {
        self.viewer = viewer
        self.circle = circle
        self.timeZone = timeZone
        self.exportedAt = exportedAt
        self.dataDate = dataDate
        self.sourceDocuments = sourceDocuments
        self.attachmentFolder = attachmentFolder
        self.members = members
        self.healthRecords = healthRecords
        self.tasks = tasks
        self.updates = updates
    }
}

extension PrivacyPolicy {
    /// Filters `export` down to what `viewer` may see, with `facts` attached when they are `export`'s.
    public static func visibleRecords(for viewer: Viewer, in export: CareExport, facts: CircleFacts?) -> VisibleRecords? {
        guard var records = visibleRecords(for: viewer, in: export) else { return nil }
        if let facts, facts.isOf(export, circle: viewer.circleId) { records.positions = VisiblePositions(records, in: facts) }
        return records
    }

    /// Filters `export` down to what `viewer` may see.
    public static func visibleRecords(for viewer: Viewer, in export: CareExport) -> VisibleRecords? {
        guard let circle = export.circle(viewer.circleId) else { return nil }
        let memberIds = Set(circle.members.map(\.userId))
        var members: [String: User] = [:]
        // Found by id, not by a pass over every user of the export (an agency's has tens of thousands).
        for id in memberIds { if let user = export.user(id) { members[id] = user } }
        let healthRecords = export.healthRecords.filter { decide($0, for: viewer).visible }
        // A document is named only to a viewer who sees something it holds.
        let documents = export.sourceDocuments.filter { document in
            document.circleId == circle.id && healthRecords.contains { $0.careCircleId == circle.id && $0.id.hasPrefix(document.recordPrefix) }
        }
        return VisibleRecords(
            viewer: viewer, circle: circle, timeZone: export.timeZone, exportedAt: export.exportedAt, dataDate: export.dataDate,
            sourceDocuments: documents, attachmentFolder: export.attachmentFolder, members: members,
            healthRecords: healthRecords,
            tasks: export.tasks.filter { decide($0, for: viewer).visible },
            updates: export.updates.filter { decide($0, for: viewer).visible })
    }
}
