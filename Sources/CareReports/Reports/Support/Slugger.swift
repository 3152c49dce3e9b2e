/// Makes file-name slugs from visible text: lowercase ASCII letters, digits and hyphens, unique per folder.
public struct Slugger: Sendable {
    private var used: Set<String> = []

    public init() {}

    /// A slug for `text`, with `-2`, `-3`… added when taken.
    public mutating func slug(_ text: String) -> String {
        let base = Slugger.base(text)
        var candidate = base
        var counter = 2
        while used.contains(candidate) {
            candidate = "\(base)-\(counter)"
            counter += 1
        }
        used.insert(candidate)
        return candidate
    }

    /// The slug of `text` without uniqueness.
    public static func base(_ text: String) -> String {
        // Only ASCII letters and digits are kept, so the slug is built of bytes (an ASCII scalar is
        // alphabetic exactly when it is a letter A–Z or a–z), and its length is its byte count.
        var slug: [UInt8] = []
        var pendingHyphen = false
        for scalar in text.lowercased().unicodeScalars {
            let value = scalar.value
            if value < 0x80, case let byte = UInt8(value),
                (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                    || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
            {
                if pendingHyphen, !slug.isEmpty { slug.append(UInt8(ascii: "-")) }
                slug.append(byte)
                pendingHyphen = false
            } else {
                pendingHyphen = true
            }
            if slug.count >= 60 { break }
        }
        return slug.isEmpty ? "item" : String(decoding: slug, as: UTF8.self)
    }
}
