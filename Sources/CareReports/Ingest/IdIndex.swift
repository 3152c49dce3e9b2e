/// Ids (users', circles', records') mapped to a number each, for the reference checks, which look up
/// an id or two for each of hundreds of thousands of records. It hashes an id's UTF-8 bytes eight
/// at a time with a multiply-and-rotate mix, several times cheaper than the standard library's
/// SipHash for ids this short, and probes an open-addressed table of 64-bit slots. The mix is
/// seeded at random per index, so an export cannot be written in advance to make its ids collide
/// (the mix is not a keyed cryptographic hash: collisions would cost time, never correctness).
struct IdIndex {
    /// 0 for an empty slot; else the upper half of the id's hash and, below it, 1 + its entry.
    private var slots: [UInt64]
    private var keys: [String] = []
    private var values: [Int] = []
    private let seed: UInt64

    init(capacity: Int = 16) {
        var size = 16
        while size < capacity * 2 { size <<= 1 }
        slots = Array(repeating: 0, count: size)
        seed = UInt64.random(in: 1...UInt64.max)
        keys.reserveCapacity(capacity)
        values.reserveCapacity(capacity)
    }

    var count: Int { keys.count }

    /// The number stored for `key`, if any.
    func value(for key: String) -> Int? {
        let hash = Self.hash(key, seed: seed)
        let mask = slots.count - 1
        var position = Int(truncatingIfNeeded: hash) & mask
        while true {
            let slot = slots[position]
            if slot == 0 { return nil }
            if slot >> 32 == hash >> 32, keys[Int(slot & 0xFFFF_FFFF) - 1] == key { return values[Int(slot & 0xFFFF_FFFF) - 1] }
            position = (position + 1) & mask
        }
    }

    func contains(_ key: String) -> Bool { value(for: key) != nil }

    /// Stores `value` for `key` and returns nil, or, when `key` is held already, returns its number
    /// and changes nothing.
    @discardableResult
    mutating func insert(_ key: String, value: Int) -> Int? {
        if (keys.count + 1) * 2 > slots.count { grow() }
        let hash = Self.hash(key, seed: seed)
        let mask = slots.count - 1
        var position = Int(truncatingIfNeeded: hash) & mask
        while true {
            let slot = slots[position]
            if slot == 0 { break }
            if slot >> 32 == hash >> 32, keys[Int(slot & 0xFFFF_FFFF) - 1] == key { return values[Int(slot & 0xFFFF_FFFF) - 1] }
            position = (position + 1) & mask
        }
        precondition(keys.count < Int(UInt32.max), "more ids than an index holds")
        keys.append(key)
        values.append(value)
        slots[position] = hash & 0xFFFF_FFFF_0000_0000 | UInt64(keys.count)
        return nil
    }

    private mutating func grow() {
        let size = slots.count * 2
        let mask = size - 1
        var larger = [UInt64](repeating: 0, count: size)
        for (entry, key) in keys.enumerated() {
            let hash = Self.hash(key, seed: seed)
            var position = Int(truncatingIfNeeded: hash) & mask
            while larger[position] != 0 { position = (position + 1) & mask }
            larger[position] = hash & 0xFFFF_FFFF_0000_0000 | UInt64(entry + 1)
        }
        slots = larger
    }

    static func hash(_ key: String, seed: UInt64) -> UInt64 {
        var key = key
        return key.withUTF8 { bytes in
            var hash = seed ^ UInt64(bytes.count) &* 0x9E37_79B9_7F4A_7C15
            var position = 0
            let base = UnsafeRawPointer(bytes.baseAddress)
            while position + 8 <= bytes.count {
                hash = mix(hash, base!.loadUnaligned(fromByteOffset: position, as: UInt64.self))
                position += 8
            }
            if position < bytes.count {
                var tail: UInt64 = 0
                for offset in position..<bytes.count { tail |= UInt64(bytes[offset]) << (8 * UInt64(offset - position)) }
                hash = mix(hash, tail)
            }
            // Final avalanche, so that the low bits (the slot) depend on every byte.
            hash ^= hash >> 29
            hash = hash &* 0xBF58_476D_1CE4_E5B9
            return hash ^ (hash >> 32)
        }
    }

    @inline(__always)
    static func mix(_ hash: UInt64, _ word: UInt64) -> UInt64 {
        let product = (hash ^ word) &* 0x9FB2_1C65_1E98_DF25
        return (product << 23 | product >> 41) ^ product >> 17
    }
}
