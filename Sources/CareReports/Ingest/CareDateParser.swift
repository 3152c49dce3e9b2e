import Foundation

/// Parses `YYYY-MM-DD` and RFC 3339 date-times (`2025-04-14T08:30:00-07:00`, fractions allowed).
enum CareDateParser {
    static func parse(_ text: String) -> CareDate? {
        var text = text
        return text.withUTF8 { bytes in parse(bytes) }
    }

    private static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> CareDate? {
        func digits(_ start: Int, _ count: Int) -> Int? {
            guard start + count <= bytes.count else { return nil }
            var value = 0
            for index in start..<(start + count) {
                let byte = bytes[index]
                guard byte >= 0x30, byte <= 0x39 else { return nil }
                value = value * 10 + Int(byte - 0x30)
            }
            return value
        }
        func byte(_ index: Int, is char: Unicode.Scalar) -> Bool {
            index < bytes.count && bytes[index] == UInt8(truncatingIfNeeded: char.value)
        }
        guard let year = digits(0, 4), byte(4, is: "-"), let month = digits(5, 2), byte(7, is: "-"),
            let dayOfMonth = digits(8, 2), let day = LocalDate(year: year, month: month, day: dayOfMonth)
        else { return nil }
        if bytes.count == 10 { return .day(day) }
        guard bytes.count >= 17, bytes[10] == 0x54 || bytes[10] == 0x74 || bytes[10] == 0x20,
            let hour = digits(11, 2), byte(13, is: ":"), let minute = digits(14, 2), hour < 24, minute < 60
        else { return nil }
        var index = 16
        var second = 0.0
        if byte(index, is: ":") {
            guard let whole = digits(index + 1, 2), whole < 61 else { return nil }
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
            guard let offsetHours = digits(index + 1, 2), byte(index + 3, is: ":"), let offsetMinutes = digits(index + 4, 2),
                offsetHours < 24, offsetMinutes < 60
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
