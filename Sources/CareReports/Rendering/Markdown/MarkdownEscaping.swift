/// Escapes user plain text (names, titles, values) for writing into generated Markdown.
///
/// The result reads back as the same text: every ASCII character that could start Markdown
/// structure is backslash-escaped (as are the `:` of `://` and the `.` of `www.`, so no link is made),
/// a leading list marker is defused, line breaks become spaces so the text stays on its line, and
/// leading blanks are dropped. An e-mail address still becomes a `mailto:` link showing the same text.
///
/// It decides scalar by scalar (over UTF-8 bytes), never by `Character` (a prepend or combining scalar would otherwise
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

    /// ``tableCell(_:)``'s UTF-8 bytes appended to `out` (what a Markdown template writes for every
    /// value): text that needs nothing done copied as it is, with no escaped string of its own.
    static func append(tableCell text: String, to out: inout [UInt8]) {
        var cleaned = DisplayText.cleaned(text)
        cleaned.makeContiguousUTF8()
        let done: Void? = cleaned.utf8.withContiguousStorageIfAvailable { bytes in
            if needsNoEscaping(bytes) { out.append(contentsOf: bytes) } else { out += escapeBytes(bytes, backslash: "&#92;") }
        }
        if done == nil { out.append(contentsOf: tableCell(text).utf8) }
    }

    /// The shared escaping; `backslash` is what a literal backslash becomes.
    ///
    /// It works over UTF-8 bytes: every character it looks at or writes is ASCII, and no byte of a
    /// multi-byte scalar is ASCII, so a byte that equals `<` is the scalar `<` (the same decisions as
    /// scalar by scalar; Tests/CareReportsTests/Rendering/EscapingEquivalenceTests.swift compares
    /// the two over random text). Text that needs nothing done comes back as it is.
    private static func escape(_ text: String, backslash: String) -> String {
        var cleaned = DisplayText.cleaned(text)
        cleaned.makeContiguousUTF8()
        func escaped(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
            needsNoEscaping(bytes) ? cleaned : String(decoding: escapeBytes(bytes, backslash: backslash), as: UTF8.self)
        }
        return cleaned.utf8.withContiguousStorageIfAvailable(escaped) ?? Array(cleaned.utf8).withUnsafeBufferPointer(escaped)
    }

    private static func escapeBytes(_ input: UnsafeBufferPointer<UInt8>, backslash: String) -> [UInt8] {
        // One line, no leading blanks (four of them would start an indented code block).
        var line: [UInt8] = []
        line.reserveCapacity(input.count)
        var pendingSpace = false
        var index = 0
        while index < input.count {
            let breakLength = lineBreakLength(input, at: index)
            if breakLength > 0 {
                pendingSpace = true
                index += breakLength
                continue
            }
            let byte = input[index]
            index += 1
            if pendingSpace {
                if !line.isEmpty { line.append(0x20) }
                pendingSpace = false
            }
            if byte == 0x20, line.isEmpty { continue }
            line.append(byte)
        }

        var out: [UInt8] = []
        out.reserveCapacity(line.count + line.count / 4 + 8)
        for (index, byte) in line.enumerated() {
            if byte == UInt8(ascii: "\\") {
                out.append(contentsOf: backslash.utf8)
            } else if structuralByte[Int(byte)] || startsExtendedAutolink(line, at: index) {
                out.append(UInt8(ascii: "\\"))
                out.append(byte)
            } else {
                out.append(byte)
            }
        }
        defuseLeadingMarker(&out)
        return out
    }

    /// Whether `bytes` come out of the escaping unchanged: printable ASCII or any scalar but a line
    /// break, no structure character, no autolink start, no leading blank or list marker.
    private static func needsNoEscaping(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = bytes.first else { return true }
        if first == 0x20 || first == UInt8(ascii: "-") || first == UInt8(ascii: "+") || first == UInt8(ascii: "=")
            || (first >= UInt8(ascii: "0") && first <= UInt8(ascii: "9")) {
            return false
        }
        let structural = structuralByte
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte < 0x20 || structural[Int(byte)] { return false }
            if byte == UInt8(ascii: ":") || byte == UInt8(ascii: "."), startsExtendedAutolink(bytes, at: index) { return false }
            if byte == 0xC2 || byte == 0xE2, lineBreakLength(bytes, at: index) > 0 { return false }
            index += 1
        }
        return true
    }

    /// Bytes of the line break or tab starting at `index` (U+0009–U+000D, U+0085, U+2028, U+2029), or 0.
    @inline(__always)
    private static func lineBreakLength<C: RandomAccessCollection>(_ bytes: C, at index: Int) -> Int where C.Element == UInt8, C.Index == Int {
        let byte = bytes[index]
        if byte >= 0x09 && byte <= 0x0D { return 1 }
        if byte == 0xC2, index + 1 < bytes.count, bytes[index + 1] == 0x85 { return 2 }
        if byte == 0xE2, index + 2 < bytes.count, bytes[index + 1] == 0x80, bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9 { return 3 }
        return 0
    }

    /// ``structural`` as a table by byte.
    private static let structuralByte: [Bool] = (0..<256).map { byte in
        byte < 0x80 && structural.contains(Unicode.Scalar(UInt8(byte)))
    }

    /// Whether the byte at `index` is the `:` of `://` or the `.` of `www.`, which GFM would
    /// turn into a link whose text shows the escapes; escaping that one character prevents it.
    @inline(__always)
    private static func startsExtendedAutolink<C: RandomAccessCollection>(_ bytes: C, at index: Int) -> Bool where C.Element == UInt8, C.Index == Int {
        func isW(_ byte: UInt8) -> Bool { byte == UInt8(ascii: "w") || byte == UInt8(ascii: "W") }
        switch bytes[index] {
        case UInt8(ascii: ":"):
            return index + 2 < bytes.count && bytes[index + 1] == UInt8(ascii: "/") && bytes[index + 2] == UInt8(ascii: "/")
        case UInt8(ascii: "."):
            return index >= 3 && isW(bytes[index - 3]) && isW(bytes[index - 2]) && isW(bytes[index - 1])
        default:
            return false
        }
    }

    /// Escapes a leading `-`, `+` or `=` that could start a list, a thematic break or a setext
    /// underline (followed by a blank, the end, or the same character), or an ordered-list marker
    /// (`1.`, `12)` followed by a blank or the end), when the text opens a line. `37.9 °C` and `-5`
    /// start nothing and stay as they are.
    private static func defuseLeadingMarker(_ bytes: inout [UInt8]) {
        guard let first = bytes.first else { return }
        func endsMarker(at index: Int) -> Bool {
            index >= bytes.count || bytes[index] == 0x20 || bytes[index] == 0x09
        }
        if first == UInt8(ascii: "-") || first == UInt8(ascii: "+") || first == UInt8(ascii: "=") {
            if endsMarker(at: 1) || bytes[1] == first { bytes.insert(UInt8(ascii: "\\"), at: 0) }
            return
        }
        var digits = 0
        while digits < bytes.count, bytes[digits] >= UInt8(ascii: "0"), bytes[digits] <= UInt8(ascii: "9") { digits += 1 }
        if digits > 0, digits <= 9, digits < bytes.count {
            let marker = bytes[digits]
            if (marker == UInt8(ascii: ".") || marker == UInt8(ascii: ")")) && endsMarker(at: digits + 1) {
                bytes.insert(UInt8(ascii: "\\"), at: digits)
            }
        }
    }
}
