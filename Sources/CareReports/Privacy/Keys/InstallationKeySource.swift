import Foundation

/// Where the installation's key comes from, first that applies:
/// 1. `--id-key-file PATH` (given to ``resolve(fileOption:environment:)``);
/// 2. `CAREREPORT_ID_KEY_FILE`, a path;
/// 3. `CAREREPORT_ID_KEY`, the secret itself;
/// 4. the key file in the user's state folder (`$XDG_STATE_HOME/carereport/id-key`, else
///    `~/.local/state/carereport/id-key`), made at random on first use.
public enum InstallationKeySource {
    public static let keyVariable = "CAREREPORT_ID_KEY"
    public static let keyFileVariable = "CAREREPORT_ID_KEY_FILE"
    static let fileName = "id-key"

    public static func resolve(fileOption: String?, environment: [String: String]) throws -> InstallationKey {
        if let path = fileOption ?? environment[keyFileVariable].flatMap({ $0.isEmpty ? nil : $0 }) {
            return try InstallationKeyFile.read(path)
        }
        if let secret = environment[keyVariable], !secret.isEmpty {
            guard secret.utf8.count >= InstallationKey.minimumBytes else { throw InstallationKeyError.tooShort(source: keyVariable) }
            return InstallationKey(bytes: Array(secret.utf8))
        }
        return try InstallationKeyFile.readOrCreate(in: try stateFolder(environment))
    }

    /// The path of the key file `resolve` reads (nil for `CAREREPORT_ID_KEY`).
    public static func path(fileOption: String?, environment: [String: String]) throws -> String? {
        if let path = fileOption ?? environment[keyFileVariable].flatMap({ $0.isEmpty ? nil : $0 }) { return path }
        if let secret = environment[keyVariable], !secret.isEmpty { return nil }
        return try stateFolder(environment) + "/" + fileName
    }

    /// carereport's folder in the user's state folder (XDG Base Directory).
    static func stateFolder(_ environment: [String: String]) throws -> String {
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") { return state + "/carereport" }
        guard let home = environment["HOME"], home.hasPrefix("/") else { throw InstallationKeyError.noStateFolder }
        return home + "/.local/state/carereport"
    }
}
