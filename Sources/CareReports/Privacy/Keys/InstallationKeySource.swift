import Foundation

/// Where the installation's key comes from, first that applies:
/// 1. `--id-key-file PATH` (given to ``resolve(fileOption:environment:)``);
/// 2. `CAREREPORT_ID_KEY_FILE`, a path;
/// 3. `CAREREPORT_ID_KEY`, the secret itself;
/// 4. the key file in the user's state folder (`$XDG_STATE_HOME/carereport/id-key`, else
///    `~/.local/state/carereport/id-key`), made at random on first use.
public enum InstallationKeySource: Equatable {
    case file(path: String)
    case secret(String)
    case stateFolder(path: String)

    public static let keyVariable = "CAREREPORT_ID_KEY"
    public static let keyFileVariable = "CAREREPORT_ID_KEY_FILE"
    static let fileName = "id-key"

    /// The source that applies.
    public static func find(fileOption: String?, environment: [String: String]) throws -> InstallationKeySource {
        if let path = fileOption ?? environment[keyFileVariable].flatMap({ $0.isEmpty ? nil : $0 }) { return .file(path: path) }
        if let secret = environment[keyVariable], !secret.isEmpty { return .secret(secret) }
        return .stateFolder(path: try stateFolder(environment))
    }

    /// The key from the source that applies (made, for the state folder, on first use).
    public static func resolve(fileOption: String?, environment: [String: String]) throws -> InstallationKey {
        try find(fileOption: fileOption, environment: environment).key()
    }

    /// The key this source gives (made, for the state folder, on first use).
    public func key() throws -> InstallationKey {
        switch self {
        case .file(let path):
            return try InstallationKeyFile.read(path)
        case .secret(let secret):
            guard secret.utf8.count >= InstallationKey.minimumBytes else { throw InstallationKeyError.tooShort(source: Self.keyVariable) }
            return InstallationKey(bytes: Array(secret.utf8))
        case .stateFolder(let folder):
            return try InstallationKeyFile.readOrCreate(in: folder)
        }
    }

    /// The path of the key file this source reads, if it is one.
    public var keyFile: String? {
        switch self {
        case .file(let path): path
        case .secret: nil
        case .stateFolder(let folder): folder + "/" + Self.fileName
        }
    }

    /// carereport's folder in the user's state folder (XDG Base Directory).
    static func stateFolder(_ environment: [String: String]) throws -> String {
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") { return state + "/carereport" }
        guard let home = environment["HOME"], home.hasPrefix("/") else { throw InstallationKeyError.noStateFolder }
        return home + "/.local/state/carereport"
    }
}
