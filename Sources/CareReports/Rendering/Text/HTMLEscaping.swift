/// Escapes text for HTML (and XML) content and double- or single-quoted attribute values, over
/// Unicode scalars: `& < > " '` become references, and the text is first ``DisplayText/cleaned(_:)``.
///
/// This is the one HTML escaping of the project: the Mustache templates use it (swift-mustache's own
/// `htmlEscape()` compares `Character`s, so a prepend character such as U+0600 in front of `<` hides
/// the `<` from it), and so do the charts.
public enum HTMLEscaping {
    public static func escape(_ text: String) -> String {
        let cleaned = DisplayText.cleaned(text)
        if !cleaned.utf8.contains(where: needsReference) { return cleaned }
        var out = String.UnicodeScalarView()
        for scalar in cleaned.unicodeScalars {
            switch scalar {
            case "&": out.append(contentsOf: "&amp;".unicodeScalars)
            case "<": out.append(contentsOf: "&lt;".unicodeScalars)
            case ">": out.append(contentsOf: "&gt;".unicodeScalars)
            case "\"": out.append(contentsOf: "&quot;".unicodeScalars)
            case "'": out.append(contentsOf: "&#39;".unicodeScalars)
            default: out.append(scalar)
            }
        }
        return String(out)
    }

    @inline(__always)
    private static func needsReference(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "&") || byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">")
            || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'")
    }
}
