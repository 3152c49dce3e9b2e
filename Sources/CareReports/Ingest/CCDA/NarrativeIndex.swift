/// The narrative elements of one C-CDA document by `ID`, found in one pass on first use (an XPath
/// search per reference would read the whole document for each of 60,000 entries), and each one's
/// text worked out once, cut to `maxLength` characters.
final class NarrativeIndex {
    /// Longest narrative text taken as a name or value, in Unicode scalars.
    static let maxLength = 4_000

    private var nodes: [String: CCDANode]?
    private var texts: [String: String?] = [:]
    /// The first narrative element whose text was cut, and how many were.
    private(set) var shortened: (CCDANode, Int)?

    /// The text of the element whose `ID` is `id`; nil when there is none or it is empty.
    func text(id: String, xpath: CCDAXPath) -> String? {
        if let known = texts[id] { return known }
        if nodes == nil {
            var found: [String: CCDANode] = [:]
            for node in xpath.nodes("//*[@ID]") {
                if let value = node.attribute("ID"), found[value] == nil { found[value] = node }
            }
            nodes = found
        }
        guard let node = nodes?[id] else {
            texts[id] = .some(nil)
            return nil
        }
        // Read up to a little past the cut (4 bytes per scalar at most, and white space collapses);
        // all of it when that is not past the cut (a read cut mid-character ends in U+FFFD).
        var text = node.text(limit: Self.maxLength * 8)
        if (text?.unicodeScalars.count ?? 0) <= Self.maxLength { text = node.text }
        if let full = text, full.unicodeScalars.count > Self.maxLength {
            text = String(String.UnicodeScalarView(full.unicodeScalars.prefix(Self.maxLength))) + "…"
            shortened = (shortened?.0 ?? node, (shortened?.1 ?? 0) + 1)
        }
        texts[id] = .some(text)
        return text
    }
}
