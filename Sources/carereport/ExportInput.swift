import ArgumentParser
import CareReports
import Foundation

/// What a command does with the input's warnings: `validate` lists them; `build`, `visit` and
/// `digest` print them on standard error (a clinical document's skipped sections and entries must
/// not pass in silence), and under `--strict` stop on them as on errors, writing nothing.
enum WarningPolicy {
    case quiet
    case show(strict: Bool)
}

/// Loads INPUT for a command, turning failures into messages and sysexits statuses.
enum ExportInput {
    /// Loads `path`; on any error prints every error (and warnings) and exits 65, or 66 when unreadable.
    /// With `circle`, only that circle's tasks, records and updates are kept (every record is still checked).
    static func load(
        _ path: String, timeZone: String? = nil, importPrivacy: PrivacyLevel = .caregivers, patient: String? = nil, circle: String? = nil,
        showWarnings: Bool = true, warnings: WarningPolicy? = nil
    ) throws -> CareExport {
        var loader = ExportLoader(timeZoneOverride: try zone(timeZone), importPrivacy: importPrivacy)
        loader.patient = patient
        loader.circles = circle.map { [$0] }
        let result = try read(path, loader: loader)
        try report(result, warnings ?? (showWarnings ? .show(strict: false) : .quiet))
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

    /// Prints the errors (and warnings, when asked, as errors under `--strict`, and always those
    /// naming a missing file of a directory export), and exits 65 when there is any error.
    private static func report(_ result: IngestResult, _ policy: WarningPolicy) throws {
        var strict = false
        var show = false
        if case .show(let isStrict) = policy { (show, strict) = (true, isStrict) }
        let diagnostics = strict ? result.diagnostics.map(\.asError) : result.diagnostics
        for diagnostic in diagnostics where diagnostic.severity == .error || show || diagnostic.namesMissingFile {
            Console.error(diagnostic.description)
        }
        let errors = diagnostics.filter { $0.severity == .error }.count
        if errors > 0 {
            let warned = strict && !result.warnings.isEmpty ? " (warnings count as errors under --strict)" : ""
            Console.error("error: the export has \(errors) error\(errors == 1 ? "" : "s")\(warned); nothing was written")
            throw ExitCode(65)
        }
    }

    /// The export loaded whole (or only the circle `--circle` names).
    static func source(
        _ path: String, timeZone: String? = nil, importPrivacy: PrivacyLevel = .caregivers, patient: String? = nil, circle: String?,
        warnings: WarningPolicy = .quiet
    ) throws -> ExportSource {
        .whole(try load(path, timeZone: timeZone, importPrivacy: importPrivacy, patient: patient, circle: circle, warnings: warnings))
    }

    /// The export read once and then circle by circle, keeping the records of the circles `choose`
    /// picks from the users and circles (a reader's circles, or a shard's readers' circles). With
    /// `deferChecks`, the records are checked as their circles are read (see `ExportSource`).
    static func source(
        _ path: String, timeZone: String? = nil, importPrivacy: PrivacyLevel = .caregivers, patient: String? = nil,
        warnings: WarningPolicy = .quiet, deferChecks: Bool = false, choosing choose: (CareExport) -> (String) -> Bool
    ) throws -> ExportSource {
        try checkNotPartOfFolder(path)
        var loader = ExportLoader(timeZoneOverride: try zone(timeZone), importPrivacy: importPrivacy)
        loader.patient = patient
        loader.circles = nil
        let reader: CircleReader
        do {
            reader = try loader.circleReader(path, choosing: choose, deferChecks: deferChecks)
        } catch {
            Console.error(error.errorDescription ?? "error: cannot read \(path)")
            throw ExitCode(66)
        }
        try report(reader.result, warnings)
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
/// then circle by circle (a reader's circles, or every reader's of an `--all-members` run).
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

    /// The model holding circle `id`'s records (the whole export when it was loaded whole). With
    /// deferred checks, a circle with a record to report throws `DeferredChecksFailed` and says nothing.
    func export(ofCircle id: String) throws -> CareExport {
        switch self {
        case .whole(let export): return export
        case .byCircle(let reader):
            do {
                return try reader.export(ofCircle: id)
            } catch .needsFullChecks {
                throw DeferredChecksFailed()
            } catch {
                Console.error(error.errorDescription ?? "error: cannot read the export again")
                throw ExitCode(66)
            }
        }
    }

    /// Whether the records are checked as their circles are read (`DeferredChecks`).
    var checksDeferred: Bool {
        if case .byCircle(let reader) = self { return reader.checksDeferred }
        return false
    }

    /// With deferred checks, checks the records of the circles no reader read (see
    /// `CircleReader.checkUnread()`); throws `DeferredChecksFailed` when one has something to report.
    func checkUnread() throws {
        guard case .byCircle(let reader) = self else { return }
        do {
            try reader.checkUnread()
        } catch .needsFullChecks {
            throw DeferredChecksFailed()
        } catch {
            Console.error(error.errorDescription ?? "error: cannot read the export again")
            throw ExitCode(66)
        }
    }
}

/// A record of an export read with deferred checks has something to report: the run is done again
/// from an export read with every check first, which says it (`DeferredRun`).
struct DeferredChecksFailed: Error {}
