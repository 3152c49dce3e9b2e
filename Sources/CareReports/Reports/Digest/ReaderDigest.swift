import Foundation

/// One reader's weekly digest of every circle they are an active member of: what needs attention
/// in all of them first (each line naming the person and circle), then one section per circle,
/// each built from that circle's visible records under the reader's role there.
public struct ReaderDigest: Sendable, Encodable {
    /// One line needing attention, saying which circle and person it concerns.
    public struct Item: Sendable, Encodable {
        public let circleName: String
        public let recipientName: String
        public let symbol: String
        public let kind: String
        public let text: String
    }

    public let week: String
    public let weekNumber: Int
    public let range: String
    public let writtenFor: String
    public let writtenOn: String
    public let dataAsOf: String
    public let staleNote: String?
    public let circleCount: Int
    public let attentionCount: Int
    public let subject: String
    /// "5 things needed attention in week 15, in 1 of your 2 circles." (the subject's count, in the message too).
    public let attentionSummary: String
    public let attention: [Item]
    /// Each circle's digest, its own needs-attention list left out (it is in `attention`).
    public let circles: [Digest]
    public var palette = MailPalette(DesignTokens(css: nil))
    /// The reader's language (`en`, `es`), for `<html lang>` and the mail's `Content-Language`.
    public let language: String
    /// The mail's type sizes (large when the reader asks for large text).
    public let type: MailType

    /// The digest of `circles` (one per circle, in the order to show them) for the reader `readerName`, in `words`'s language.
    public init(readerName: String, circles: [Digest], words: Localizer = .english) {
        let first = circles.first
        week = first?.week ?? ""
        weekNumber = first?.weekNumber ?? 0
        range = first?.range ?? ""
        writtenFor = readerName
        writtenOn = first?.writtenOn ?? ""
        dataAsOf = first?.dataAsOf ?? ""
        staleNote = first?.staleNote
        language = words.language
        type = first?.type ?? MailType(large: false)
        circleCount = circles.count
        // Across circles in triage order (docs/thresholds.md), each circle's own order kept within a tier.
        attention = circles.flatMap { digest in
            digest.summary.attention.map { item in
                (item.tier, Item(circleName: digest.circleName, recipientName: digest.recipientName, symbol: item.symbol, kind: item.kind, text: item.text))
            }
        }.enumerated().sorted { ($0.element.0, $0.offset) < ($1.element.0, $1.offset) }.map(\.element.1)
        attentionCount = attention.count
        let needing = circles.filter { !$0.summary.attention.isEmpty }.count
        let values = [
            "circles": words.integer(circles.count), "week": words.integer(weekNumber), "range": range, "needing": words.integer(needing),
        ]
        subject = attention.isEmpty
            ? words.t("Your {circles} care circles: week {week}, {range}: nothing needs attention", values)
            : words.n(
                "Your {circles} care circles: week {week}, {range}: {count} thing needs attention",
                "Your {circles} care circles: week {week}, {range}: {count} things need attention", count: attention.count, values)
        attentionSummary = attention.isEmpty
            ? words.t("Nothing needed attention in week {week} in any of your {circles} circles.", values)
            : words.n(
                "{count} thing needed attention in week {week}, in {needing} of your {circles} circles.",
                "{count} things needed attention in week {week}, in {needing} of your {circles} circles.", count: attention.count, values)
        self.circles = circles.map { digest in
            var section = digest
            section.attentionAbove = true
            return section
        }
    }
}
