import ArgumentParser
import CareReports
import Foundation

/// `--id-key-file PATH`: the installation's secret key of every derived name (calendar UIDs, feed
/// ids, attachment file names, resource ids; docs/privacy.md). Without it, `CAREREPORT_ID_KEY_FILE`,
/// then `CAREREPORT_ID_KEY`, then the key file in the user's state folder, made on first use.
struct IdKeyOption: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "The file holding the installation's secret key of calendar UIDs and file names (mode 0600; default: made once in ~/.local/state/carereport).",
            valueName: "path"),
        completion: .file())
    var idKeyFile: String?

    /// Finds the key, or makes it on first use (and says where, on standard error), before anything
    /// is read, and makes it the one this run uses; a key that cannot be had, or that lies inside
    /// `output`, stops the run (66, or 73 when it cannot be made or kept there), nothing written.
    func install(output: String?) throws {
        let environment = ProcessInfo.processInfo.environment
        do {
            let source = try InstallationKeySource.find(fileOption: idKeyFile, environment: environment)
            if let output, let path = source.keyFile, Self.isInside(path, output) {
                throw InstallationKeyError.insideOutput(path: path, output: output)
            }
            let isNew = source.keyFile.map { access($0, F_OK) != 0 } ?? false
            InstallationKey.install(try source.key())
            if isNew, case .stateFolder = source, let path = source.keyFile {
                Console.error("made this installation's id key, \(path) (mode 0600): keep it with your backups; calendar UIDs and file names depend on it")
            }
        } catch let error as InstallationKeyError {
            Console.error(error.description)
            Console.error("error: nothing was written")
            switch error {
            case .cannotCreate, .noStateFolder, .insideOutput: throw ExitCode(73)
            default: throw ExitCode(66)
            }
        }
    }

    /// True when `path` is `folder` or inside it (both with links resolved, as far as they exist).
    static func isInside(_ path: String, _ folder: String) -> Bool {
        let file = URL(fileURLWithPath: path).resolvingSymlinksInPath().standardizedFileURL.path
        let root = URL(fileURLWithPath: folder).resolvingSymlinksInPath().standardizedFileURL.path
        return file == root || file.hasPrefix(root.hasSuffix("/") ? root : root + "/")
    }
}
