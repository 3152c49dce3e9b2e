import Foundation

/// Stable names for things a reader's output must point at (calendar UIDs, feed entry ids, anchors)
/// that never show the app's own id of a task, health record, update or comment, which may carry
/// words ("task-pick-up-lisinopril"; privacy policy rule 6).
///
/// The name is an HMAC (SHA-1) of the circle, the kind and the id, keyed by `CAREREPORT_ID_KEY` when
/// the operator sets it (a secret no reader sees, so a guessed id cannot be confirmed) and otherwise by
/// a fixed key. The same key, circle and id always give the same name, so calendar events and feed
/// entries stay the same event across builds; the output stays byte-for-byte reproducible.
public enum OpaqueId {
    /// The environment variable that holds the operator's secret key.
    public static let keyVariable = "CAREREPORT_ID_KEY"

    /// The key: the operator's secret, or carereport's fixed one.
    static let key: [UInt8] = {
        if let secret = ProcessInfo.processInfo.environment[keyVariable], !secret.isEmpty { return Array(secret.utf8) }
        return Array("carereport opaque ids v1".utf8)
    }()

    /// 20 lower-case hex digits naming `id` of `kind` (`task`, `record`, `update`, …) in `circle`.
    public static func make(_ kind: String, _ id: String, circle: String) -> String {
        let message = Array("\(circle)\u{0}\(kind)\u{0}\(id)".utf8)
        return hmac(key: key, message: message).prefix(10).map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
    }

    /// HMAC-SHA-1 (RFC 2104).
    static func hmac(key: [UInt8], message: [UInt8]) -> [UInt8] {
        var block = key.count > 64 ? SHA1.digest(key) : key
        block += [UInt8](repeating: 0, count: 64 - block.count)
        let inner = SHA1.digest(block.map { $0 ^ 0x36 } + message)
        return SHA1.digest(block.map { $0 ^ 0x5C } + inner)
    }
}
