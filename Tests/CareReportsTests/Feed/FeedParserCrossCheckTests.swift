import CareReports
import Foundation
import Testing

/// Independent parsers (Python's feedparser + ElementTree, and icalendar) must
/// accept the writers' output. Skipped when python3 or the modules are missing
/// (`pip install feedparser icalendar`).
@Suite struct FeedParserCrossCheckTests {
    static let parsersAvailable: Bool = (try? runPython("import feedparser, icalendar", arguments: [])) != nil

    /// Runs `python3 -c script arguments…`; returns stdout, throws on a non-zero exit.
    static func runPython(_ script: String, arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script] + arguments
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let stdout = output.fileHandleForReading.readDataToEndOfFile()
        let stderr = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw PythonFailure(message: String(decoding: stderr, as: UTF8.self))
        }
        return String(decoding: stdout, as: UTF8.self)
    }

    struct PythonFailure: Error, CustomStringConvertible {
        let message: String
        var description: String { message }
    }

    static func withTemporaryFile<T>(_ contents: String, _ body: (String) throws -> T) throws -> T {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("carereport-feed-\(UUID().uuidString)")
        try Data(contents.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        return try body(url.path)
    }

    static func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    static let feedScript = """
        import sys, json, feedparser, xml.etree.ElementTree as ET
        data = open(sys.argv[1], 'rb').read()
        root = ET.fromstring(data)
        assert root.tag == '{http://www.w3.org/2005/Atom}feed', root.tag
        d = feedparser.parse(data)
        if d.bozo:
            raise SystemExit('feedparser: %r' % (d.bozo_exception,))
        print(json.dumps({
            'version': d.version,
            'title': d.feed.title,
            'entries': len(d.entries),
            'ids': [e.id for e in d.entries],
            'titles': [e.title for e in d.entries],
            'updated': [e.updated for e in d.entries],
        }))
        """

    static let calendarScript = """
        import sys, json, icalendar
        cal = icalendar.Calendar.from_ical(open(sys.argv[1], 'rb').read())
        if getattr(cal, 'errors', None):
            raise SystemExit('icalendar: %r' % (cal.errors,))
        events = cal.walk('VEVENT')
        for e in events:
            if e.errors:
                raise SystemExit('icalendar: %r' % (e.errors,))
        print(json.dumps({
            'name': str(cal.get('X-WR-CALNAME')),
            'events': len(events),
            'summaries': [str(e.get('SUMMARY')) for e in events],
            'starts': [e.decoded('DTSTART').isoformat() for e in events],
            'rrules': [e['RRULE'].to_ical().decode() if 'RRULE' in e else None for e in events],
        }))
        """

    @Test(.enabled(if: parsersAvailable, "python3 with feedparser and icalendar is not installed"))
    func feedparserAcceptsFeed() throws {
        var feed = AtomFeedTests.smallFeed()
        let hostile = "<script>alert('x')</script> & \u{1}\u{FFFF}done 💊"
        feed.entries.append(AtomEntry(
            id: "urn:carereport:hostile", title: hostile, updated: AtomFeedTests.friday,
            alternateHref: "weeks/x.html", summary: hostile, contentHTML: "<b>" + hostile + "</b>"))
        let result = try Self.withTemporaryFile(feed.xml()) { try Self.runPython(Self.feedScript, arguments: [$0]) }
        let parsed = try Self.json(result)
        #expect(parsed["version"] as? String == "atom10")
        #expect(parsed["title"] as? String == "Margaret’s care summaries")
        #expect(parsed["entries"] as? Int == 3)
        #expect(parsed["ids"] as? [String] == feed.entries.map(\.id))
        #expect((parsed["titles"] as? [String])?.last == "<script>alert('x')</script> & done 💊")
        #expect((parsed["updated"] as? [String])?.first == "2025-04-18T18:00:00-07:00")
    }

    @Test(.enabled(if: parsersAvailable, "python3 with feedparser and icalendar is not installed"))
    func icalendarAcceptsCalendar() throws {
        var calendar = ICalendarFeedTests.smallCalendar()
        calendar.events.append(ICalendarEvent(
            uid: "long@x", dtstamp: ICalendarFeedTests.now, summary: ICalendarFeedTests.longSummary,
            description: "a\\b;c,d\ne", timing: .timed(start: ICalendarFeedTests.apptStart, end: ICalendarFeedTests.apptEnd),
            recurrence: ICalendarRecurrence(frequency: .monthly, interval: 3, end: .untilDate(ICalendarFeedTests.day(2025, 12, 31)))))
        let result = try Self.withTemporaryFile(calendar.text()) { try Self.runPython(Self.calendarScript, arguments: [$0]) }
        let parsed = try Self.json(result)
        #expect(parsed["name"] as? String == "Margaret – care calendar")
        #expect(parsed["events"] as? Int == 3)
        #expect(parsed["summaries"] as? [String] == calendar.events.map(\.summary))
        #expect(parsed["starts"] as? [String] == ["2025-04-22T17:30:00+00:00", "2025-04-14", "2025-04-22T17:30:00+00:00"])
        let rrules = try #require(parsed["rrules"] as? [Any])
        #expect(rrules.count == 3)
        #expect(rrules[0] is NSNull)
        #expect(rrules[1] as? String == "FREQ=WEEKLY;UNTIL=20250630;BYDAY=MO,TH")
        #expect((rrules[2] as? String)?.hasPrefix("FREQ=MONTHLY") == true)
    }
}
