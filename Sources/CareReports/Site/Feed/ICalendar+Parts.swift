import Foundation

extension ICalendar {
    /// The calendar's opening lines (through X-WR-CALNAME), folded and CRLF-ended as `text()` writes
    /// them: a calendar written in parts is `head() + events() + … + foot`, the same bytes as `text()`.
    public func head() -> String {
        var lines: [String] = ["BEGIN:VCALENDAR", "VERSION:2.0"]
        lines.append("PRODID:" + FeedText.icsEscaped(productID))
        lines.append("CALSCALE:GREGORIAN")
        lines.append("METHOD:PUBLISH")
        if let name { lines.append("X-WR-CALNAME:" + FeedText.icsEscaped(name)) }
        return Self.folded(lines)
    }

    /// Every event's lines, folded and CRLF-ended.
    public func eventsText() -> String {
        Self.folded(events.flatMap { $0.contentLines(timeZone: timeZone) })
    }

    /// The closing line.
    public static let foot = "END:VCALENDAR\r\n"

    private static func folded(_ lines: [String]) -> String {
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
