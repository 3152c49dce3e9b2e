import Foundation

/// Where the shared links' keys are kept, first that applies: `--share-keys FILE`,
/// `CAREREPORT_SHARE_KEYS`, else `share-links` in carereport's state folder (beside the
/// installation's id key: `$XDG_STATE_HOME/carereport/`, else `~/.local/state/carereport/`).
public enum ShareKeysLocation {
    public static let variable = "CAREREPORT_SHARE_KEYS"
    static let fileName = "share-links"

    public static func path(option: String?, environment: [String: String]) throws -> String {
        if let option, !option.isEmpty { return option }
        if let path = environment[variable], !path.isEmpty { return path }
        guard let folder = try? InstallationKeySource.stateFolder(environment) else { throw ShareLinkError.noStateFolder }
        return folder + "/" + fileName
    }
}
