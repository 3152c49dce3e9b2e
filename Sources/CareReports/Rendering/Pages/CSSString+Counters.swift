extension CSSString {
    /// Stands for the page number in a translated sentence given to `counters`.
    public static let pageMark = "\u{E000}"
    /// Stands for the number of pages in a translated sentence given to `counters`.
    public static let pagesMark = "\u{E001}"

    /// A whole translated sentence ("página {page} de {pages}", its numbers given as `pageMark` and
    /// `pagesMark`) as a CSS `content` value: each run of text an escaped string, each mark a counter.
    public static func counters(_ sentence: String) -> String {
        var parts: [String] = []
        var text = ""
        func flush() {
            if !text.isEmpty { parts.append("\"\(escape(text))\"") }
            text = ""
        }
        for character in sentence.unicodeScalars {
            switch String(character) {
            case pageMark: flush(); parts.append("counter(page)")
            case pagesMark: flush(); parts.append("counter(pages)")
            default: text.unicodeScalars.append(character)
            }
        }
        flush()
        return parts.joined(separator: " ")
    }
}
