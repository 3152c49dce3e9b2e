import Foundation

/// HL7 v3 timestamps (`TS`): `YYYYMMDD[HH[MM[SS[.fff]]]][±ZZZZ]`.
enum HL7Time {
    /// A day (`YYYYMMDD`, any offset ignored) becomes `.day`; `YYYY` and `YYYYMM` stay partial
    /// (`.partial`); a time of day with a UTC offset becomes `.stated` (shown at that offset).
    ///
    /// A timestamp with a time but **no UTC offset is read as UTC** (HL7 says it is the sender's
    /// local time, which the document does not name). Impossible dates give nil.
    static func parse(_ raw: String) -> CareDate? {
        guard let parts = split(raw) else { return nil }
        if parts.day == 0 {
            return PartialDate(year: parts.year, month: parts.month == 0 ? nil : parts.month).map(CareDate.partial)
        }
        guard let day = LocalDate(year: parts.year, month: parts.month, day: parts.day) else { return nil }
        guard let hour = parts.hour else { return .day(day) }
        let minute = parts.minute ?? 0
        let second = parts.second ?? 0
        guard (0...23).contains(hour), (0...59).contains(minute), (0...60).contains(second) else { return nil }
        let seconds = Double(day.daysSinceEpoch) * 86_400 + Double(hour * 3600 + minute * 60 + second) + parts.fraction
            - Double(parts.offsetSeconds ?? 0)
        let instant = Date(timeIntervalSince1970: seconds)
        return parts.offsetSeconds.map { .stated(instant, offsetSeconds: $0) } ?? .instant(instant)
    }

    /// The calendar day written in the timestamp (its first eight digits), e.g. for a birth time.
    static func localDate(_ raw: String) -> LocalDate? {
        guard let parts = split(raw) else { return nil }
        return LocalDate(year: parts.year, month: parts.month, day: parts.day)
    }

    private struct Parts {
        var year = 0, month = 0, day = 0
        var hour: Int?, minute: Int?, second: Int?
        var fraction = 0.0
        var offsetSeconds: Int?
    }

    private static func split(_ raw: String) -> Parts? {
        let text = Array(raw.trimmingCharacters(in: .whitespaces).utf8)
        var i = 0
        var digits: [Int] = []
        while i < text.count, (48...57).contains(text[i]) { digits.append(Int(text[i]) - 48); i += 1 }
        guard [4, 6, 8, 10, 12, 14].contains(digits.count) else { return nil }
        func number(_ from: Int, _ count: Int) -> Int { digits[from..<(from + count)].reduce(0) { $0 * 10 + $1 } }
        var parts = Parts()
        parts.year = number(0, 4)
        if digits.count >= 6 { parts.month = number(4, 2) }
        if digits.count >= 8 { parts.day = number(6, 2) }
        if digits.count >= 10 { parts.hour = number(8, 2) }
        if digits.count >= 12 { parts.minute = number(10, 2) }
        if digits.count >= 14 { parts.second = number(12, 2) }
        if i < text.count, text[i] == UInt8(ascii: "."), digits.count == 14 {
            i += 1
            var fraction = "0."
            while i < text.count, (48...57).contains(text[i]) { fraction.append(Character(UnicodeScalar(text[i]))); i += 1 }
            guard fraction.count > 2, let value = Double(fraction) else { return nil }
            parts.fraction = value
        }
        if i < text.count {
            guard text[i] == UInt8(ascii: "+") || text[i] == UInt8(ascii: "-"), text.count - i == 5 else { return nil }
            let sign = text[i] == UInt8(ascii: "-") ? -1 : 1
            var offset: [Int] = []
            for byte in text[(i + 1)...] {
                guard (48...57).contains(byte) else { return nil }
                offset.append(Int(byte) - 48)
            }
            let hours = offset[0] * 10 + offset[1]
            let minutes = offset[2] * 10 + offset[3]
            guard hours <= 14, minutes <= 59 else { return nil }
            parts.offsetSeconds = sign * (hours * 3600 + minutes * 60)
        }
        return parts
    }
}
