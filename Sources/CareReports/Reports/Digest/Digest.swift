/// The weekly family digest: the week's summary for a mailbox, exceptions first.
public struct Digest: Sendable, Encodable {
    public let circleName: String
    public let recipientName: String
    public let week: String
    public let weekNumber: Int
    public let range: String
    public private(set) var writtenFor: String
    public let writtenOn: String
    /// When the export was taken, for "data as of …".
    public let dataAsOf: String
    /// Set when "now" is days past the export.
    public let staleNote: String?
    public let subject: String
    public let quiet: Bool
    public private(set) var summary: WeeklySummary
    /// The medication table as monospace text, for the plain-text part.
    public let medicationTable: String?
    /// Measurements as monospace text: latest, lowest, highest.
    public let measurementTable: String?
    /// Dose changes that took effect in the week: "Lisinopril increased 10 → 20 mg on Mon 24 Feb 2025 (Dr. Anh Nguyen)".
    public let changes: [String]
    /// "Not counted: 5 doses of Metformin 500 mg … due after the export", nil when none.
    public var afterExportNote: String? = nil
    /// The current care-plan goals, judged as of the week's last day (docs/goals.md).
    public var goals: [GoalView] = []
    /// The mail's colours, from assets/tokens.css (set by the caller that holds the templates).
    public var palette = MailPalette(DesignTokens(css: nil))
    /// True in a reader's digest of several circles, whose needs-attention list of every circle comes
    /// first: this circle's section then leaves its own list out.
    public var attentionAbove = false
    /// The reader's language (`en`, `es`), for the mail's `Content-Language`.
    public var language = "en"
    /// The mail's type sizes (large when the reader asks for large text).
    public var type = MailType(large: false)

    /// This digest as written for the reader of `context`, who sees exactly what the reader it was
    /// built for sees (equal `ViewKey`s): only the words that name the reader change.
    public func personalised(for context: ReportContext) -> Digest {
        var digest = self
        digest.summary.page.personalise(for: context)
        digest.writtenFor = digest.summary.page.writtenFor
        return digest
    }
}

/// Builds the digest of one week.
public struct DigestBuilder {
    let context: ReportContext
    /// False when the digest's templates show no measurement chart (`TemplateSet.digestShowsCharts`).
    public var drawsCharts = true

    public init(context: ReportContext) {
        self.context = context
    }

    /// The week `last` (the previous complete ISO week), `this`, or `YYYY-Www`, relative to "now".
    public static func week(_ text: String, today: LocalDate) -> ISOWeek? {
        switch text {
        case "last": ISOWeek(containing: today).previous
        case "this": ISOWeek(containing: today)
        default: ISOWeek(text)
        }
    }

    public func build(_ week: ISOWeek) -> Digest {
        let catalog = LabCatalog(context)
        let links = SiteLinks(context: context, catalog: catalog)
        var weekly = WeeklySummaryBuilder(context: context, links: links, catalog: catalog)
        weekly.drawsCharts = drawsCharts
        let summary = weekly.build(week)
        let chrome = summary.page
        let range = weekly.rangeText(week)
        let changes = doseChanges(week, links: links, history: context.records.facts != nil ? weekly.changeMarks.history : nil)
        let attention = summary.attention.count
        let words = context.words
        let values = ["circle": chrome.circleName, "week": "\(week.week)", "range": range]
        var subject = words.t("{circle}: week {week}, {range}", values)
        if summary.quiet && changes.isEmpty {
            subject = words.t("{circle}: week {week}, {range}: nothing to report", values)
        } else if attention > 0 {
            subject = words.n(
                "{circle}: week {week}, {range}: {count} thing needs attention", "{circle}: week {week}, {range}: {count} things need attention",
                count: attention, values)
        }
        let medicationTable = TextWrapper.table(
            headers: [words.t("Medication"), words.t("Taken (on time)"), words.t("Late"), words.t("Missed"), words.t("Skipped"), words.t("As needed")],
            rows: summary.medications.map { [$0.name, $0.adherenceShort, "\($0.late)", "\($0.missed)", "\($0.skipped)", "\($0.asNeededUses)"] },
            alignRight: [2, 3, 4, 5])
        let measurementTable = TextWrapper.table(
            headers: [words.t("Measurement"), words.t("Latest"), words.t("Lowest"), words.t("Highest"), words.t("Out of range")],
            rows: summary.measurements.map { [$0.kind, $0.latest, $0.minimum, $0.maximum, "\($0.outOfRange)"] },
            alignRight: [4])
        var digest = Digest(
            circleName: chrome.circleName, recipientName: chrome.recipientName, week: week.description, weekNumber: week.week,
            range: range, writtenFor: chrome.writtenFor, writtenOn: chrome.writtenOn, dataAsOf: chrome.dataAsOf, staleNote: chrome.staleNote, subject: subject, quiet: summary.quiet && changes.isEmpty,
            summary: summary, medicationTable: summary.medications.isEmpty ? nil : Self.codeBlock(medicationTable),
            measurementTable: summary.measurements.isEmpty ? nil : Self.codeBlock(measurementTable), changes: changes)
        digest.type = MailType(large: context.display.largeText)
        digest.goals = GoalBoard(context, asOf: min(week.sunday, context.today)).views(context)
        digest.language = context.words.language
        let unknown = summary.medications.filter { $0.afterExport > 0 }.map {
            words.n("{count} dose of {medication}", "{count} doses of {medication}", count: $0.afterExport, ["medication": $0.name])
        }
        if !unknown.isEmpty, let asOf = context.dataAsOf {
            digest.afterExportNote = words.t(
                "Not counted above, because they were due after the export of {dataAsOf}: {doses}.", ["dataAsOf": asOf, "doses": unknown.joined(separator: ", ")])
        }
        return digest
    }

    /// The week's changes of dose or schedule between two orders of one medicine (see `DoseHistory`).
    /// `history` is the reader's dose history when already made (the same: with the circle's facts
    /// ids are unique, and a history orders each medicine's orders by start and id, whatever order
    /// they come in).
    func doseChanges(_ week: ISOWeek, links: SiteLinks, history: DoseHistory? = nil) -> [String] {
        let history = history ?? MedicationPageBuilder(context: context, links: links).doseHistory
        return history.chains.flatMap { chain -> [String] in
            let prescribers = Dictionary(chain.orders.map { ($0.record.id, $0.medication.prescriber) }, uniquingKeysWith: { a, _ in a })
            return chain.changes.compactMap { change in
                guard change.isDoseChange, let day = change.day, day >= week.monday, day <= week.sunday else { return nil }
                let by = change.toRecordId.flatMap { prescribers[$0] ?? nil }.map { " (\($0))" } ?? ""
                return context.words.t("{change} on {day}", ["change": "\(chain.latest.medication.name) \(change.words(context.format))", "day": context.format.day(day)]) + by
            }
        }
    }

    /// A monospace table as a fenced Markdown code block: Markdown readers show it as it is laid out,
    /// nothing in a cell is read as markup, and the fence is longer than any run of backticks in it,
    /// so no cell can close it. (Fenced rather than indented keeps rows within 78 columns.)
    static func codeBlock(_ table: String) -> String {
        // A table's cells hold no line breaks (`TextWrapper.table` made them spaces), so its lines
        // are found at its line feed bytes; with a carriage return, Character by Character.
        let split = table.utf8.contains(UInt8(ascii: "\r"))
            ? table.split(separator: "\n", omittingEmptySubsequences: false) : TextWrapper.lines(of: table)
        let lines = split.map { DisplayText.cleaned(String($0)) }
        var longestRun = 0
        for line in lines {
            var run = 0
            for scalar in line.unicodeScalars {
                run = scalar == "`" ? run + 1 : 0
                longestRun = max(longestRun, run)
            }
        }
        let fence = String(repeating: "`", count: max(3, longestRun + 1))
        return ([fence + "text"] + lines + [fence]).joined(separator: "\n")
    }
}

/// The e-mail's type sizes, written inline (mail has no style sheets): the reader's `largeText`
/// makes each 1.25 times the default.
public struct MailType: Sendable, Encodable {
    public let small, detail, body, heading, title: String
    /// A circle's heading in a reader's digest of several circles (between `heading` and `title`).
    public let section: String

    /// The default sizes, or the large ones.
    public init(large: Bool) {
        let sizes = large ? [16, 18, 20, 22, 28, 25] : [13, 14, 16, 18, 22, 20]
        (small, detail, body, heading, title) = ("\(sizes[0])px", "\(sizes[1])px", "\(sizes[2])px", "\(sizes[3])px", "\(sizes[4])px")
        section = "\(sizes[5])px"
    }
}
