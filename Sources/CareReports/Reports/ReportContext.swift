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
    /// The health sections (tabs, pages, links) this viewer's output has.
    public let sections: HealthSections
    /// The attachments of the viewer's records that the site carries as files (see `AttachmentFiles`).
    public let attachmentFiles: AttachmentFiles
    /// Set when these pages are one circle's part of a reader's site of several circles
    /// (``ReaderSite``): the path from the circle's folder back to the reader's home ("../../").
    /// Nil for a site of one circle, whose pages are exactly as they always were.
    public var readerRoot: String? = nil
    let text: TextRendering
    /// The reader's language: every composed text goes through `words.t(…)` (see docs/translating.md).
    public let words: Localizer
    /// The reader's type size and colour scheme (language is `words`).
    public let display: ReaderPreferences

    public init(
        records: VisibleRecords, now: Date, onTimeWindowMinutes: Int = 60, from: LocalDate? = nil, to: LocalDate? = nil,
        words: Localizer = .english, display: ReaderPreferences = .standard
    ) {
        self.words = words
        self.display = display
        self.records = records
        self.period = (from, to)
        self.now = now
        self.onTimeWindow = TimeInterval(onTimeWindowMinutes * 60)
        self.format = DisplayFormat(timeZone: records.timeZone, words: words)
        self.names = PersonNames(records, words: words)
        self.text = TextRendering()
        self.sections = HealthSections(records)
        self.attachmentFiles = AttachmentFiles(folder: records.attachmentFolder)
        self.today = LocalDate(records.exportedAt.map { min($0, now) } ?? now, in: records.timeZone)
    }

    public var timeZone: TimeZone { records.timeZone }

    /// The last moment the data can speak for: "now", or the export's `exportedAt` when that is earlier.
    /// Nothing due after it is missed, overdue or not recorded: it is "after the export".
    public var dataUntil: Date { records.exportedAt.map { min($0, now) } ?? now }

    /// The moment `week` ends: midnight at the start of the Monday after it, in the export's zone.
    public func end(of week: ISOWeek) -> Date { week.sunday.adding(days: 1).midnight(in: timeZone) }

    /// "Fri 18 Apr 2025, 18:00" when the data ends inside `week` (its counts are counts so far); nil
    /// for a week that ended before the data did.
    public func dataEnds(in week: ISOWeek) -> String? {
        end(of: week) > dataUntil ? format.dateTime(.instant(dataUntil)) : nil
    }

    /// True when `moment` lies after the export was taken (and so nothing about it can be known).
    public func isAfterExport(_ moment: Date) -> Bool { records.exportedAt.map { moment > $0 } ?? false }

    /// "Fri 18 Apr 2025, 22:00": when the export was taken, for "data as of …"; nil when it does not
    /// say. For input that is only clinical documents, the newest document's date ("Sun 22 Sep
    /// 2024" when it gives no time).
    public var dataAsOf: String? {
        records.exportedAt.map { DataDate.asOf($0, records.dataDate, format: format) }
    }

    /// Whole days between the export and "now" (0 when the export is not older or gives no date).
    public var daysPastExport: Int {
        guard let exportedAt = records.exportedAt, now > exportedAt else { return 0 }
        return Int(now.timeIntervalSince(exportedAt) / 86_400)
    }

    /// "Now" may lie this many days past the export before outputs and the command line warn.
    public static let staleAfterDays = 3

    /// Words for a page written long after its export, nil when the export is recent.
    public var staleNote: String? {
        guard daysPastExport > ReportContext.staleAfterDays, let dataAsOf else { return nil }
        if case .documents = records.dataDate {
            return words.t(
                "Written {days} days after the date of the documents, {dataAsOf}: nothing after it is known, so nothing due since then is counted as missed or overdue.",
                ["days": "\(daysPastExport)", "dataAsOf": dataAsOf])
        }
        return words.t(
            "Written {days} days after the export of {dataAsOf}: nothing after it is known, so nothing due since then is counted as missed or overdue.",
            ["days": "\(daysPastExport)", "dataAsOf": dataAsOf])
    }

    /// The last day the data speaks for, in the export's zone: today, or the export's day when "now" is later.
    /// Worked out once: weekly pages ask for it for every task of every week.
    public let today: LocalDate

    /// False for a medicine read from a clinical document that gives no dose log: a document lists
    /// medicines, not the doses taken, so none of its scheduled doses is counted (never "missed").
    public func hasDoseLog(_ record: HealthRecord, _ medication: Medication) -> Bool {
        record.importedFrom == nil || !medication.administrations.isEmpty
    }

    /// The local day of a date.
    public func day(_ date: CareDate) -> LocalDate { date.localDay(in: timeZone) }

    /// `24 Feb` when the day is of the year of the data's "today" and of the page's "now",
    /// `24 Feb 2016` otherwise: a day of another year always says its year (a 2016 result in a
    /// 2022 document is never "since 1 Dec").
    public func shortDay(_ day: LocalDate) -> String {
        let thisYear = day.year == today.year && day.year == LocalDate(now, in: timeZone).year
        return thisYear ? format.shortDay(day) : "\(format.shortDay(day)) \(day.year)"
    }

    /// User Markdown rendered for both outputs.
    public func rich(_ markdown: String?) -> RichText? {
        guard let markdown, !markdown.trimmingSpacesAndNewlines().isEmpty else { return nil }
        return text.rich(markdown)
    }
}

/// User Markdown, rendered once for HTML pages and once, sanitised, for Markdown pages.
public struct RichText: Sendable, Hashable, Encodable {
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
        let lines = text.trimmingNewlines().split(separator: "\n", omittingEmptySubsequences: false)
        return lines.enumerated().map { index, line in
            if line.isEmpty { return rest.hasPrefix(">") ? ">" : "" }
            return (index == 0 ? first : rest) + line
        }.joined(separator: "\n")
    }
}

/// Renders user Markdown through cmark-gfm with raw HTML off and unsafe links dropped.
struct TextRendering: Sendable {
    let renderer = MarkdownRenderer()
    /// Each text rendered once: a task's description shows on every week it is overdue, a comment on
    /// the week page and in the feed, and every reader of a circle has the same notes (cmark runs
    /// under one process-wide lock). A pure function of the text's bytes (texts equal as Unicode but
    /// not in bytes render differently), shared by every reader of a run; emptied at 20,000 texts, so
    /// memory stays bounded however many circles a run reads.
    private static let rendered = LockedMemo<[UInt8], RichText>(limit: 20_000)

    func rich(_ markdown: String) -> RichText {
        Self.rendered.value(Array(markdown.utf8)) {
            RichText(html: renderer.html(markdown), markdown: renderer.markdown(markdown), plain: renderer.plainText(markdown))
        }
    }
}

extension RichText {
    /// Plain text as written, never read as Markdown or HTML: escaped in a `<pre>` for HTML pages,
    /// in a code fence longer than any run of backticks in it for Markdown pages.
    static func preformatted(_ text: String) -> RichText {
        var longest = 0
        var run = 0
        for scalar in text.unicodeScalars {
            run = scalar == "`" ? run + 1 : 0
            longest = max(longest, run)
        }
        let fence = String(repeating: "`", count: max(3, longest + 1))
        return RichText(
            html: "<pre class=\"source-text\">\(HTMLEscaping.escape(text))</pre>", markdown: "\(fence)text\n\(text)\n\(fence)", plain: text)
    }
}
