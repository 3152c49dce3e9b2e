import Crypto
import Foundation

/// The installation's secret key for every name carereport derives from an id of the export
/// (calendar UIDs, feed ids, attachment file names, the visit summary's resource ids; privacy policy
/// rule 6): a reader who guesses an id ("task-pick-up-lisinopril") cannot confirm it from a name
/// without this key, and two installations give different names.
///
/// It is never a constant: the operator gives it (`--id-key-file PATH`, `CAREREPORT_ID_KEY_FILE`,
/// `CAREREPORT_ID_KEY`), or it is made at random on first use and kept in the user's state folder
/// (``InstallationKeyFile``), so every run of one installation uses the same key.
public struct InstallationKey: Sendable {
    /// The fewest bytes a key may have.
    public static let minimumBytes = 16

    /// The key's bytes (swift-crypto's `SymmetricKey` is not `Sendable`; one is made per use).
    private let bytes: [UInt8]

    /// A key of `bytes` (at least ``minimumBytes``; checked by whoever reads one).
    public init(bytes: [UInt8]) { self.bytes = bytes }

    /// HMAC-SHA-256 of `message` under this key.
    func authenticationCode(_ message: [UInt8]) -> [UInt8] {
        Array(HMAC<SHA256>.authenticationCode(for: message, using: SymmetricKey(data: bytes)))
    }

    private static let installed = Locked<InstallationKey?>(nil)

    /// Makes `key` the one every derived name of this process uses (the command line does this
    /// before anything is read, so a key that cannot be had stops the run with its error).
    public static func install(_ key: InstallationKey) {
        installed.withLock { $0 = key }
    }

    /// The installed key; when none was, the one the environment gives (``InstallationKeySource``),
    /// found once.
    public static var current: InstallationKey {
        installed.withLock { installed in
            if let installed { return installed }
            do {
                let key = try InstallationKeySource.resolve(fileOption: nil, environment: ProcessInfo.processInfo.environment)
                installed = key
                return key
            } catch {
                fatalError("carereport: \(error)")
            }
        }
    }
}
