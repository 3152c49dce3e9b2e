import Foundation

/// An iCalendar object (RFC 5545) holding published VEVENTs, written by
/// `text()` with CRLF line endings and lines folded at 75 octets.
///
/// Generic: appointments and task due dates are both VEVENTs (all-day or timed)
/// so that every calendar application shows them.
public struct ICalendar: Sendable, Hashable {
    /// PRODID, e.g. `-//carereport//carereport 1.0//EN`.
    public var productID: String
    /// X-WR-CALNAME, the display name most clients use for a subscribed calendar.
    public var name: String?
    /// The zone whose days an UNTIL is counted in when its value type has to be
    /// converted to match DTSTART (see `ICalendarRecurrence.End`). Times
    /// themselves are always written in UTC.
    public var timeZone: TimeZone
    /// Written in this order.
    public var events: [ICalendarEvent]

    public init(productID: String, name: String? = nil, timeZone: TimeZone, events: [ICalendarEvent]) {
        self.productID = productID
        self.name = name
        self.timeZone = timeZone
        self.events = events
    }

    /// The calendar stream: every line ends in CRLF (the last one too), no
    /// physical line exceeds 75 octets. Same inputs, same bytes.
    public func text() -> String {
        var lines: [String] = ["BEGIN:VCALENDAR", "VERSION:2.0"]
        lines.append("PRODID:" + FeedText.icsEscaped(productID))
        lines.append("CALSCALE:GREGORIAN")
        lines.append("METHOD:PUBLISH")
        if let name { lines.append("X-WR-CALNAME:" + FeedText.icsEscaped(name)) }
        for event in events { lines += event.contentLines(timeZone: timeZone) }
        lines.append("END:VCALENDAR")
        var out = ""
        for line in lines {
            for physical in FeedText.icsFolded(line) {
                out += physical
                out += "\r\n"
            }
        }
        return out
    }
}

/// When an event happens. DTSTART and DTEND always share a value type, so
/// the type system rules out mixing a DATE start with a DATE-TIME end.
public enum ICalendarEventTiming: Sendable, Hashable {
    /// DATE values: `DTSTART;VALUE=DATE:20250414`. `end` is exclusive (the day
    /// after the last day); nil means a one-day event, written as start + 1 day.
    case allDay(start: LocalDate, end: LocalDate? = nil)
    /// DATE-TIME values written in UTC (`20250418T010000Z`), whole seconds.
    /// A nil `end` writes no DTEND (the event takes no time, as for a deadline).
    case timed(start: Date, end: Date? = nil)
}

public enum ICalendarEventStatus: String, Sendable, Hashable, CaseIterable {
    case tentative = "TENTATIVE"
    case confirmed = "CONFIRMED"
    case cancelled = "CANCELLED"
}

public enum ICalendarWeekday: String, Sendable, Hashable, CaseIterable {
    case monday = "MO", tuesday = "TU", wednesday = "WE", thursday = "TH", friday = "FR", saturday = "SA", sunday = "SU"

    /// From an ISO weekday number, Monday = 1 … Sunday = 7 (as `LocalDate.isoWeekday`).
    public init?(isoWeekday: Int) {
        guard (1...7).contains(isoWeekday) else { return nil }
        self = Self.allCases[isoWeekday - 1]
    }
}

/// A typed RRULE (RFC 5545 section 3.3.10), written as
/// `RRULE:FREQ=…[;INTERVAL=n][;BYDAY=MO,…][;UNTIL=…|;COUNT=n]`.
public struct ICalendarRecurrence: Sendable, Hashable {
    public enum Frequency: String, Sendable, Hashable, CaseIterable {
        case daily = "DAILY", weekly = "WEEKLY", monthly = "MONTHLY"
    }

    /// How the recurrence ends; UNTIL and COUNT cannot both be given.
    public enum End: Sendable, Hashable {
        case never
        /// COUNT=n (values below 1 are written as 1).
        case count(Int)
        /// Last day, inclusive. On an all-day event written as a DATE; on a timed
        /// event written as the UTC DATE-TIME of the last second of that day in
        /// the calendar's zone, because RFC 5545 requires UNTIL to have DTSTART's
        /// value type (and a UTC DATE-TIME for a UTC DTSTART).
        case untilDate(LocalDate)
        /// Last instant, inclusive. On a timed event written as a UTC DATE-TIME;
        /// on an all-day event written as the DATE of that instant in the
        /// calendar's zone.
        case untilDateTime(Date)
    }

    public var frequency: Frequency
    /// Every n-th period; 1 (or less) writes no INTERVAL.
    public var interval: Int
    /// Written in Monday-first order without duplicates; empty writes no BYDAY.
    public var byDay: [ICalendarWeekday]
    public var end: End

    public init(frequency: Frequency, interval: Int = 1, byDay: [ICalendarWeekday] = [], end: End = .never) {
        self.frequency = frequency
        self.interval = interval
        self.byDay = byDay
        self.end = end
    }

    /// The RRULE value (no `RRULE:` prefix) for an event with `timing`; `zone`
    /// converts an UNTIL between day and instant when its type differs from DTSTART's.
    public func value(for timing: ICalendarEventTiming, timeZone zone: TimeZone) -> String {
        var parts = ["FREQ=" + frequency.rawValue]
        if interval > 1 { parts.append("INTERVAL=\(interval)") }
        let days = ICalendarWeekday.allCases.filter(byDay.contains)
        if !days.isEmpty { parts.append("BYDAY=" + days.map(\.rawValue).joined(separator: ",")) }
        switch (end, timing) {
        case (.never, _):
            break
        case (.count(let n), _):
            parts.append("COUNT=\(max(1, n))")
        case (.untilDate(let day), .allDay):
            parts.append("UNTIL=" + FeedText.icsDate(day))
        case (.untilDate(let day), .timed):
            let lastSecond = day.adding(days: 1).midnight(in: zone).addingTimeInterval(-1)
            parts.append("UNTIL=" + FeedText.icsUTCDateTime(lastSecond))
        case (.untilDateTime(let instant), .timed):
            parts.append("UNTIL=" + FeedText.icsUTCDateTime(instant))
        case (.untilDateTime(let instant), .allDay):
            parts.append("UNTIL=" + FeedText.icsDate(LocalDate(instant, in: zone)))
        }
        return parts.joined(separator: ";")
    }
}

/// One VEVENT. Properties are written in a fixed order: UID, DTSTAMP, DTSTART,
/// DTEND, RRULE, SUMMARY, DESCRIPTION, LOCATION, STATUS, CATEGORIES.
public struct ICalendarEvent: Sendable, Hashable {
    /// Globally unique and stable across runs, e.g. `appt-42@carereport.invalid`.
    public var uid: String
    /// DTSTAMP: when the calendar was produced (the run's "now"), in UTC.
    public var dtstamp: Date
    public var summary: String
    public var description: String?
    public var location: String?
    public var timing: ICalendarEventTiming
    public var recurrence: ICalendarRecurrence?
    public var status: ICalendarEventStatus?
    /// CATEGORIES, comma-separated in the given order; empty strings are skipped.
    public var categories: [String]

    public init(
        uid: String,
        dtstamp: Date,
        summary: String,
        description: String? = nil,
        location: String? = nil,
        timing: ICalendarEventTiming,
        recurrence: ICalendarRecurrence? = nil,
        status: ICalendarEventStatus? = nil,
        categories: [String] = []
    ) {
        self.uid = uid
        self.dtstamp = dtstamp
        self.summary = summary
        self.description = description
        self.location = location
        self.timing = timing
        self.recurrence = recurrence
        self.status = status
        self.categories = categories
    }

    /// Unfolded content lines, BEGIN:VEVENT through END:VEVENT.
    func contentLines(timeZone: TimeZone) -> [String] {
        var lines = ["BEGIN:VEVENT"]
        lines.append("UID:" + FeedText.icsEscaped(uid))
        lines.append("DTSTAMP:" + FeedText.icsUTCDateTime(dtstamp))
        switch timing {
        case .allDay(let start, let end):
            lines.append("DTSTART;VALUE=DATE:" + FeedText.icsDate(start))
            lines.append("DTEND;VALUE=DATE:" + FeedText.icsDate(end ?? start.adding(days: 1)))
        case .timed(let start, let end):
            lines.append("DTSTART:" + FeedText.icsUTCDateTime(start))
            if let end { lines.append("DTEND:" + FeedText.icsUTCDateTime(end)) }
        }
        if let recurrence { lines.append("RRULE:" + recurrence.value(for: timing, timeZone: timeZone)) }
        // SUMMARY, LOCATION and CATEGORIES are one line (DisplayText.singleLine); DESCRIPTION may hold several.
        lines.append("SUMMARY:" + FeedText.icsEscaped(DisplayText.singleLine(summary)))
        if let description { lines.append("DESCRIPTION:" + FeedText.icsEscaped(description)) }
        if let location { lines.append("LOCATION:" + FeedText.icsEscaped(DisplayText.singleLine(location))) }
        if let status { lines.append("STATUS:" + status.rawValue) }
        let names = categories.filter { !$0.isEmpty }
        if !names.isEmpty { lines.append("CATEGORIES:" + names.map { FeedText.icsEscaped(DisplayText.singleLine($0)) }.joined(separator: ",")) }
        lines.append("END:VEVENT")
        return lines
    }
}
