import Foundation

/// A calendar day with no time zone (proleptic Gregorian).
public struct LocalDate: Sendable, Hashable, Comparable, CustomStringConvertible {
    public let year: Int
    public let month: Int
    public let day: Int

    /// Makes a day; nil when the month or day does not exist.
    public init?(year: Int, month: Int, day: Int) {
        guard (1...12).contains(month), day >= 1, day <= LocalDate.daysIn(month: month, year: year) else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// The local day of `date` in `zone`.
    public init(_ date: Date, in zone: TimeZone) {
        let seconds = Int(date.timeIntervalSince1970.rounded(.down)) + zone.offset(at: date)
        self.init(daysSinceEpoch: Int((Double(seconds) / 86_400).rounded(.down)))
    }

    /// The day `days` after 1970-01-01 (Howard Hinnant's civil-from-days).
    public init(daysSinceEpoch days: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let day = doy - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        self.year = yoe + era * 400 + (month <= 2 ? 1 : 0)
        self.month = month
        self.day = day
    }

    /// Days since 1970-01-01 (Howard Hinnant's days-from-civil).
    public var daysSinceEpoch: Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let doy = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    /// ISO weekday, Monday = 1 … Sunday = 7.
    public var isoWeekday: Int { ((daysSinceEpoch % 7 + 7 + 3) % 7) + 1 }

    /// The day `count` days later (or earlier, when negative).
    public func adding(days count: Int) -> LocalDate { LocalDate(daysSinceEpoch: daysSinceEpoch + count) }

    /// Local midnight of this day in `zone`.
    public func midnight(in zone: TimeZone) -> Date {
        let utc = Date(timeIntervalSince1970: Double(daysSinceEpoch) * 86_400)
        let guess = utc.addingTimeInterval(-Double(zone.offset(at: utc)))
        return utc.addingTimeInterval(-Double(zone.offset(at: guess)))
    }

    public var description: String {
        let y = String(year)
        let m = month < 10 ? "0\(month)" : "\(month)"
        let d = day < 10 ? "0\(day)" : "\(day)"
        return "\(String(repeating: "0", count: max(0, 4 - y.count)))\(y)-\(m)-\(d)"
    }

    public static func < (lhs: LocalDate, rhs: LocalDate) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}
