import Foundation

/// Escaping and date formatting shared by the Atom and iCalendar writers.
/// Everything here is plain arithmetic on scalars and integers: no locale,
/// no `DateFormatter`, so the bytes depend only on the inputs.
enum FeedText {
    // MARK: XML 1.0

    /// True for scalars XML 1.0 allows in a document (production [2] Char).
    static func isXMLChar(_ value: UInt32) -> Bool {
        switch value {
        case 0x9, 0xA, 0xD: true
        case 0x20...0xD7FF: true
        case 0xE000...0xFFFD: true
        case 0x10000...0x10FFFF: true
        default: false
        }
    }

    /// `text` escaped for XML character data or a double-quoted attribute value:
    /// `& < > " '` become entity references, characters XML 1.0 forbids are dropped,
    /// and CR LF / lone CR become LF (a parser would normalise them anyway).
    /// In attributes, LF and TAB are written as character references so that
    /// attribute-value normalisation does not turn them into spaces.
    static func xmlEscaped(_ text: String, attribute: Bool = false) -> String {
        // Over UTF-8 bytes: every byte escaped or dropped is ASCII, and a byte of a longer scalar is
        // never one of them; the only non-ASCII scalars XML refuses are U+FFFE and U+FFFF (EF BF BE/BF),
        // as surrogates cannot be in a String.
        let bytes = Array(DisplayText.cleaned(text).utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + bytes.count / 8)
        var afterCR = false
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            let wasCR = afterCR
            afterCR = false
            switch byte {
            case UInt8(ascii: "&"): out += Self.amp
            case UInt8(ascii: "<"): out += Self.lt
            case UInt8(ascii: ">"): out += Self.gt
            case UInt8(ascii: "\""): out += Self.quot
            case UInt8(ascii: "'"): out += Self.apos
            case UInt8(ascii: "\r"):
                afterCR = true
                if attribute { out += Self.lineFeedReference } else { out.append(UInt8(ascii: "\n")) }
            case UInt8(ascii: "\n"):
                if !wasCR { if attribute { out += Self.lineFeedReference } else { out.append(byte) } }
            case UInt8(ascii: "\t"):
                if attribute { out += Self.tabReference } else { out.append(byte) }
            case 0..<0x20: break
            case 0xEF where index + 1 < bytes.count && bytes[index] == 0xBF && bytes[index + 1] >= 0xBE:
                index += 2
            default: out.append(byte)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    private static let amp = Array("&amp;".utf8), lt = Array("&lt;".utf8), gt = Array("&gt;".utf8)
    private static let quot = Array("&quot;".utf8), apos = Array("&apos;".utf8)
    private static let lineFeedReference = Array("&#xA;".utf8), tabReference = Array("&#x9;".utf8)

    // MARK: iCalendar TEXT

    /// `text` escaped as an RFC 5545 TEXT value (section 3.3.11): backslash,
    /// semicolon and comma are backslash-escaped, any line break (CR LF, LF, CR)
    /// becomes `\n`, and control characters other than TAB (not allowed in TEXT)
    /// are dropped.
    static func icsEscaped(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        var afterCR = false
        for scalar in DisplayText.cleaned(text).unicodeScalars {
            let wasCR = afterCR
            afterCR = false
            switch scalar {
            case "\\": out += "\\\\"
            case ";": out += "\\;"
            case ",": out += "\\,"
            case "\r":
                afterCR = true
                out += "\\n"
            case "\n":
                if !wasCR { out += "\\n" }
            case "\t":
                out += "\t"
            default:
                let value = scalar.value
                if value < 0x20 || value == 0x7F || value == 0xFFFE || value == 0xFFFF { continue }
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// Splits one logical content line into physical lines of at most `limit`
    /// UTF-8 octets (RFC 5545 section 3.1). Continuation lines carry a leading
    /// space, which counts towards the limit. Breaks fall between grapheme
    /// clusters when possible and never inside a scalar's UTF-8 sequence.
    static func icsFolded(_ line: String, limit: Int = 75) -> [String] {
        // A line within the limit is one physical line (every cluster fits): most are.
        line.utf8.count <= limit ? [line] : icsFoldedByCluster(line, limit: limit)
    }

    /// ``icsFolded(_:limit:)`` cluster by cluster (what a line longer than the limit needs).
    static func icsFoldedByCluster(_ line: String, limit: Int) -> [String] {
        var lines: [String] = []
        var current = ""
        var used = 0
        var capacity = limit
        func flush() {
            lines.append(current)
            current = " "
            used = 1
            capacity = limit
        }
        for character in line {
            let width = character.utf8.count
            if used + width <= capacity {
                current.append(character)
                used += width
            } else if width <= limit - 1 {
                flush()
                current.append(character)
                used += width
            } else {
                // A cluster wider than a whole line: break between its scalars.
                for scalar in character.unicodeScalars {
                    let scalarWidth = UTF8.width(scalar)
                    if used + scalarWidth > capacity { flush() }
                    current.unicodeScalars.append(scalar)
                    used += scalarWidth
                }
            }
        }
        lines.append(current)
        return lines
    }

    // MARK: Dates

    /// Whole seconds since 1970, rounded towards the past (fractions are dropped).
    static func epochSeconds(_ date: Date) -> Int {
        Int(date.timeIntervalSince1970.rounded(.down))
    }

    /// `(days since 1970-01-01, seconds into that day)` for `seconds` since 1970.
    static func daysAndSeconds(_ seconds: Int) -> (days: Int, second: Int) {
        let days = seconds >= 0 ? seconds / 86_400 : -((-seconds + 86_399) / 86_400)
        return (days, seconds - days * 86_400)
    }

    static func pad(_ value: Int, _ width: Int) -> String {
        let digits = String(abs(value))
        let padded = String(repeating: "0", count: max(0, width - digits.count)) + digits
        return value < 0 ? "-" + padded : padded
    }

    /// RFC 3339 date-time in `zone`, e.g. `2025-04-18T18:00:00-07:00`; `Z` when the
    /// offset is zero. Offsets that are not whole minutes (historical local mean
    /// time) cannot be written in RFC 3339, so such instants are written in UTC.
    static func rfc3339(_ date: Date, in zone: TimeZone) -> String {
        let seconds = epochSeconds(date)
        var offset = zone.offset(at: date)
        if offset % 60 != 0 { offset = 0 }
        let (days, second) = daysAndSeconds(seconds + offset)
        let day = LocalDate(daysSinceEpoch: days)
        var text = "\(pad(day.year, 4))-\(pad(day.month, 2))-\(pad(day.day, 2))"
        text += "T\(pad(second / 3600, 2)):\(pad(second % 3600 / 60, 2)):\(pad(second % 60, 2))"
        if offset == 0 { return text + "Z" }
        let minutes = abs(offset) / 60
        return text + (offset < 0 ? "-" : "+") + "\(pad(minutes / 60, 2)):\(pad(minutes % 60, 2))"
    }

    /// RFC 5545 DATE value, e.g. `20250414`.
    static func icsDate(_ day: LocalDate) -> String {
        "\(pad(day.year, 4))\(pad(day.month, 2))\(pad(day.day, 2))"
    }

    /// RFC 5545 UTC DATE-TIME value, e.g. `20250418T010000Z`.
    static func icsUTCDateTime(_ date: Date) -> String {
        let (days, second) = daysAndSeconds(epochSeconds(date))
        return icsDate(LocalDate(daysSinceEpoch: days))
            + "T\(pad(second / 3600, 2))\(pad(second % 3600 / 60, 2))\(pad(second % 60, 2))Z"
    }
}
