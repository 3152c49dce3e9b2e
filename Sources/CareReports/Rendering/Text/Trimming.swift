/// Spaces and line breaks cut from both ends of a text, scalar by scalar, with the same sets as
/// Foundation's `CharacterSet.whitespaces`, `.newlines` and `.whitespacesAndNewlines`, without
/// bridging to `NSString` (which, on every page, cost more than the rest of the text work).
extension StringProtocol {
    /// Without tabs and spaces (Unicode space separators) at either end.
    func trimmingSpaces() -> String { trimming(Trimming.isSpace) }

    /// Without line breaks (LF, VT, FF, CR, NEL, LS, PS) at either end.
    func trimmingNewlines() -> String { trimming(Trimming.isNewline) }

    /// Without spaces or line breaks at either end.
    func trimmingSpacesAndNewlines() -> String { trimming { Trimming.isSpace($0) || Trimming.isNewline($0) } }

    private func trimming(_ cut: (Unicode.Scalar) -> Bool) -> String {
        let scalars = Substring(self).unicodeScalars
        guard let first = scalars.firstIndex(where: { !cut($0) }) else { return "" }
        let last = scalars.lastIndex(where: { !cut($0) })!
        return String(Substring(scalars[first...last]))
    }
}

enum Trimming {
    /// U+0009, the space separators (general category Zs) and U+200B ZERO WIDTH SPACE (once a space
    /// separator, and still in Foundation's set), as `CharacterSet.whitespaces`.
    static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x20, 0x09, 0x200B: return true
        case 0..<0x80: return false
        default: return scalar.properties.generalCategory == .spaceSeparator
        }
    }

    /// U+000A–U+000D, U+0085, U+2028 and U+2029, as `CharacterSet.newlines`.
    static func isNewline(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0A...0x0D, 0x85, 0x2028, 0x2029: return true
        default: return false
        }
    }
}
