/// One of N parts of an agency's `--all-members` run (`--shard K/N`): reader (user) `id` belongs to
/// shard `fnv1a64(UTF-8 bytes of id) % N` (and circles, by the same hash of their id, where asked). The hash is fixed (FNV-1a, 64 bits, offset basis
/// 0xcbf29ce484222325, prime 0x100000001b3), never Swift's `Hasher`, which is seeded per process:
/// every machine and every release puts a circle in the same shard, so N processes started anywhere
/// write disjoint sets of circles whose union is the unsharded output.
public struct Shard: Sendable, Equatable, CustomStringConvertible {
    /// The shard's index, 0 ..< count.
    public let index: Int
    /// How many shards the run is split into, at least 1.
    public let count: Int

    public init?(index: Int, count: Int) {
        guard count >= 1, (0..<count).contains(index) else { return nil }
        self.index = index
        self.count = count
    }

    /// The whole run, unsharded.
    public static let all = Shard(index: 0, count: 1)!

    public var description: String { "\(index)/\(count)" }

    /// Whether the circle `id` is this shard's.
    public func contains(circle id: String) -> Bool {
        Self.shard(ofCircle: id, count: count) == index
    }

    /// Whether the reader (user) `id` is this shard's: `--all-members` runs shard by reader, so a
    /// person in several circles gets one site and one digest, written by one shard.
    public func contains(reader id: String) -> Bool {
        Self.shard(ofCircle: id, count: count) == index
    }

    /// The shard of the circle `id` among `count` shards.
    public static func shard(ofCircle id: String, count: Int) -> Int {
        Int(fnv1a64(id) % UInt64(count))
    }

    /// FNV-1a, 64 bits, of the UTF-8 bytes of `text`.
    public static func fnv1a64(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01b3
        }
        return hash
    }
}
