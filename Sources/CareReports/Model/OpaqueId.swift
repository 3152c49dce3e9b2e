import Foundation

/// Stable names for things a reader's output must point at (calendar UIDs, feed ids, attachment
/// file names, the visit summary's resource ids, a digest's Message-ID) that never show the app's own id of a task, health
/// record, update or comment, which may carry words ("task-pick-up-lisinopril"), nor a circle's or
/// a user's id (privacy policy rule 6).
///
/// A name is an HMAC-SHA-256 (swift-crypto) of its parts, keyed by the installation's secret
/// (``InstallationKey``): without the key nobody can confirm a guessed id from a name, two
/// installations give different names, and one installation the same name every run, so calendar
/// events and feed entries stay the same across builds and the output stays reproducible.
public enum OpaqueId {
    /// 20 lower-case hex digits naming `id` of `kind` (`task`, `record`, `update`, …) in `circle`.
    public static func make(_ kind: String, _ id: String, circle: String, key: InstallationKey = .current) -> String {
        name(["opaque-id", circle, kind, id], key: key)
    }

    /// 20 lower-case hex digits naming `parts` (the first says what is named: `opaque-id`, `message`).
    public static func name(_ parts: [String], key: InstallationKey = .current) -> String {
        InstallationKeyFile.hex(Array(code(parts, key: key).prefix(10)))
    }

    /// A UUID (RFC 9562 version 8, the version for names of one's own making) naming `parts`: for
    /// the places that want a UUID (FHIR resource ids, attachment file names).
    public static func uuid(_ parts: [String], key: InstallationKey = .current) -> String {
        var bytes = Array(code(["opaque-uuid"] + parts, key: key).prefix(16))
        bytes[6] = (bytes[6] & 0x0F) | 0x80
        bytes[8] = (bytes[8] & 0x3F) | 0x80
        let hex = Array(InstallationKeyFile.hex(bytes))
        return [0..<8, 8..<12, 12..<16, 16..<20, 20..<32].map { String(hex[$0]) }.joined(separator: "-")
    }

    /// The keyed code of `parts`, each ended by a NUL so that no two lists of parts read the same.
    private static func code(_ parts: [String], key: InstallationKey) -> [UInt8] {
        key.authenticationCode(parts.flatMap { Array($0.utf8) + [0] })
    }
}
