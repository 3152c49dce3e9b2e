import Foundation

/// Formats dates as RFC 5322 section 3.3 `date-time`, e.g. `Fri, 18 Apr 2025 18:00:00 -0700`.
///
/// Pure arithmetic on the Unix time plus the zone's offset at that instant: English names, no locale,
/// no `DateFormatter`, the same text on every machine. Seconds are truncated; the offset is whole minutes.
public enum RFC5322Date {
    static let days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    public static func string(from date: Date, timeZone: TimeZone) -> String {
        let unix = Int(date.timeIntervalSince1970.rounded(.down))
        let offsetMinutes = timeZone.offset(at: date) / 60
        let local = unix + offsetMinutes * 60
        let dayNumber = floorDivide(local, 86_400)
        let secondOfDay = local - dayNumber * 86_400
        let weekday = ((dayNumber % 7) + 7 + 4) % 7  // 1970-01-01 was a Thursday
        let (year, month, day) = civil(fromDays: dayNumber)
        let sign = offsetMinutes < 0 ? "-" : "+"
        let offset = abs(offsetMinutes)
        return "\(days[weekday]), \(two(day)) \(months[month - 1]) \(year) "
            + "\(two(secondOfDay / 3600)):\(two(secondOfDay / 60 % 60)):\(two(secondOfDay % 60)) "
            + "\(sign)\(two(offset / 60))\(two(offset % 60))"
    }

    private static func two(_ value: Int) -> String {
        value < 10 ? "0\(value)" : "\(value)"
    }

    private static func floorDivide(_ a: Int, _ b: Int) -> Int {
        a >= 0 ? a / b : -((-a + b - 1) / b)
    }

    /// Days since 1970-01-01 to a proleptic Gregorian date (Howard Hinnant's `civil_from_days`).
    private static func civil(fromDays days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = floorDivide(z, 146_097)
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
