/// FHIR `date` / `dateTime` values.
enum FHIRDate {
    /// `YYYY`, `YYYY-MM`, `YYYY-MM-DD` (a day; partial dates stand for their first day) or a
    /// date-time with offset (an instant). Nil when the text is none of these.
    static func parse(_ text: String) -> CareDate? {
        if let day = localDay(text), text.count <= 10 { return .day(day) }
        guard text.count > 10 else { return nil }
        return CareDate.parse(text)
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
