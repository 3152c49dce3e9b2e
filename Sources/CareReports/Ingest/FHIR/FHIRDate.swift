/// FHIR `date` / `dateTime` values.
enum FHIRDate {
    /// `YYYY` or `YYYY-MM` (a partial date, kept at its precision), `YYYY-MM-DD` (a day) or a
    /// date-time with offset (an instant shown at that offset). Nil when the text is none of these.
    static func parse(_ text: String) -> CareDate? {
        if let day = localDay(text), text.utf8.count <= 10 {
            switch text.utf8.count {
            case 4: return PartialDate(year: day.year).map(CareDate.partial)
            case 7: return PartialDate(year: day.year, month: day.month).map(CareDate.partial)
            default: return .day(day)
            }
        }
        guard text.utf8.count > 10, case .instant(let instant)? = CareDate.parse(text) else { return nil }
        return .stated(instant, offsetSeconds: offset(text) ?? 0)
    }

    /// The UTC offset a date-time ends with (`Z`, `+12:00`, `-08:00`), in seconds.
    static func offset(_ text: String) -> Int? {
        let bytes = Array(text.utf8)
        if let last = bytes.last, last == UInt8(ascii: "Z") || last == UInt8(ascii: "z") { return 0 }
        guard bytes.count >= 6 else { return nil }
        let tail = bytes[(bytes.count - 6)...].map { $0 }
        guard tail[0] == UInt8(ascii: "+") || tail[0] == UInt8(ascii: "-"), tail[3] == UInt8(ascii: ":") else { return nil }
        let digits = [tail[1], tail[2], tail[4], tail[5]].map { Int($0) - 48 }
        guard digits.allSatisfy({ (0...9).contains($0) }) else { return nil }
        let seconds = (digits[0] * 10 + digits[1]) * 3600 + (digits[2] * 10 + digits[3]) * 60
        return tail[0] == UInt8(ascii: "-") ? -seconds : seconds
    }

    /// The calendar day as written at the start of the text (the local day of a date-time in its
    /// own offset), for titles and grouping.
    static func localDay(_ text: String) -> LocalDate? {
        let chars = Array(text.utf8.prefix(10))
        func digits(_ range: Range<Int>) -> Int? {
            guard range.upperBound <= chars.count else { return nil }
            var value = 0
            for index in range {
                guard chars[index] >= 0x30, chars[index] <= 0x39 else { return nil }
                value = value * 10 + Int(chars[index] - 0x30)
            }
            return value
        }
        guard let year = digits(0..<4) else { return nil }
        if chars.count == 4 { return LocalDate(year: year, month: 1, day: 1) }
        guard chars.count >= 7, chars[4] == 0x2D, let month = digits(5..<7) else { return nil }
        if chars.count == 7 { return LocalDate(year: year, month: month, day: 1) }
        guard chars.count == 10, chars[7] == 0x2D, let day = digits(8..<10) else { return nil }
        return LocalDate(year: year, month: month, day: day)
    }

    private static let monthNames = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// "12 Mar 2019".
    static func title(_ day: LocalDate) -> String {
        "\(day.day) \(monthNames[day.month - 1]) \(day.year)"
    }
}
