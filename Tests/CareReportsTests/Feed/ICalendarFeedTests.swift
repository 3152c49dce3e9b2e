import CareReports
import Foundation
import Testing

@Suite struct ICalendarFeedTests {
    static let pacific = TimeZone(secondsFromGMT: -7 * 3600)!
    /// 2025-04-19T01:00:00Z, the run's "now".
    static let now = Date(timeIntervalSince1970: 1_745_024_400)
    static let apptStart = Date(timeIntervalSince1970: 1_745_343_000)  // 2025-04-22T17:30:00Z
    static let apptEnd = Date(timeIntervalSince1970: 1_745_345_700)  // 2025-04-22T18:15:00Z

    static func day(_ y: Int, _ m: Int, _ d: Int) -> LocalDate { LocalDate(year: y, month: m, day: d)! }

    static func smallCalendar() -> ICalendar {
        ICalendar(
            productID: "-//carereport//carereport 1.0//EN",
            name: "Margaret – care calendar",
            timeZone: pacific,
            events: [
                ICalendarEvent(
                    uid: "appt-42@carereport.invalid", dtstamp: now, summary: "Cardiology follow-up",
                    description: "Bring list\nof meds", location: "Clinic, Room 4; 2nd floor",
                    timing: .timed(start: apptStart, end: apptEnd), status: .confirmed, categories: ["Appointment"]),
                ICalendarEvent(
                    uid: "task-7-due@carereport.invalid", dtstamp: now, summary: "Refill pill organiser",
                    timing: .allDay(start: day(2025, 4, 14)),
                    recurrence: ICalendarRecurrence(
                        frequency: .weekly, byDay: [.thursday, .monday], end: .untilDate(day(2025, 6, 30))),
                    status: .tentative, categories: ["Task", "", "Medication"]),
            ])
    }

    static func crlf(_ lines: [String]) -> String { lines.map { $0 + "\r\n" }.joined() }

    /// Physical lines of an iCalendar stream, as raw bytes, split on CRLF.
    static func physicalLines(_ text: String) -> [[UInt8]] {
        var lines: [[UInt8]] = []
        var current: [UInt8] = []
        var bytes = Array(text.utf8)[...]
        while let byte = bytes.popFirst() {
            if byte == 0x0D, bytes.first == 0x0A {
                bytes.removeFirst()
                lines.append(current)
                current = []
            } else {
                current.append(byte)
            }
        }
        #expect(current.isEmpty, "stream must end with CRLF")
        return lines
    }

    /// Logical lines: each physical line starting with a space continues the
    /// previous one (RFC 5545 unfolding, done on bytes: a continuation may begin
    /// with a combining mark, which String would merge with the space).
    static func unfolded(_ text: String) -> [String] {
        var logical: [[UInt8]] = []
        for line in physicalLines(text) {
            if line.first == 0x20, !logical.isEmpty {
                logical[logical.count - 1] += line.dropFirst()
            } else {
                logical.append(line)
            }
        }
        return logical.map { String(decoding: $0, as: UTF8.self) }
    }

    @Test func smallCalendarExactBytes() {
        let expected = Self.crlf([
            "BEGIN:VCALENDAR",
            "VERSION:2.0",
            "PRODID:-//carereport//carereport 1.0//EN",
            "CALSCALE:GREGORIAN",
            "METHOD:PUBLISH",
            "X-WR-CALNAME:Margaret – care calendar",
            "BEGIN:VEVENT",
            "UID:appt-42@carereport.invalid",
            "DTSTAMP:20250419T010000Z",
            "DTSTART:20250422T173000Z",
            "DTEND:20250422T181500Z",
            "SUMMARY:Cardiology follow-up",
            "DESCRIPTION:Bring list\\nof meds",
            "LOCATION:Clinic\\, Room 4\\; 2nd floor",
            "STATUS:CONFIRMED",
            "CATEGORIES:Appointment",
            "END:VEVENT",
            "BEGIN:VEVENT",
            "UID:task-7-due@carereport.invalid",
            "DTSTAMP:20250419T010000Z",
            "DTSTART;VALUE=DATE:20250414",
            "DTEND;VALUE=DATE:20250415",
            "RRULE:FREQ=WEEKLY;BYDAY=MO,TH;UNTIL=20250630",
            "SUMMARY:Refill pill organiser",
            "STATUS:TENTATIVE",
            "CATEGORIES:Task,Medication",
            "END:VEVENT",
            "END:VCALENDAR",
        ])
        let text = Self.smallCalendar().text()
        #expect(text == expected)
        #expect(text == Self.smallCalendar().text())
    }

    @Test func emptyCalendarIsValidSkeleton() {
        let text = ICalendar(productID: "-//x//y//EN", timeZone: .init(secondsFromGMT: 0)!, events: []).text()
        #expect(text == Self.crlf([
            "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//x//y//EN", "CALSCALE:GREGORIAN", "METHOD:PUBLISH", "END:VCALENDAR",
        ]))
    }

    @Test func hostileTextIsEscaped() {
        let hostile = "a\\b;c,d\ne\r\nf\rg\u{0}h\u{7F}i\u{1B}[31m\tj:k\"<script>"
        let event = ICalendarEvent(
            uid: "u;1,2@x", dtstamp: Self.now, summary: hostile, description: hostile, location: hostile,
            timing: .timed(start: Self.apptStart), categories: ["a,b", "c;d"])
        let lines = Self.unfolded(ICalendar(productID: "p", name: "n,m", timeZone: Self.pacific, events: [event]).text())
        let escaped = "a\\\\b\\;c\\,d\\ne\\nf\\ngh" + "i[31m\tj:k\"<script>"
        // SUMMARY and LOCATION are one line: line breaks and tabs are spaces (DisplayText.singleLine).
        let oneLine = "a\\\\b\\;c\\,d e f gh" + "i[31m j:k\"<script>"
        #expect(lines.contains("SUMMARY:\(oneLine)"))
        #expect(lines.contains("DESCRIPTION:\(escaped)"))
        #expect(lines.contains("LOCATION:\(oneLine)"))
        #expect(lines.contains("UID:u\\;1\\,2@x"))
        #expect(lines.contains("X-WR-CALNAME:n\\,m"))
        #expect(lines.contains("CATEGORIES:a\\,b,c\\;d"))
        #expect(!lines.contains { $0.hasPrefix("DTEND") }, "timed event without end has no DTEND")
        for line in lines {
            #expect(!line.unicodeScalars.contains { ($0.value < 0x20 && $0 != "\t") || $0.value == 0x7F })
        }
    }

    /// 300 characters mixing ASCII, accents, single-scalar emoji and ZWJ emoji sequences.
    static let longSummary: String = {
        let unit = "Take 1 tablet 💊 with water 👩‍⚕️ — ünïcødé 家族 🏳️‍🌈 "
        var text = ""
        while text.count < 300 { text += unit }
        return String(text.prefix(300))
    }()

    @Test func longLinesFoldAt75OctetsWithoutSplittingCharacters() throws {
        #expect(Self.longSummary.count == 300)
        #expect(Self.longSummary.utf8.count > 3 * 75)
        // One grapheme cluster wider than a whole line: "e" with 60 combining accents.
        let hugeCluster = "e" + String(repeating: "\u{301}", count: 60)
        #expect(hugeCluster.count == 1 && hugeCluster.utf8.count > 75)
        let calendar = ICalendar(
            productID: "p", timeZone: Self.pacific,
            events: [
                ICalendarEvent(uid: "1@x", dtstamp: Self.now, summary: Self.longSummary,
                               description: "x" + hugeCluster + hugeCluster, timing: .allDay(start: Self.day(2025, 4, 14)))
            ])
        let text = calendar.text()
        var continuation = 0
        for line in Self.physicalLines(text) {
            #expect(line.count <= 75, "physical line of \(line.count) octets")
            #expect(String(validating: line, as: UTF8.self) != nil, "a physical line splits a UTF-8 sequence")
            if line.first == 0x20 { continuation += 1 }
        }
        #expect(continuation >= 4)
        let lines = Self.unfolded(text)
        #expect(lines.contains("SUMMARY:" + Self.longSummary))
        #expect(lines.contains("DESCRIPTION:x" + hugeCluster + hugeCluster))
        // Exactly-75-octet lines are not folded; 76 are.
        let exact = ICalendar(productID: String(repeating: "p", count: 75 - 7), timeZone: Self.pacific, events: []).text()
        #expect(exact.contains("\r\nPRODID:" + String(repeating: "p", count: 68) + "\r\nCALSCALE"))
        let over = ICalendar(productID: String(repeating: "p", count: 76 - 7), timeZone: Self.pacific, events: []).text()
        #expect(over.contains("\r\nPRODID:" + String(repeating: "p", count: 68) + "\r\n p\r\nCALSCALE"))
    }

    @Test func allDayAndTimedValues() {
        let allDay = ICalendarEvent(uid: "a@x", dtstamp: Self.now, summary: "s", timing: .allDay(start: Self.day(2025, 12, 31)))
        let span = ICalendarEvent(uid: "b@x", dtstamp: Self.now, summary: "s",
                                  timing: .allDay(start: Self.day(2024, 2, 28), end: Self.day(2024, 3, 1)))
        let timed = ICalendarEvent(uid: "c@x", dtstamp: Date(timeIntervalSince1970: 1_745_024_400.9), summary: "s",
                                   timing: .timed(start: Self.apptStart.addingTimeInterval(0.999), end: Self.apptEnd))
        let lines = Self.unfolded(ICalendar(productID: "p", timeZone: Self.pacific, events: [allDay, span, timed]).text())
        #expect(lines.contains("DTSTART;VALUE=DATE:20251231"))
        #expect(lines.contains("DTEND;VALUE=DATE:20260101"))
        #expect(lines.contains("DTSTART;VALUE=DATE:20240228"))
        #expect(lines.contains("DTEND;VALUE=DATE:20240301"))
        #expect(lines.contains("DTSTART:20250422T173000Z"))
        #expect(lines.contains("DTEND:20250422T181500Z"))
        #expect(lines.filter { $0 == "DTSTAMP:20250419T010000Z" }.count == 3)
    }

    @Test func rruleForms() {
        let timed = ICalendarEventTiming.timed(start: Self.apptStart)
        let zone = Self.pacific
        #expect(ICalendarRecurrence(frequency: .daily).value(for: timed, timeZone: zone) == "FREQ=DAILY")
        #expect(ICalendarRecurrence(frequency: .daily, interval: 1).value(for: timed, timeZone: zone) == "FREQ=DAILY")
        #expect(ICalendarRecurrence(frequency: .daily, interval: 0).value(for: timed, timeZone: zone) == "FREQ=DAILY")
        #expect(ICalendarRecurrence(frequency: .weekly, interval: 2, byDay: [.friday, .monday, .monday, .sunday])
            .value(for: timed, timeZone: zone) == "FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,FR,SU")
        #expect(ICalendarRecurrence(frequency: .monthly, end: .count(6)).value(for: timed, timeZone: zone)
            == "FREQ=MONTHLY;COUNT=6")
        #expect(ICalendarRecurrence(frequency: .monthly, end: .count(0)).value(for: timed, timeZone: zone)
            == "FREQ=MONTHLY;COUNT=1")
        #expect(ICalendarWeekday(isoWeekday: 1) == .monday)
        #expect(ICalendarWeekday(isoWeekday: 7) == .sunday)
        #expect(ICalendarWeekday(isoWeekday: 0) == nil)
        #expect(ICalendarWeekday(isoWeekday: Self.day(2025, 4, 17).isoWeekday) == .thursday)
    }

    @Test func untilMatchesDTStartValueType() {
        let allDay = ICalendarEventTiming.allDay(start: Self.day(2025, 4, 14))
        let timed = ICalendarEventTiming.timed(start: Self.apptStart)
        let lastDay = ICalendarRecurrence(frequency: .daily, end: .untilDate(Self.day(2025, 6, 30)))
        // 2025-07-01T03:00:00Z is still 2025-06-30 (20:00) at -07:00.
        let lastInstant = ICalendarRecurrence(frequency: .daily, end: .untilDateTime(Date(timeIntervalSince1970: 1_751_338_800)))
        #expect(lastDay.value(for: allDay, timeZone: Self.pacific) == "FREQ=DAILY;UNTIL=20250630")
        // Last second of 2025-06-30 at -07:00 is 2025-07-01T06:59:59Z.
        #expect(lastDay.value(for: timed, timeZone: Self.pacific) == "FREQ=DAILY;UNTIL=20250701T065959Z")
        #expect(lastDay.value(for: timed, timeZone: TimeZone(secondsFromGMT: 0)!) == "FREQ=DAILY;UNTIL=20250630T235959Z")
        #expect(lastInstant.value(for: timed, timeZone: Self.pacific) == "FREQ=DAILY;UNTIL=20250701T030000Z")
        #expect(lastInstant.value(for: allDay, timeZone: Self.pacific) == "FREQ=DAILY;UNTIL=20250630")
        #expect(lastInstant.value(for: allDay, timeZone: TimeZone(secondsFromGMT: 0)!) == "FREQ=DAILY;UNTIL=20250701")

        // In a written calendar, a DATE DTSTART gets a DATE UNTIL and a UTC DTSTART a UTC UNTIL.
        let events = [allDay, timed].enumerated().flatMap { index, timing in
            [lastDay, lastInstant].map {
                ICalendarEvent(uid: "\(index)@x", dtstamp: Self.now, summary: "s", timing: timing, recurrence: $0)
            }
        }
        let lines = Self.unfolded(ICalendar(productID: "p", timeZone: Self.pacific, events: events).text())
        var startIsDate: Bool?
        var checked = 0
        for line in lines {
            if line.hasPrefix("DTSTART") { startIsDate = line.hasPrefix("DTSTART;VALUE=DATE:") }
            guard line.hasPrefix("RRULE:"), let isDate = startIsDate,
                  let until = line.components(separatedBy: "UNTIL=").last else { continue }
            #expect(isDate ? until.count == 8 : (until.count == 16 && until.hasSuffix("Z")), "\(line)")
            checked += 1
        }
        #expect(checked == 4)
    }
}
