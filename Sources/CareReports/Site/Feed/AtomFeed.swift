import Foundation

/// An Atom 1.0 feed (RFC 4287), written by `xml()` as deterministic UTF-8 XML.
///
/// The type is generic: it knows nothing about care records. Dates are written
/// as RFC 3339 in `timeZone` (e.g. `2025-04-18T18:00:00-07:00`, whole seconds).
/// Hrefs may be relative (RFC 4287 section 4.2.7.1 resolves them against
/// `xml:base`, or the feed's own address when `base` is nil).
public struct AtomFeed: Sendable, Hashable {
    /// Stable, permanent IRI, e.g. `urn:carereport:circle-margaret:u-ellen`.
    public var id: String
    public var title: String
    public var subtitle: String?
    public var updated: Date
    /// Zone the feed's and entries' dates are written in.
    public var timeZone: TimeZone
    /// Feed-level author, which covers every entry (RFC 4287 section 4.1.1).
    public var authorName: String
    /// `<link rel="self">`, the feed's own address, e.g. `feed.xml`.
    public var selfHref: String
    /// `<link rel="alternate" type="text/html">`, e.g. `index.html`.
    public var alternateHref: String
    /// Written as `xml:base` on `<feed>` only when given.
    public var base: String?
    /// Written in this order.
    public var entries: [AtomEntry]

    public init(
        id: String,
        title: String,
        subtitle: String? = nil,
        updated: Date,
        timeZone: TimeZone,
        authorName: String,
        selfHref: String = "feed.xml",
        alternateHref: String = "index.html",
        base: String? = nil,
        entries: [AtomEntry]
    ) {
        self.id = id
        self.title = title
        self.subtitle = subtitle
        self.updated = updated
        self.timeZone = timeZone
        self.authorName = authorName
        self.selfHref = selfHref
        self.alternateHref = alternateHref
        self.base = base
        self.entries = entries
    }

    /// The feed document: XML declaration, two-space indentation, LF line
    /// endings, a final newline. Same inputs, same bytes.
    public func xml() -> String {
        var out = "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n"
        out += "<feed xmlns=\"http://www.w3.org/2005/Atom\""
        if let base { out += " xml:base=\"\(Self.attr(base))\"" }
        out += ">\n"
        out += "  <id>\(Self.text(id))</id>\n"
        out += "  <title>\(Self.line(title))</title>\n"
        if let subtitle { out += "  <subtitle>\(Self.line(subtitle))</subtitle>\n" }
        out += "  <updated>\(FeedText.rfc3339(updated, in: timeZone))</updated>\n"
        out += "  <author>\n    <name>\(Self.text(authorName))</name>\n  </author>\n"
        out += "  <link rel=\"self\" type=\"application/atom+xml\" href=\"\(Self.attr(selfHref))\"/>\n"
        out += "  <link rel=\"alternate\" type=\"text/html\" href=\"\(Self.attr(alternateHref))\"/>\n"
        for entry in entries {
            out += "  <entry>\n"
            out += "    <id>\(Self.text(entry.id))</id>\n"
            out += "    <title>\(Self.line(entry.title))</title>\n"
            out += "    <updated>\(FeedText.rfc3339(entry.updated, in: timeZone))</updated>\n"
            if let published = entry.published {
                out += "    <published>\(FeedText.rfc3339(published, in: timeZone))</published>\n"
            }
            out += "    <link rel=\"alternate\" type=\"text/html\" href=\"\(Self.attr(entry.alternateHref))\"/>\n"
            if let summary = entry.summary { out += "    <summary>\(Self.text(summary))</summary>\n" }
            if let html = entry.contentHTML { out += "    <content type=\"html\">\(Self.text(html))</content>\n" }
            out += "  </entry>\n"
        }
        out += "</feed>\n"
        return out
    }

    private static func text(_ value: String) -> String { FeedText.xmlEscaped(value) }
    /// A title: one line (``DisplayText/singleLine(_:)``).
    private static func line(_ value: String) -> String { FeedText.xmlEscaped(DisplayText.singleLine(value)) }
    private static func attr(_ value: String) -> String { FeedText.xmlEscaped(value, attribute: true) }
}

/// One `<entry>` of an `AtomFeed`.
public struct AtomEntry: Sendable, Hashable {
    /// Stable, permanent IRI, e.g. `urn:carereport:circle-margaret:u-ellen:week-2025-W16`.
    public var id: String
    public var title: String
    public var updated: Date
    public var published: Date?
    /// `<link rel="alternate" type="text/html">`, e.g. `weeks/2025-W16.html`.
    public var alternateHref: String
    /// Plain text, written as `<summary>` (type text).
    public var summary: String?
    /// An HTML fragment, written escaped inside `<content type="html">`.
    public var contentHTML: String?

    public init(
        id: String,
        title: String,
        updated: Date,
        published: Date? = nil,
        alternateHref: String,
        summary: String? = nil,
        contentHTML: String? = nil
    ) {
        self.id = id
        self.title = title
        self.updated = updated
        self.published = published
        self.alternateHref = alternateHref
        self.summary = summary
        self.contentHTML = contentHTML
    }
}
