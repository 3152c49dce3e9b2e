import Foundation

/// Locale-free, deterministic wording of dates, times and numbers for every report.
public struct DisplayFormat: Sendable {
    public let timeZone: TimeZone

    public init(timeZone: TimeZone) {
        self.timeZone = timeZone
    }

    static let weekdays = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
    static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// `Tue 14 Jan 2025`.
    public func day(_ day: LocalDate) -> String {
        "\(Self.weekdays[day.isoWeekday - 1]) \(day.day) \(Self.months[day.month - 1]) \(day.year)"
    }

    /// `14 Jan`.
    public func shortDay(_ day: LocalDate) -> String {
        "\(day.day) \(Self.months[day.month - 1])"
    }

    /// `Tue 14 Jan 2025, 08:30` for instants, the day alone for calendar dates.
    public func dateTime(_ date: CareDate) -> String {
        switch date {
        case .day(let localDay): day(localDay)
        case .instant(let instant): "\(day(LocalDate(instant, in: timeZone))), \(time(instant))"
        }
    }

    /// `08:30` in the export's zone.
    public func time(_ instant: Date) -> String {
        let seconds = Int(instant.timeIntervalSince1970.rounded(.down)) + timeZone.offset(at: instant)
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
        var text = String(format: "%.\(maxDecimals)f", rounded)
        guard text.contains(".") else { return text }  // no decimals asked for: "140" keeps its zero
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
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
