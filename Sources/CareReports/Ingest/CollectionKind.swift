/// The collections of a care export and the directory file names that hold them.
public enum CollectionKind: String, Sendable, CaseIterable {
    case users, circles, tasks, healthRecords, updates

    /// File names in a directory export that hold this collection.
    var fileNames: [String] {
        switch self {
        case .users: ["users.json"]
        case .circles: ["circles.json"]
        case .tasks: ["tasks.json"]
        case .healthRecords: ["health.json", "healthRecords.json"]
        case .updates: ["updates.json"]
        }
    }

    static func forFileName(_ name: String) -> CollectionKind? {
        allCases.first { $0.fileNames.contains(name) }
    }
}
