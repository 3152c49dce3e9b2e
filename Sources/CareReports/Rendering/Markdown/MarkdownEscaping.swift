/// Escapes user plain text (names, titles, values) for writing into generated Markdown.
///
/// The result reads back as the same text: every ASCII character that could start Markdown
/// structure is backslash-escaped (as are the `:` of `://` and the `.` of `www.`, so no link is made),
/// a leading list marker is defused, line breaks become spaces so the text stays on its line, and
/// leading blanks are dropped. An e-mail address still becomes a `mailto:` link showing the same text.
public enum MarkdownEscaping {
    /// Characters escaped wherever they occur in ``inline(_:)``.
    static let structural: Set<Character> = ["\\", "`", "*", "_", "[", "]", "<", ">", "#", "|", "!", "~", "&"]

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
        var line = ""
        var pendingSpace = false
        for character in text {
            if character.isNewline || character == "\t" || character == "\u{0B}" || character == "\u{0C}" {
                pendingSpace = true
                continue
            }
            if pendingSpace { line.append(" "); pendingSpace = false }
            line.append(character)
        }
        let trimmed = line.drop { $0 == " " }

        let characters = Array(trimmed)
        var out = ""
        out.reserveCapacity(trimmed.utf8.count + 8)
        for (index, character) in characters.enumerated() {
            if character == "\\" {
                out += backslash
            } else if structural.contains(character) || startsExtendedAutolink(characters, at: index) {
                out += "\\" + String(character)
            } else {
                out.append(character)
            }
        }
        return defusingLeadingMarker(out)
    }

    /// Whether the character at `index` is the `:` of `://` or the `.` of `www.`, which GFM would
    /// turn into a link whose text shows the escapes; escaping that one character prevents it.
    private static func startsExtendedAutolink(_ characters: [Character], at index: Int) -> Bool {
        switch characters[index] {
        case ":":
            return index + 2 < characters.count && characters[index + 1] == "/" && characters[index + 2] == "/"
        case ".":
            return index >= 3 && characters[(index - 3)..<index].allSatisfy { $0 == "w" || $0 == "W" }
        default:
            return false
        }
    }

    /// Escapes a leading `-`, `+`, `=` or ordered-list marker (`1.`, `12)`), which would otherwise
    /// start a list, a thematic break or a setext underline when the text opens a line.
    private static func defusingLeadingMarker(_ text: String) -> String {
        guard let first = text.first else { return text }
        if first == "-" || first == "+" || first == "=" {
            return "\\" + text
        }
        let digits = text.prefix { $0.isASCII && $0.isNumber }
        if !digits.isEmpty, digits.count <= 9 {
            let rest = text.dropFirst(digits.count)
            if let marker = rest.first, marker == "." || marker == ")" {
                return digits + "\\" + rest
            }
        }
        return text
    }
}
