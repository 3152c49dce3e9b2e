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
        var slug = ""
        var pendingHyphen = false
        for scalar in text.lowercased().unicodeScalars {
            if scalar.isASCII, scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) {
                if pendingHyphen, !slug.isEmpty { slug += "-" }
                slug.unicodeScalars.append(scalar)
                pendingHyphen = false
            } else {
                pendingHyphen = true
            }
            if slug.count >= 60 { break }
        }
        return slug.isEmpty ? "item" : slug
    }
}
