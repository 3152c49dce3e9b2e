import Foundation

/// Why an export could not be read at all. Problems inside readable files are `Diagnostic`s instead.
public enum IngestError: Error, LocalizedError, Sendable, Equatable {
    /// The input path does not exist.
    case missing(path: String)
    /// The input (or a file in it) exists but cannot be read.
    case unreadable(path: String, reason: String)
    /// A directory with none of the export's files in it.
    case noExportFiles(path: String)
    /// With deferred checks (`DeferredChecks`), a record of the file has something to say that only
    /// reading the export again with every check reports as it should.
    case needsFullChecks(path: String)

    public var errorDescription: String? {
        switch self {
        case .missing(let path): "\(path): error: no such file or directory"
        case .unreadable(let path, let reason): "\(path): error: cannot read: \(reason)"
        case .needsFullChecks(let path): "\(path): error: a record needs the export's full checks"
        case .noExportFiles(let path):
            "\(path): error: no export files here; expected export.json or one of users.json, circles.json, tasks.json, health.json, updates.json"
        }
    }
}
