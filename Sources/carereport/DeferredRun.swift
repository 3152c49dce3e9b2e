import CareReports
import Foundation

/// An `--all-members` run that reads the export once: its records are checked as their circles are
/// read for output (`DeferredChecks`), not in a reading of their own first. Nothing it writes is
/// put in place before every record has passed (the digests are staged, and committed only after
/// the circles no reader needed are checked too), and what it says is held back until it has
/// succeeded. When it fails in any way (a record with something to report, or any other error),
/// what it said is dropped, the folders it made are removed, and the run is done again from an
/// export read with every check first, exactly as before: the export's diagnostics, the exit status
/// and every word said are then those of that run.
enum DeferredRun {
    /// Off with `CAREREPORT_DEFER_CHECKS=0` (to compare both ways in tests).
    static let enabled = ProcessInfo.processInfo.environment["CAREREPORT_DEFER_CHECKS"] != "0"

    /// Runs `deferred` (reading with deferred checks), else, when it fails, `checked`.
    static func run(out: String, deferred: () throws -> Void, checked: () throws -> Void) throws {
        let made = missingFolders(out)
        let (result, said) = Console.holding(deferred)
        switch result {
        case .success:
            Console.say(said)
        case .failure:
            // (An interrupted run does not get here: the signal ends it once its staging folder is removed.)
            for folder in made { rmdir(folder) }  // only those left empty
            try checked()
        }
    }

    /// `path` and the folders above it that do not exist yet, deepest first.
    static func missingFolders(_ path: String) -> [String] {
        var missing: [String] = []
        var url = URL(fileURLWithPath: path).standardizedFileURL
        while !FileManager.default.fileExists(atPath: url.path), url.path != "/" {
            missing.append(url.path)
            url.deleteLastPathComponent()
        }
        return missing
    }
}
