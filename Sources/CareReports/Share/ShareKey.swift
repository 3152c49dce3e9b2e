import Foundation

/// A shared link's secret: 32 random bytes, written as 43 base64url characters in the link's
/// payload (`key`) and in the keys file, never anywhere published.
public struct ShareKey: Sendable, Equatable {
    public static let byteCount = 32
    public let bytes: [UInt8]

    /// `bytes`, or nil unless there are exactly ``byteCount``.
    public init?(bytes: [UInt8]) {
        guard bytes.count == Self.byteCount else { return nil }
        self.bytes = bytes
    }

    /// The key a payload or keys file writes, or nil unless it is 43 base64url characters of 32 bytes.
    public init?(text: String) {
        guard text.utf8.count == 43, let bytes = Base64URL.decode(text) else { return nil }
        self.init(bytes: bytes)
    }

    /// A new key from the system's secure random source.
    public static func random() -> ShareKey {
        ShareKey(bytes: ShareRandom.bytes(byteCount))!
    }

    /// The 43 characters of the payload's `key`.
    public var text: String { Base64URL.encode(bytes) }
}

/// The system's secure random bytes (for a link's key and its file's name).
enum ShareRandom {
    static func bytes(_ count: Int) -> [UInt8] {
        var generator = SystemRandomNumberGenerator()
        return (0..<count).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
    }
}
