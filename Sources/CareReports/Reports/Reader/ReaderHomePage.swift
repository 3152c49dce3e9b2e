import Foundation

/// The home page of a reader's site of several circles: what needs attention in every circle
/// first, then one section per circle; from `caseloadThreshold` circles on, a caseload instead: one
/// row per circle with its counts, most needing attention first.
public struct ReaderHomePage: Sendable, Encodable {
    /// The page around the content (no circle's chrome: this page belongs to no one circle).
    public struct Chrome: Sendable, Encodable {
        public let title: String
        public let writtenFor: String
        public let writtenOn: String
        public let dataAsOf: String
        public let staleNote: String?
        /// The `class` of `<html>` for the reader's type size and theme, nil for none.
        public let htmlClass: String?
    }

    /// What the home takes from the circles' contexts besides their rows: "now" and the export's
    /// time, the same in every circle (kept instead of a context, which holds a circle's records).
    public struct Moment: Sendable {
        let writtenOn: String
        let dataAsOf: String
        let staleNote: String?
        /// The reader's language and display preferences (the same in every circle: they are the reader's own).
        public let words: Localizer
        let htmlClass: String?

        public init(_ context: ReportContext) {
            words = context.words
            writtenOn = context.format.dateTime(.instant(context.now))
            dataAsOf = context.dataAsOf ?? context.words.t("an unknown time (the export does not say when it was taken)")
            staleNote = context.staleNote
            htmlClass = context.display.htmlClass.isEmpty ? nil : context.display.htmlClass
        }
    }

    /// From this many circles on, the home page is a caseload (one row per circle, counts only).
    public static let caseloadThreshold = 5

    public let page: Chrome
    public let readerName: String
    public let caseload: Bool
    public let circleCount: Int
    /// "2 of 25 circles have something that needs attention (7 things in all)."
    public let attentionSummary: String
    /// Every circle's items needing attention (only when the page is not a caseload).
    public let attention: [CircleOverview.Item]
    /// The circles, most needing attention first.
    public let circles: [CircleOverview]

    /// The home of `readerName`'s circles, written at `moment` (from any one circle's context).
    public init(readerName: String, circles: [CircleOverview], moment: Moment) {
        let sorted = circles.sorted(by: CircleOverview.attentionFirst)
        let caseload = circles.count >= Self.caseloadThreshold
        self.readerName = readerName
        self.caseload = caseload
        self.circleCount = circles.count
        self.circles = caseload ? sorted.map { var row = $0; row.attention = []; return row } : sorted
        self.attention = caseload ? [] : sorted.flatMap(\.attention).enumerated().sorted { ($0.element.tier, $0.offset) < ($1.element.tier, $1.offset) }.map(\.element)
        let needing = circles.filter { $0.attentionCount > 0 }.count
        let total = circles.reduce(0) { $0 + $1.attentionCount }
        let words = moment.words
        let counts = ["needing": words.integer(needing), "circles": words.integer(circles.count)]
        attentionSummary = total == 0
            ? words.t("Nothing needs attention in any of your {circles} circles this week.", counts)
            : words.n(
                "{count} thing needs attention this week, in {needing} of your {circles} circles.",
                "{count} things need attention this week, in {needing} of your {circles} circles.", count: total, counts)
        page = Chrome(
            title: caseload ? words.t("Your caseload") : words.t("Your care circles"), writtenFor: readerName, writtenOn: moment.writtenOn,
            dataAsOf: moment.dataAsOf, staleNote: moment.staleNote, htmlClass: moment.htmlClass)
    }
}
