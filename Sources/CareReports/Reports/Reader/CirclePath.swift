/// Where one circle's pages go in a reader's site of several circles: `c/SLUG/`. The slug is made
/// from the circle id, never the raw id: lowercase ASCII letters, digits, `-` and `_`; an id that
/// had to be changed to fit (upper case, `.`, `~`, a long id) gets `.` and the FNV-1a hash of the whole
/// id (16 hex digits) added. An unchanged slug never holds a `.`, so two circles never share a
/// folder, even on a file system that ignores letter case. The slug
/// depends on the id alone, so the same circle has the same path in every reader's site.
public enum CirclePath {
    /// The folder of circle `id`'s pages inside a reader's site, e.g. `c/circle-walter`.
    public static func folder(_ id: String) -> String { "c/\(slug(id))" }

    /// The path from that folder back to the reader's site root.
    public static let backToRoot = "../../"

    /// The file-name-safe slug of a circle id.
    public static func slug(_ id: String) -> String {
        var slug = ""
        for scalar in id.unicodeScalars {
            switch scalar {
            case "a"..."z", "0"..."9", "-", "_": slug.unicodeScalars.append(scalar)
            default: slug += "-"
            }
            if slug.utf8.count >= 48 { break }
        }
        if slug == id, !slug.isEmpty { return slug }
        let hash = String(Shard.fnv1a64(id), radix: 16)
        let padded = String(repeating: "0", count: 16 - hash.count) + hash
        return (slug.isEmpty ? "circle" : slug) + "." + padded
    }
}
