import Foundation

/// Deterministic wording of dates, times and numbers for every report, in the reader's language:
/// the names of days and months and the decimal mark come from the translation catalogue (fixed
/// tables, never the machine's locale data), so the same input gives the same bytes anywhere.
public struct DisplayFormat: Sendable {
    public let timeZone: TimeZone
    /// The reader's language.
    public let words: Localizer
    private let weekdayNames: [String]
    private let monthNames: [String]
    /// `.` in English, `,` in Spanish.
    public let decimalMark: String

    public init(timeZone: TimeZone, words: Localizer = .english) {
        self.timeZone = timeZone
        self.words = words
        if words.isEnglish {
            (weekdayNames, monthNames, decimalMark) = (Self.weekdays, Self.months, ".")
        } else {
            weekdayNames = [
                words.t("Mon", context: "weekday"), words.t("Tue", context: "weekday"), words.t("Wed", context: "weekday"),
                words.t("Thu", context: "weekday"), words.t("Fri", context: "weekday"), words.t("Sat", context: "weekday"),
                words.t("Sun", context: "weekday"),
            ]
            monthNames = [
                words.t("Jan", context: "month"), words.t("Feb", context: "month"), words.t("Mar", context: "month"),
                words.t("Apr", context: "month"), words.t("May", context: "month"), words.t("Jun", context: "month"),
                words.t("Jul", context: "month"), words.t("Aug", context: "month"), words.t("Sep", context: "month"),
                words.t("Oct", context: "month"), words.t("Nov", context: "month"), words.t("Dec", context: "month"),
            ]
            decimalMark = words.t(".", context: "decimal mark")
        }
    }

    static let weekdays = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
    static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// The short name of a weekday (1 = Monday): `Tue`, `mar`.
    public func weekday(_ isoWeekday: Int) -> String { weekdayNames[isoWeekday - 1] }

    /// The short name of a month (1 = January): `Apr`, `abr`.
    public func month(_ month: Int) -> String { monthNames[month - 1] }

    /// `Tue 14 Jan 2025` (`mar 14 ene 2025`).
    public func day(_ day: LocalDate) -> String {
        "\(weekdayNames[day.isoWeekday - 1]) \(day.day) \(monthNames[day.month - 1]) \(day.year)"
    }

    /// `14 Jan`.
    public func shortDay(_ day: LocalDate) -> String {
        "\(day.day) \(monthNames[day.month - 1])"
    }

    /// `Tue 14 Jan 2025, 08:30` for instants (in the offset the source stated, else the export's
    /// zone), the day alone for calendar dates, `Jan 2015` / `2015` for partial dates and
    /// "date unknown" when the source says so.
    public func dateTime(_ date: CareDate) -> String {
        switch date {
        case .instant(let instant): dayAndTime(instant, in: timeZone)
        case .stated(let instant, let offset): dayAndTime(instant, in: TimeZone(secondsFromGMT: offset) ?? timeZone)
        case .day, .partial, .unknown: self.date(date)
        }
    }

    /// A date at no more than the precision its source gives: `Tue 14 Jan 2025` for a day (or an
    /// instant's day in its stated offset), `Jan 2015` (`ene 2015`), `2015`, or "date unknown".
    public func date(_ date: CareDate) -> String {
        switch date {
        case .instant, .stated, .day: day(date.localDay(in: timeZone))
        case .partial(let partial): partial.month.map { "\(monthNames[$0 - 1]) \(partial.year)" } ?? "\(partial.year)"
        case .unknown: words.t("date unknown")
        }
    }

    /// "since Tue 14 Jan 2025" for a day, "since Jan 2015" / "since 2015" (es "desde ene 2015")
    /// for a partial date; nil for an unknown date, which says nothing of since when.
    public func since(_ date: CareDate) -> String? {
        switch date {
        case .unknown: nil
        case .partial: words.t("since {date}", context: "partial date", ["date": self.date(date)])
        default: words.t("since {day}", ["day": self.date(date)])
        }
    }

    /// A number as ``number(_:maxDecimals:)`` with the reader's decimal mark: 7,8 in Spanish.
    public func number(_ value: Double, maxDecimals: Int = 2) -> String {
        localized(Self.number(value, maxDecimals: maxDecimals))
    }

    /// A number already written with `.` (`ChartFormat.fixed`, a lab value as recorded) with the reader's decimal mark.
    public func localized(_ text: String) -> String {
        decimalMark == "." || !text.utf8.contains(UInt8(ascii: ".")) ? text : text.split(separator: ".", omittingEmptySubsequences: false).joined(separator: decimalMark)
    }

    /// `86%` (`86 %` in Spanish, with a no-break space).
    public func percent(_ fraction: Double) -> String {
        words.isEnglish ? Self.percent(fraction) : words.t("{number}%", context: "percent", ["number": "\(Int((fraction * 100).rounded()))"])
    }

    /// `2 h 15 min`, `45 min` (the same symbols in Spanish).
    public func duration(minutes: Int) -> String { Self.duration(minutes: minutes) }

    /// `Tue 14 Jan 2025, 08:30` in `zone`: the zone's offset read once for the day and the time.
    private func dayAndTime(_ instant: Date, in zone: TimeZone) -> String {
        let seconds = Int(instant.timeIntervalSince1970.rounded(.down)) + zone.offset(at: instant)
        return "\(day(LocalDate(daysSinceEpoch: Int((Double(seconds) / 86_400).rounded(.down))))), \(Self.clock(seconds))"
    }

    /// `08:30` in the export's zone.
    public func time(_ instant: Date) -> String {
        Self.clock(Int(instant.timeIntervalSince1970.rounded(.down)) + timeZone.offset(at: instant))
    }

    /// `08:30` for local seconds since the epoch.
    private static func clock(_ seconds: Int) -> String {
        let minutes = ((seconds % 86_400) + 86_400) % 86_400 / 60
        return (minutes / 60 < 10 ? "0" : "") + "\(minutes / 60):" + (minutes % 60 < 10 ? "0" : "") + "\(minutes % 60)"
    }

    /// The local calendar day of a date.
    public func localDay(_ date: CareDate) -> LocalDate { date.localDay(in: timeZone) }

    /// `2025-04-14T08:30:00-07:00`, for machine-readable attributes.
    public func iso(_ instant: Date) -> String {
        let offset = timeZone.offset(at: instant)
        let local = LocalDate(instant, in: timeZone)
        let sign = offset < 0 ? "-" : "+"
        let hours = abs(offset) / 3600
        let minutes = abs(offset) % 3600 / 60
        return "\(local)T\(time(instant)):\(pad(Int(instant.timeIntervalSince1970.rounded(.down)) % 60))\(sign)\(pad(hours)):\(pad(minutes))"
    }

    private func pad(_ number: Int) -> String { (number < 10 ? "0" : "") + "\(((number % 60) + 60) % 60 == number ? number : number)" }

    /// A number without trailing zeros: 7.8, 120, 0.25.
    public static func number(_ value: Double, maxDecimals: Int = 2) -> String {
        if value.rounded() == value, abs(value) < 1e15 { return String(Int64(value)) }
        var scale = 1.0
        for _ in 0..<maxDecimals { scale *= 10 }
        let rounded = (value * scale).rounded() / scale
        if rounded == 0 { return "0" }
        var text = fixedDecimals(value, scale: scale, decimals: maxDecimals) ?? String(format: "%.\(maxDecimals)f", rounded)
        guard text.utf8.contains(UInt8(ascii: ".")) else { return text }  // no decimals asked for: "140" keeps its zero
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }

    /// What `String(format: "%.{decimals}f", rounded)` writes for the `rounded` of ``number(_:maxDecimals:)``,
    /// made from the whole number `(value × scale).rounded()` without Foundation's formatter; nil
    /// where that could differ (a magnitude of 10⁹ or more, more than 6 decimals), left to the formatter.
    /// Below 10⁹ a double is within 10⁻⁷ of the decimal it stands for, so both write the same digits.
    static func fixedDecimals(_ value: Double, scale: Double, decimals: Int) -> String? {
        guard value.isFinite, value.magnitude < 1e9, (0...6).contains(decimals) else { return nil }
        let units = Int64((value * scale).rounded())
        let magnitude = units.magnitude
        let divisor = UInt64(scale)
        var text = units < 0 ? "-" : ""
        text += String(magnitude / divisor)
        guard decimals > 0 else { return text }
        let fraction = String(magnitude % divisor)
        text += "." + String(repeating: "0", count: decimals - fraction.count) + fraction
        return text
    }

    /// `86%` from a fraction.
    public static func percent(_ fraction: Double) -> String { "\(Int((fraction * 100).rounded()))%" }

    /// `2 h 15 min`, `45 min`.
    public static func duration(minutes: Int) -> String {
        if minutes < 60 { return "\(minutes) min" }
        return minutes % 60 == 0 ? "\(minutes / 60) h" : "\(minutes / 60) h \(minutes % 60) min"
    }
}
