import CareReports
import Foundation
import Testing

@Suite struct AtomFeedTests {
    static let pacific = TimeZone(secondsFromGMT: -7 * 3600)!
    /// 2025-04-19T01:00:00Z = 2025-04-18T18:00:00-07:00
    static let friday = Date(timeIntervalSince1970: 1_745_024_400)
    /// 2025-04-12T01:00:00Z = 2025-04-11T18:00:00-07:00
    static let previousFriday = Date(timeIntervalSince1970: 1_744_419_600)

    static func smallFeed() -> AtomFeed {
        AtomFeed(
            id: "urn:carereport:circle-margaret:u-ellen",
            title: "Margaret’s care summaries",
            subtitle: "Weekly summaries for Ellen",
            updated: friday,
            timeZone: pacific,
            authorName: "carereport",
            entries: [
                AtomEntry(
                    id: "urn:carereport:circle-margaret:u-ellen:week-2025-W16",
                    title: "Week of 14 April 2025",
                    updated: friday,
                    published: friday,
                    alternateHref: "weeks/2025-W16.html",
                    summary: "3 appointments, 12 of 14 doses taken",
                    contentHTML: "<p>Calm week &amp; good sleep.</p>"
                ),
                AtomEntry(
                    id: "urn:carereport:circle-margaret:u-ellen:week-2025-W15",
                    title: "Week of 7 April 2025",
                    updated: previousFriday,
                    alternateHref: "weeks/2025-W15.html"
                ),
            ]
        )
    }

    @Test func smallFeedExactBytes() {
        let expected = """
            <?xml version="1.0" encoding="utf-8"?>
            <feed xmlns="http://www.w3.org/2005/Atom">
              <id>urn:carereport:circle-margaret:u-ellen</id>
              <title>Margaret’s care summaries</title>
              <subtitle>Weekly summaries for Ellen</subtitle>
              <updated>2025-04-18T18:00:00-07:00</updated>
              <author>
                <name>carereport</name>
              </author>
              <link rel="self" type="application/atom+xml" href="feed.xml"/>
              <link rel="alternate" type="text/html" href="index.html"/>
              <entry>
                <id>urn:carereport:circle-margaret:u-ellen:week-2025-W16</id>
                <title>Week of 14 April 2025</title>
                <updated>2025-04-18T18:00:00-07:00</updated>
                <published>2025-04-18T18:00:00-07:00</published>
                <link rel="alternate" type="text/html" href="weeks/2025-W16.html"/>
                <summary>3 appointments, 12 of 14 doses taken</summary>
                <content type="html">&lt;p&gt;Calm week &amp;amp; good sleep.&lt;/p&gt;</content>
              </entry>
              <entry>
                <id>urn:carereport:circle-margaret:u-ellen:week-2025-W15</id>
                <title>Week of 7 April 2025</title>
                <updated>2025-04-11T18:00:00-07:00</updated>
                <link rel="alternate" type="text/html" href="weeks/2025-W15.html"/>
              </entry>
            </feed>

            """
        #expect(Self.smallFeed().xml() == expected)
    }

    @Test func deterministicAndOrderPreserving() throws {
        var feed = Self.smallFeed()
        #expect(feed.xml() == Self.smallFeed().xml())
        feed.entries.reverse()
        let xml = feed.xml()
        let w15 = try #require(xml.range(of: "week-2025-W15"))
        let w16 = try #require(xml.range(of: "week-2025-W16"))
        #expect(w15.lowerBound < w16.lowerBound)
    }

    @Test func xmlBaseOnlyWhenGiven() {
        #expect(!Self.smallFeed().xml().contains("xml:base"))
        var feed = Self.smallFeed()
        feed.base = "https://example.org/care/"
        #expect(feed.xml().contains("<feed xmlns=\"http://www.w3.org/2005/Atom\" xml:base=\"https://example.org/care/\">\n"))
    }

    @Test func hostileTextIsEscapedAndInvalidCharactersDropped() {
        let hostile = "<script>alert('x')</script> & \"q\" \u{0}\u{8}\u{B}\u{C}\u{E}\u{1F}\u{FFFE}\u{FFFF}ok\r\nnext\rlast\ttab"
        let feed = AtomFeed(
            id: "urn:x", title: hostile, updated: Self.friday, timeZone: Self.pacific, authorName: "A & B <ab>",
            selfHref: "feed.xml?a=1&b=\"2\"", alternateHref: "index.html",
            entries: [
                AtomEntry(
                    id: "urn:x:1", title: hostile, updated: Self.friday, alternateHref: "a\"b&c<d>'\ne.html",
                    summary: hostile, contentHTML: "<script>alert(1)</script>\u{0}")
            ])
        let xml = feed.xml()
        let escaped = "&lt;script&gt;alert(&apos;x&apos;)&lt;/script&gt; &amp; &quot;q&quot; ok\nnext\nlast\ttab"
        // A title is one line: line breaks and tabs are spaces (DisplayText.singleLine).
        #expect(xml.contains("  <title>&lt;script&gt;alert(&apos;x&apos;)&lt;/script&gt; &amp; &quot;q&quot; ok next last tab</title>\n"))
        #expect(xml.contains("    <summary>\(escaped)</summary>\n"))
        #expect(xml.contains("<name>A &amp; B &lt;ab&gt;</name>"))
        #expect(xml.contains("href=\"feed.xml?a=1&amp;b=&quot;2&quot;\""))
        #expect(xml.contains("href=\"a&quot;b&amp;c&lt;d&gt;&apos;&#xA;e.html\""))
        #expect(xml.contains("<content type=\"html\">&lt;script&gt;alert(1)&lt;/script&gt;</content>"))
        #expect(!xml.contains("<script"))
        #expect(!xml.contains("\r"))
        for scalar in xml.unicodeScalars {
            let v = scalar.value
            let allowed = v == 0x9 || v == 0xA || v == 0xD || (0x20...0xD7FF).contains(v)
                || (0xE000...0xFFFD).contains(v) || v >= 0x10000
            #expect(allowed, "U+\(String(v, radix: 16)) is not an XML 1.0 character")
        }
    }

    @Test(arguments: [
        (1_745_024_400.0, -7 * 3600, "2025-04-18T18:00:00-07:00"),
        (1_745_024_400.0, 0, "2025-04-19T01:00:00Z"),
        (1_745_024_400.0, 5 * 3600 + 1800, "2025-04-19T06:30:00+05:30"),
        (1_745_024_400.75, 0, "2025-04-19T01:00:00Z"),
        (-0.5, 0, "1969-12-31T23:59:59Z"),
        (951_825_600.0, 0, "2000-02-29T12:00:00Z"),
    ])
    func rfc3339Dates(epoch: Double, offset: Int, expected: String) {
        let feed = AtomFeed(
            id: "urn:x", title: "t", updated: Date(timeIntervalSince1970: epoch),
            timeZone: TimeZone(secondsFromGMT: offset)!, authorName: "a", entries: [])
        #expect(feed.xml().contains("<updated>\(expected)</updated>"))
    }

    @Test func namedZoneFollowsDaylightSaving() throws {
        let zone = try #require(TimeZone(identifier: "America/Los_Angeles"))
        let winter = Date(timeIntervalSince1970: 1_736_902_800)  // 2025-01-15T01:00:00Z
        let feed = AtomFeed(id: "urn:x", title: "t", updated: winter, timeZone: zone, authorName: "a",
                            entries: [AtomEntry(id: "urn:x:1", title: "e", updated: Self.friday, alternateHref: "e.html")])
        let xml = feed.xml()
        #expect(xml.contains("<updated>2025-01-14T17:00:00-08:00</updated>"))
        #expect(xml.contains("<updated>2025-04-18T18:00:00-07:00</updated>"))
    }
}
