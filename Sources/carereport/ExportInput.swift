import ArgumentParser
import CareReports
import Foundation

/// Loads INPUT for a command, turning failures into messages and sysexits statuses.
enum ExportInput {
    /// Loads `path`; on any error prints every error (and warnings) and exits 65, or 66 when unreadable.
    /// With `circle`, only that circle's tasks, records and updates are kept (every record is still checked).
    static func load(
        _ path: String, timeZone: String? = nil, importPrivacy: PrivacyLevel = .caregivers, circle: String? = nil,
        showWarnings: Bool = true
    ) throws -> CareExport {
        var loader = ExportLoader(timeZoneOverride: try zone(timeZone), importPrivacy: importPrivacy)
        loader.circles = circle.map { [$0] }
        let result = try read(path, loader: loader)
        try report(result, showWarnings: showWarnings)
        return result.export
    }

    /// `--timezone`, or exits 64 for a name that is not an IANA zone.
    private static func zone(_ name: String?) throws -> TimeZone? {
        guard let name else { return nil }
        guard let zone = TimeZone(identifier: name) else {
            Console.error("error: unknown time zone for --timezone; expected an IANA name such as Europe/London")
            throw ExitCode(64)
        }
        return zone
    }

    /// Prints the errors (and warnings, when asked), and exits 65 when there is any error.
    private static func report(_ result: IngestResult, showWarnings: Bool) throws {
        for diagnostic in result.diagnostics where diagnostic.severity == .error || showWarnings {
            Console.error(diagnostic.description)
        }
        if result.hasErrors {
            Console.error("error: the export has \(result.errors.count) error\(result.errors.count == 1 ? "" : "s"); nothing was written")
            throw ExitCode(65)
        }
    }

    /// The export for every member of every circle (`--all-members` without `--circle`): read and
    /// checked once, then circle by circle (see `CircleReader`; with `shard`, only that shard's circles
    /// are indexed for reading again); with `circle`, that circle loaded alone.
    static func source(
        _ path: String, timeZone: String? = nil, importPrivacy: PrivacyLevel = .caregivers, circle: String?, byCircle: Bool,
        shard: Shard = .all
    ) throws -> ExportSource {
        guard byCircle, circle == nil else {
            return .whole(try load(path, timeZone: timeZone, importPrivacy: importPrivacy, circle: circle, showWarnings: false))
        }
        try checkNotPartOfFolder(path)
        var loader = ExportLoader(timeZoneOverride: try zone(timeZone), importPrivacy: importPrivacy)
        loader.circles = nil
        let reader: CircleReader
        do {
            reader = try loader.circleReader(path, keeping: { shard.contains(circle: $0) })
        } catch {
            Console.error(error.errorDescription ?? "error: cannot read \(path)")
            throw ExitCode(66)
        }
        try report(reader.result, showWarnings: false)
        return .byCircle(reader)
    }

    /// Stops with 64 when INPUT is one file of a folder-form export (read alone it holds no circle).
    static func checkNotPartOfFolder(_ path: String) throws {
        if let problem = PathProblems.partOfFolderExport(path) {
            Console.error(problem)
            throw ExitCode(64)
        }
    }

    /// Reads `path`, or exits 66 when it is missing or unreadable.
    static func read(_ path: String, loader: ExportLoader = ExportLoader()) throws -> IngestResult {
        try checkNotPartOfFolder(path)
        do {
            return try loader.load(path)
        } catch {
            Console.error(error.errorDescription ?? "error: cannot read \(path)")
            throw ExitCode(66)
        }
    }
}

/// The export a command writes from: loaded whole (or the one circle asked for), or read once and
/// then circle by circle, for every member of every circle.
enum ExportSource {
    case whole(CareExport)
    case byCircle(CircleReader)

    /// Users, circles and time zone (all that choosing viewers needs).
    var base: CareExport {
        switch self {
        case .whole(let export): export
        case .byCircle(let reader): reader.result.export
        }
    }

    /// Runs `body` for each viewer, with a model that holds the viewer's circle (one circle's
    /// records at a time when read by circle; `viewers` come grouped by circle).
    func forEach(_ viewers: [Viewer], _ body: (Viewer, CareExport) throws -> Void) throws {
        var loaded: (circle: String, export: CareExport)?
        for viewer in viewers {
            if loaded?.circle != viewer.circleId {
                loaded = nil
                loaded = (viewer.circleId, try export(ofCircle: viewer.circleId))
            }
            try body(viewer, loaded!.export)
        }
    }

    private func export(ofCircle id: String) throws -> CareExport {
        switch self {
        case .whole(let export): return export
        case .byCircle(let reader):
            do {
                return try reader.export(ofCircle: id)
            } catch {
                Console.error(error.errorDescription ?? "error: cannot read the export again")
                throw ExitCode(66)
            }
        }
    }
}
