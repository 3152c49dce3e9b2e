import Foundation

/// Writes header fields: RFC 2047 encoded-words for non-ASCII text and RFC 5322 folding so that no line,
/// the CRLF not counted, is longer than 78 characters.
enum HeaderEncoding {
    static let maxLine = 78
    /// RFC 2047 section 2: an encoded-word is at most 75 characters.
    static let maxEncodedWord = 75

    /// `Name: token token ...`, folded (CRLF + space in place of a separating space) before any token that
    /// would push the line past 78 characters. A token longer than a whole line is written on a line of its
    /// own (only possible for an address or message id longer than about 70 characters).
    static func field(_ name: String, tokens: [String]) -> String {
        var out = name + ":"
        var lineLength = out.utf8.count
        var lineHasToken = false
        for token in tokens {
            let length = token.utf8.count
            if lineHasToken && lineLength + 1 + length > maxLine {
                out += "\r\n " + token
                lineLength = 1 + length
            } else {
                out += " " + token
                lineLength += 1 + length
            }
            lineHasToken = true
        }
        return out
    }

    /// The longest encoded-word that still fits on the first line after `Name: `.
    static func wordLimit(forHeader name: String) -> Int {
        min(maxEncodedWord, maxLine - name.utf8.count - 2)
    }

    /// Tokens for unstructured text (Subject, extra headers): the words themselves when the text is printable
    /// ASCII whose words fit on a line and nothing looks like an encoded-word; otherwise encoded-words.
    /// Line breaks and control characters become spaces first, so the text can never start a new header.
    static func unstructuredTokens(_ text: String, header name: String) -> [String] {
        let clean = MailText.singleLine(text)
        if clean.isEmpty { return [] }
        let words = clean.split(separator: " ").map(String.init)
        let limit = maxLine - name.utf8.count - 2
        let plain = !clean.contains("=?")
            && clean.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value < 0x7F }
            && words.allSatisfy { $0.utf8.count <= limit }
        return plain ? words : encodedWords(clean, limit: wordLimit(forHeader: name))
    }

    /// Tokens for a display name in an address header: atoms, one quoted-string, or encoded-words.
    static func phraseTokens(_ name: String, header: String) -> [String] {
        let clean = MailText.singleLine(name)
        if clean.isEmpty { return [] }
        let ascii = clean.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value < 0x7F }
        if ascii && !clean.contains("=?") {
            let words = clean.split(separator: " ").map(String.init)
            if words.allSatisfy({ $0.unicodeScalars.allSatisfy(MailText.isAtext) }) {
                return words
            }
            var quoted = "\""
            for scalar in clean.unicodeScalars {
                if scalar == "\\" || scalar == "\"" { quoted += "\\" }
                quoted.unicodeScalars.append(scalar)
            }
            quoted += "\""
            if quoted.utf8.count <= maxLine - header.utf8.count - 2 { return [quoted] }
        }
        return encodedWords(clean, limit: wordLimit(forHeader: header))
    }

    /// Splits text into RFC 2047 encoded-words of at most `limit` characters, never splitting a character
    /// (grapheme cluster) across two words unless the cluster alone is too long, then never splitting a scalar.
    /// Adjacent encoded-words separated by folding white space decode to the joined text, so spaces stay inside
    /// the words. Uses Q when that is no longer than B (readable for mostly-Latin text), else B.
    static func encodedWords(_ text: String, limit: Int) -> [String] {
        let bytes = Array(text.utf8)
        let qTotal = bytes.reduce(0) { $0 + HeaderEncoding.qLength($1) }
        let bLength = (bytes.count + 2) / 3 * 4
        let useQ = qTotal <= bLength
        let prefix = useQ ? "=?UTF-8?Q?" : "=?UTF-8?B?"
        let budget = max(limit - prefix.utf8.count - 2, useQ ? 9 : 8)

        func encodedLength(_ chunk: [UInt8]) -> Int {
            useQ ? chunk.reduce(0) { $0 + HeaderEncoding.qLength($1) } : (chunk.count + 2) / 3 * 4
        }
        func word(_ chunk: [UInt8]) -> String {
            prefix + (useQ ? qEncode(chunk) : Data(chunk).base64EncodedString()) + "?="
        }

        var units: [[UInt8]] = []
        for character in text {
            let characterBytes = Array(String(character).utf8)
            if encodedLength(characterBytes) <= budget {
                units.append(characterBytes)
            } else {
                for scalar in character.unicodeScalars { units.append(Array(String(scalar).utf8)) }
            }
        }
        var words: [String] = []
        var chunk: [UInt8] = []
        for unit in units {
            if !chunk.isEmpty && encodedLength(chunk + unit) > budget {
                words.append(word(chunk))
                chunk = []
            }
            chunk += unit
        }
        if !chunk.isEmpty { words.append(word(chunk)) }
        return words
    }

    /// Characters left as they are in the Q encoding: the set RFC 2047 5(3) allows even inside a phrase.
    static func qLiteral(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        case UInt8(ascii: "!"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "/"):
            true
        default:
            false
        }
    }

    static func qLength(_ byte: UInt8) -> Int {
        qLiteral(byte) || byte == UInt8(ascii: " ") ? 1 : 3
    }

    static func qEncode(_ bytes: [UInt8]) -> String {
        var out = ""
        for byte in bytes {
            if byte == UInt8(ascii: " ") {
                out += "_"
            } else if qLiteral(byte) {
                out.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                out += "=" + QuotedPrintable.hexByte(byte)
            }
        }
        return out
    }
}
