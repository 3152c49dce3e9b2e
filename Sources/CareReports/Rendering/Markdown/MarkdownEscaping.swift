/// Escapes user plain text (names, titles, values) for writing into generated Markdown.
///
/// The result reads back as the same text: every ASCII character that could start Markdown
/// structure is backslash-escaped (as are the `:` of `://` and the `.` of `www.`, so no link is made),
/// a leading list marker is defused, line breaks become spaces so the text stays on its line, and
/// leading blanks are dropped. An e-mail address still becomes a `mailto:` link showing the same text.
///
/// It works over Unicode scalars, never `Character`s (a prepend or combining scalar would otherwise
/// hide a `<` or `|` inside a grapheme cluster), on text first ``DisplayText/cleaned(_:)``.
public enum MarkdownEscaping {
    /// Scalars escaped wherever they occur in ``inline(_:)``.
    static let structural: Set<Unicode.Scalar> = ["\\", "`", "*", "_", "[", "]", "<", ">", "#", "|", "!", "~", "&"]

    /// `text` escaped for inline Markdown: structure characters escaped, line breaks turned into spaces.
    public static func inline(_ text: String) -> String {
        escape(text, backslash: "\\\\")
    }

    /// `text` escaped for one GitHub table cell: as ``inline(_:)``, and a backslash is written as an
    /// entity so it can never swallow the `|` that closes the cell.
    public static func tableCell(_ text: String) -> String {
        escape(text, backslash: "&#92;")
    }

    /// The shared escaping; `backslash` is what a literal backslash becomes.
    private static func escape(_ text: String, backslash: String) -> String {
        // One line, no leading blanks (four of them would start an indented code block).
        var scalars: [Unicode.Scalar] = []
        scalars.reserveCapacity(text.utf8.count)
        var pendingSpace = false
        for scalar in DisplayText.cleaned(text).unicodeScalars {
            if isLineBreakOrTab(scalar) {
                pendingSpace = true
                continue
            }
            if pendingSpace {
                if !scalars.isEmpty { scalars.append(" ") }
                pendingSpace = false
            }
            if scalar == " ", scalars.isEmpty { continue }
            scalars.append(scalar)
        }

        var out = String.UnicodeScalarView()
        for (index, scalar) in scalars.enumerated() {
            if scalar == "\\" {
                out.append(contentsOf: backslash.unicodeScalars)
            } else if structural.contains(scalar) || startsExtendedAutolink(scalars, at: index) {
                out.append("\\")
                out.append(scalar)
            } else {
                out.append(scalar)
            }
        }
        return defusingLeadingMarker(String(out))
    }

    private static func isLineBreakOrTab(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029: true
        default: false
        }
    }

    /// Whether the scalar at `index` is the `:` of `://` or the `.` of `www.`, which GFM would
    /// turn into a link whose text shows the escapes; escaping that one scalar prevents it.
    private static func startsExtendedAutolink(_ scalars: [Unicode.Scalar], at index: Int) -> Bool {
        switch scalars[index] {
        case ":":
            return index + 2 < scalars.count && scalars[index + 1] == "/" && scalars[index + 2] == "/"
        case ".":
            return index >= 3 && scalars[(index - 3)..<index].allSatisfy { $0 == "w" || $0 == "W" }
        default:
            return false
        }
    }

    /// Escapes a leading `-`, `+` or `=` that could start a list, a thematic break or a setext
    /// underline (followed by a blank, the end, or the same character), or an ordered-list marker
    /// (`1.`, `12)` followed by a blank or the end), when the text opens a line. `37.9 °C` and `-5`
    /// start nothing and stay as they are.
    private static func defusingLeadingMarker(_ text: String) -> String {
        let scalars = Array(text.unicodeScalars)
        guard let first = scalars.first else { return text }
        func endsMarker(at index: Int) -> Bool {
            index >= scalars.count || scalars[index] == " " || scalars[index] == "\t"
        }
        if first == "-" || first == "+" || first == "=" {
            if endsMarker(at: 1) || scalars[1] == first { return "\\" + text }
            return text
        }
        let digits = scalars.prefix { ("0"..."9").contains($0) }
        if !digits.isEmpty, digits.count <= 9, digits.count < scalars.count {
            let marker = scalars[digits.count]
            if (marker == "." || marker == ")") && endsMarker(at: digits.count + 1) {
                return String(String.UnicodeScalarView(digits)) + "\\" + String(String.UnicodeScalarView(scalars[digits.count...]))
            }
        }
        return text
    }
}
