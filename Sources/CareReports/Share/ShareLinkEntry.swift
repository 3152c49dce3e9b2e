import Foundation

/// One shared link: the circle and reader it is for, its key and the name of its file in the
/// share folder (32 random bytes, base64url: nothing in it names the circle or the reader).
public struct ShareLinkEntry: Sendable, Equatable {
    public let circleId: String
    public let readerId: String
    public let key: ShareKey
    public let fileName: String

    public init(circleId: String, readerId: String, key: ShareKey, fileName: String) {
        self.circleId = circleId
        self.readerId = readerId
        self.key = key
        self.fileName = fileName
    }

    /// A new link for the circle and reader: a new key and a new file name, both at random.
    public static func new(circleId: String, readerId: String) -> ShareLinkEntry {
        ShareLinkEntry(circleId: circleId, readerId: readerId, key: .random(), fileName: Base64URL.encode(ShareRandom.bytes(32)))
    }

    /// True for a name this program would give a file: 43 base64url characters.
    static func isFileName(_ name: String) -> Bool {
        name.utf8.count == 43 && name.utf8.allSatisfy(Base64URL.isAlphabet)
    }
}
