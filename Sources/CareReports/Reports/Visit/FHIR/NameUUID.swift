import Foundation

/// Name-based UUIDs (RFC 9562 version 5: SHA-1 of a namespace and a name), so a resource written
/// for the same record always gets the same id, and no id is ever random.
enum NameUUID {
    /// carereport's own namespace: uuid5(URL namespace, "https://carereport.invalid/fhir").
    static let namespace: [UInt8] = uuidBytes("6ba7b811-9dad-11d1-80b4-00c04fd430c8").flatMap { v5(namespace: $0, name: "https://carereport.invalid/fhir") }!

    /// The lower-case UUID text for `name` in carereport's namespace.
    static func make(_ name: String) -> String { text(v5(namespace: namespace, name: name)) }

    static func v5(namespace: [UInt8], name: String) -> [UInt8] {
        var hash = Array(SHA1.digest(namespace + Array(name.utf8)).prefix(16))
        hash[6] = (hash[6] & 0x0F) | 0x50
        hash[8] = (hash[8] & 0x3F) | 0x80
        return hash
    }

    static func uuidBytes(_ text: String) -> [UInt8]? {
        let hex = Array(text.filter { $0 != "-" }.utf8)
        guard hex.count == 32 else { return nil }
        var bytes: [UInt8] = []
        for index in stride(from: 0, to: 32, by: 2) {
            guard let byte = UInt8(String(decoding: hex[index..<index + 2], as: UTF8.self), radix: 16) else { return nil }
            bytes.append(byte)
        }
        return bytes
    }

    static func text(_ bytes: [UInt8]) -> String {
        let hex = bytes.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
        let cuts = [8, 12, 16, 20]
        var out = ""
        for (index, character) in hex.enumerated() {
            if cuts.contains(index) { out += "-" }
            out.append(character)
        }
        return out
    }
}

/// SHA-1 (FIPS 180-4), only for name-based UUIDs: not for anything that needs collision resistance.
enum SHA1 {
    static func digest(_ message: [UInt8]) -> [UInt8] {
        var h: [UInt32] = [0x6745_2301, 0xEFCD_AB89, 0x98BA_DCFE, 0x1032_5476, 0xC3D2_E1F0]
        var data = message
        let bitLength = UInt64(message.count) * 8
        data.append(0x80)
        while data.count % 64 != 56 { data.append(0) }
        for shift in stride(from: 56, through: 0, by: -8) { data.append(UInt8(truncatingIfNeeded: bitLength >> UInt64(shift))) }
        var w = [UInt32](repeating: 0, count: 80)
        for chunk in stride(from: 0, to: data.count, by: 64) {
            for i in 0..<16 {
                let b = chunk + i * 4
                w[i] = UInt32(data[b]) << 24 | UInt32(data[b + 1]) << 16 | UInt32(data[b + 2]) << 8 | UInt32(data[b + 3])
            }
            for i in 16..<80 { w[i] = rotate(w[i - 3] ^ w[i - 8] ^ w[i - 14] ^ w[i - 16], 1) }
            var (a, b, c, d, e) = (h[0], h[1], h[2], h[3], h[4])
            for i in 0..<80 {
                let (f, k): (UInt32, UInt32) =
                    i < 20 ? ((b & c) | (~b & d), 0x5A82_7999)
                    : i < 40 ? (b ^ c ^ d, 0x6ED9_EBA1)
                    : i < 60 ? ((b & c) | (b & d) | (c & d), 0x8F1B_BCDC) : (b ^ c ^ d, 0xCA62_C1D6)
                let temp = rotate(a, 5) &+ f &+ e &+ k &+ w[i]
                (e, d, c, b, a) = (d, c, rotate(b, 30), a, temp)
            }
            h[0] = h[0] &+ a
            h[1] = h[1] &+ b
            h[2] = h[2] &+ c
            h[3] = h[3] &+ d
            h[4] = h[4] &+ e
        }
        return h.flatMap { word in [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: word >> UInt32($0)) } }
    }

    private static func rotate(_ value: UInt32, _ count: UInt32) -> UInt32 { value << count | value >> (32 - count) }
}
