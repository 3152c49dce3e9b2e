/// The weekly family digest: the week's summary for a mailbox, exceptions first.
public struct Digest: Sendable {
    public let circleName: String
    public let recipientName: String
    public let week: String
    public let weekNumber: Int
    public let range: String
    public let writtenFor: String
    public let writtenOn: String
    public let subject: String
    public let quiet: Bool
    public let summary: WeeklySummary
    /// The medication table as monospace text, for the plain-text part.
    public let medicationTable: String?
    /// Measurements as monospace text: latest, lowest, highest.
    public let measurementTable: String?
}

/// Builds the digest of one week.
public struct DigestBuilder {
    let context: ReportContext

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
        let summary = WeeklySummaryBuilder(context: context, links: links, catalog: catalog).build(week)
        let chrome = summary.page
        let weekly = WeeklySummaryBuilder(context: context, links: links, catalog: catalog)
        let range = weekly.rangeText(week)
        let attention = summary.attention.count
        var subject = "\(chrome.circleName): week \(week.week), \(range)"
        if summary.quiet {
            subject += ": nothing to report"
        } else if attention > 0 {
            subject += ": \(attention) thing\(attention == 1 ? "" : "s") need\(attention == 1 ? "s" : "") attention"
        }
        let medicationTable = TextWrapper.table(
            headers: ["Medication", "Taken (on time)", "Late", "Missed", "Skipped", "As needed"],
            rows: summary.medications.map { [$0.name, $0.adherenceShort, "\($0.late)", "\($0.missed)", "\($0.skipped)", "\($0.asNeededUses)"] },
            alignRight: [2, 3, 4, 5])
        let measurementTable = TextWrapper.table(
            headers: ["Measurement", "Latest", "Lowest", "Highest", "Out of range"],
            rows: summary.measurements.map { [$0.kind, $0.latest, $0.minimum, $0.maximum, "\($0.outOfRange)"] },
            alignRight: [4])
        return Digest(
            circleName: chrome.circleName, recipientName: chrome.recipientName, week: week.description, weekNumber: week.week,
            range: range, writtenFor: chrome.writtenFor, writtenOn: chrome.writtenOn, subject: subject, quiet: summary.quiet,
            summary: summary, medicationTable: summary.medications.isEmpty ? nil : medicationTable,
            measurementTable: summary.measurements.isEmpty ? nil : measurementTable)
    }
}
