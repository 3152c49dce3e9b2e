/// An ISO 8601 week (Monday to Sunday), e.g. 2025-W16.
public struct ISOWeek: Sendable, Hashable, Comparable, CustomStringConvertible {
    public let year: Int
    public let week: Int

    /// The week that holds `day`.
    public init(containing day: LocalDate) {
        let thursday = day.adding(days: 4 - day.isoWeekday)
        let firstOfYear = LocalDate(year: thursday.year, month: 1, day: 1)!
        self.year = thursday.year
        self.week = (thursday.daysSinceEpoch - firstOfYear.daysSinceEpoch) / 7 + 1
    }

    /// Parses `YYYY-Www`.
    public init?(_ text: String) {
        let parts = text.split(separator: "-")
        guard parts.count == 2, parts[1].first == "W", let year = Int(parts[0]), let week = Int(parts[1].dropFirst()),
            (1...53).contains(week)
        else { return nil }
        self.year = year
        self.week = week
        guard ISOWeek(containing: monday) == self else { return nil }
    }

    /// The Monday that starts the week.
    public var monday: LocalDate {
        let january4 = LocalDate(year: year, month: 1, day: 4)!
        let firstMonday = january4.adding(days: 1 - january4.isoWeekday)
        return firstMonday.adding(days: (week - 1) * 7)
    }

    /// The Sunday that ends the week.
    public var sunday: LocalDate { monday.adding(days: 6) }

    public var next: ISOWeek { ISOWeek(containing: monday.adding(days: 7)) }
    public var previous: ISOWeek { ISOWeek(containing: monday.adding(days: -7)) }

    public func contains(_ day: LocalDate) -> Bool { day >= monday && day <= sunday }

    public var description: String { "\(year)-W\(week < 10 ? "0" : "")\(week)" }

    public static func < (lhs: ISOWeek, rhs: ISOWeek) -> Bool { (lhs.year, lhs.week) < (rhs.year, rhs.week) }
}
