import Foundation

/// A date from the export: an instant (RFC 3339 date-time) or a local calendar day (`YYYY-MM-DD`).
public enum CareDate: Sendable, Hashable {
    case instant(Date)
    case day(LocalDate)

    /// The instant this date stands for; a calendar day is its local midnight in `zone`.
    public func resolved(in zone: TimeZone) -> Date {
        switch self {
        case .instant(let date): date
        case .day(let day): day.midnight(in: zone)
        }
    }

    /// The local calendar day of this date in `zone`.
    public func localDay(in zone: TimeZone) -> LocalDate {
        switch self {
        case .instant(let date): LocalDate(date, in: zone)
        case .day(let day): day
        }
    }
}

extension CareDate {
    /// Parses `YYYY-MM-DD` or an RFC 3339 date-time with offset.
    public static func parse(_ text: String) -> CareDate? { CareDateParser.parse(text) }
}
