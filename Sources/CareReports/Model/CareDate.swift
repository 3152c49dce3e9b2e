import Foundation

/// A date as its source states it: an instant (a date-time with its offset), a local calendar
/// day (`YYYY-MM-DD`), a partial date (a year, or a year and month, as clinical documents give
/// them), or a date the source says is unknown.
public enum CareDate: Sendable, Hashable {
    case instant(Date)
    case day(LocalDate)
    /// `2015` or `2015-01`: shown and written at that precision, never as a day.
    case partial(PartialDate)
    /// An instant the source wrote with its own UTC offset (seconds east of UTC): shown at that
    /// offset, whatever the reader's zone.
    case stated(Date, offsetSeconds: Int)
    /// The source says the date is unknown (FHIR `dataAbsentReason`, C-CDA `nullFlavor`). The
    /// record is filed under `filedOn` (its document's day) for ordering only; it is never shown
    /// as the record's date.
    case unknown(filedOn: LocalDate)

    /// The instant this date stands for; a calendar day (or the first day of a partial date, or
    /// the filing day of an unknown date) is its local midnight in `zone`.
    public func resolved(in zone: TimeZone) -> Date {
        switch self {
        case .instant(let date), .stated(let date, _): date
        case .day(let day), .unknown(let day): day.midnight(in: zone)
        case .partial(let partial): partial.firstDay.midnight(in: zone)
        }
    }

    /// The local calendar day of this date in `zone` (a stated offset's own day; a partial
    /// date's first day; an unknown date's filing day).
    public func localDay(in zone: TimeZone) -> LocalDate {
        switch self {
        case .instant(let date): LocalDate(date, in: zone)
        case .stated(let date, let offset): LocalDate(date, in: TimeZone(secondsFromGMT: offset) ?? zone)
        case .day(let day), .unknown(let day): day
        case .partial(let partial): partial.firstDay
        }
    }

    /// True when the source says the date is unknown.
    public var isUnknown: Bool {
        if case .unknown = self { return true }
        return false
    }

    /// True when the source states a day or an instant (not a partial or unknown date).
    public var isFullDate: Bool {
        switch self {
        case .instant, .stated, .day: true
        case .partial, .unknown: false
        }
    }
}

/// A year, or a year and month, with no day.
public struct PartialDate: Sendable, Hashable, CustomStringConvertible {
    public let year: Int
    /// 1…12, or nil for a year alone.
    public let month: Int?

    /// Nil when the month does not exist.
    public init?(year: Int, month: Int? = nil) {
        if let month, !(1...12).contains(month) { return nil }
        self.year = year
        self.month = month
    }

    /// The first day it covers, for ordering.
    public var firstDay: LocalDate { LocalDate(year: year, month: month ?? 1, day: 1)! }

    /// `2015` or `2015-01`, as FHIR writes them.
    public var description: String {
        let yearText = String(repeating: "0", count: max(0, 4 - String(year).count)) + String(year)
        guard let month else { return yearText }
        return "\(yearText)-\(month < 10 ? "0" : "")\(month)"
    }
}

extension CareDate {
    /// Equal when they stand for the same moment or the same stated day: an instant and an
    /// instant stated at an offset are equal when they are the same moment, whatever the offset
    /// (the offset says how to show it, not when it was).
    public static func == (lhs: CareDate, rhs: CareDate) -> Bool {
        switch (lhs, rhs) {
        case (.instant(let a), .instant(let b)), (.instant(let a), .stated(let b, _)), (.stated(let a, _), .instant(let b)),
            (.stated(let a, _), .stated(let b, _)):
            a == b
        case (.day(let a), .day(let b)): a == b
        case (.partial(let a), .partial(let b)): a == b
        case (.unknown(let a), .unknown(let b)): a == b
        default: false
        }
    }

    public func hash(into hasher: inout Hasher) {
        switch self {
        case .instant(let date), .stated(let date, _): hasher.combine(0); hasher.combine(date)
        case .day(let day): hasher.combine(1); hasher.combine(day)
        case .partial(let partial): hasher.combine(2); hasher.combine(partial)
        case .unknown(let day): hasher.combine(3); hasher.combine(day)
        }
    }

    /// The UTC offset the source stated with an instant (seconds east of UTC); nil otherwise.
    public var statedOffset: Int? {
        if case .stated(_, let offset) = self { return offset }
        return nil
    }

    /// Parses `YYYY-MM-DD` or an RFC 3339 date-time with offset.
    public static func parse(_ text: String) -> CareDate? { CareDateParser.parse(text) }
}
