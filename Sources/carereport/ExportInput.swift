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
        var zone: TimeZone?
        if let timeZone {
            guard let named = TimeZone(identifier: timeZone) else {
                Console.error("error: unknown time zone for --timezone; expected an IANA name such as Europe/London")
                throw ExitCode(64)
            }
            zone = named
        }
        var loader = ExportLoader(timeZoneOverride: zone, importPrivacy: importPrivacy)
        loader.circles = circle.map { [$0] }
        let result = try read(path, loader: loader)
        for diagnostic in result.diagnostics where diagnostic.severity == .error || showWarnings {
            Console.error(diagnostic.description)
        }
        if result.hasErrors {
            Console.error("error: the export has \(result.errors.count) error\(result.errors.count == 1 ? "" : "s"); nothing was written")
            throw ExitCode(65)
        }
        return result.export
    }

    /// Reads `path`, or exits 66 when it is missing or unreadable.
    static func read(_ path: String, loader: ExportLoader = ExportLoader()) throws -> IngestResult {
        do {
            return try loader.load(path)
        } catch {
            Console.error(error.errorDescription ?? "error: cannot read \(path)")
            throw ExitCode(66)
        }
    }
}
