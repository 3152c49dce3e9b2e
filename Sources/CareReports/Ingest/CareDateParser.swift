import Foundation

/// Parses `YYYY-MM-DD` and RFC 3339 date-times (`2025-04-14T08:30:00-07:00`, fractions allowed).
enum CareDateParser {
    static func parse(_ text: String) -> CareDate? {
        var text = text
        return text.withUTF8 { bytes in parse(bytes) }
    }

    static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> CareDate? {
        /// The number the `count` digits at `start` spell, or -1 when one is not a digit or they run past the end.
        @inline(__always) func digits(_ start: Int, _ count: Int) -> Int {
            guard start + count <= bytes.count else { return -1 }
            var value = 0
            for index in start..<(start + count) {
                let digit = Int(bytes[index]) &- 0x30
                guard digit >= 0, digit <= 9 else { return -1 }
                value = value * 10 + digit
            }
            return value
        }
        @inline(__always) func byte(_ index: Int, is char: Unicode.Scalar) -> Bool {
            index < bytes.count && bytes[index] == UInt8(truncatingIfNeeded: char.value)
        }
        let year = digits(0, 4)
        let month = digits(5, 2)
        let dayOfMonth = digits(8, 2)
        guard year >= 0, month >= 0, dayOfMonth >= 0, byte(4, is: "-"), byte(7, is: "-"),
            let day = LocalDate(year: year, month: month, day: dayOfMonth)
        else { return nil }
        if bytes.count == 10 { return .day(day) }
        let hour = digits(11, 2)
        let minute = digits(14, 2)
        guard bytes.count >= 17, bytes[10] == 0x54 || bytes[10] == 0x74 || bytes[10] == 0x20, hour >= 0, byte(13, is: ":"),
            minute >= 0, hour < 24, minute < 60
        else { return nil }
        var index = 16
        var second = 0.0
        if byte(index, is: ":") {
            let whole = digits(index + 1, 2)
            guard whole >= 0, whole < 61 else { return nil }
            second = Double(whole)
            index += 3
            if byte(index, is: ".") {
                index += 1
                var scale = 0.1
                let start = index
                while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 {
                    second += Double(bytes[index] - 0x30) * scale
                    scale /= 10
                    index += 1
                }
                guard index > start else { return nil }
            }
        }
        var offsetSeconds = 0
        if byte(index, is: "Z") || byte(index, is: "z") {
            index += 1
        } else if byte(index, is: "+") || byte(index, is: "-") {
            let sign = bytes[index] == 0x2D ? -1 : 1
            let offsetHours = digits(index + 1, 2)
            let offsetMinutes = digits(index + 4, 2)
            guard offsetHours >= 0, byte(index + 3, is: ":"), offsetMinutes >= 0, offsetHours < 24, offsetMinutes < 60
            else { return nil }
            offsetSeconds = sign * (offsetHours * 3600 + offsetMinutes * 60)
            index += 6
        } else {
            return nil
        }
        guard index == bytes.count else { return nil }
        let seconds = Double(day.daysSinceEpoch * 86_400 + hour * 3600 + minute * 60 - offsetSeconds) + second
        return .instant(Date(timeIntervalSince1970: seconds))
    }
}
