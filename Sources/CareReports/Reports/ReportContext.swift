import Foundation

/// What every report builder is given: the viewer's records, "now", and how to word things.
public struct ReportContext: Sendable {
    public let records: VisibleRecords
    public let now: Date
    public let onTimeWindow: TimeInterval
    public let format: DisplayFormat
    public let names: PersonNames
    /// The weeks to write summaries for: those overlapping this period (nil ends are open).
    public let period: (from: LocalDate?, to: LocalDate?)
    let text: TextRendering

    public init(records: VisibleRecords, now: Date, onTimeWindowMinutes: Int = 60, from: LocalDate? = nil, to: LocalDate? = nil) {
        self.records = records
        self.period = (from, to)
        self.now = now
        self.onTimeWindow = TimeInterval(onTimeWindowMinutes * 60)
        self.format = DisplayFormat(timeZone: records.timeZone)
        self.names = PersonNames(records)
        self.text = TextRendering()
    }

    public var timeZone: TimeZone { records.timeZone }

    /// Today in the export's zone.
    public var today: LocalDate { LocalDate(now, in: timeZone) }

    /// The local day of a date.
    public func day(_ date: CareDate) -> LocalDate { date.localDay(in: timeZone) }

    /// User Markdown rendered for both outputs.
    public func rich(_ markdown: String?) -> RichText? {
        guard let markdown, !markdown.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { return nil }
        return text.rich(markdown)
    }
}

/// User Markdown, rendered once for HTML pages and once, sanitised, for Markdown pages.
public struct RichText: Sendable, Hashable {
    public let html: String
    public let markdown: String
    /// The text alone, for plain-text mail and one-line summaries.
    public let plain: String

    /// The Markdown indented two spaces, to sit under a list item of a Markdown page.
    public let indented: String
    /// The Markdown after a nested list item's text: later lines indented four spaces.
    public let nested: String
    /// The Markdown after a block quote's first words: later lines quoted too.
    public let quoted: String

    init(html: String, markdown: String, plain: String) {
        self.html = html
        self.markdown = markdown
        self.plain = plain
        // Stored, not computed: templates see stored properties only.
        self.indented = RichText.prefixLines(markdown, first: "  ", rest: "  ")
        self.nested = RichText.prefixLines(markdown, first: "", rest: "    ")
        self.quoted = RichText.prefixLines(markdown, first: "", rest: "> ")
    }

    static func prefixLines(_ text: String, first: String, rest: String) -> String {
        let lines = text.trimmingCharacters(in: .newlines).split(separator: "\n", omittingEmptySubsequences: false)
        return lines.enumerated().map { index, line in
            if line.isEmpty { return rest.hasPrefix(">") ? ">" : "" }
            return (index == 0 ? first : rest) + line
        }.joined(separator: "\n")
    }
}

/// Renders user Markdown through cmark-gfm with raw HTML off and unsafe links dropped.
struct TextRendering: Sendable {
    let renderer = MarkdownRenderer()

    func rich(_ markdown: String) -> RichText {
        RichText(html: renderer.html(markdown), markdown: renderer.markdown(markdown), plain: renderer.plainText(markdown))
    }
}
