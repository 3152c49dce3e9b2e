import Foundation

/// A clinical document a site was built from, as its footer names it: the document's title (else
/// its file name) and the date it speaks for.
public struct SourceDocument: Sendable, Hashable {
    /// The start of the ids of the records placed from it (`ImportPlacer.prefix`, then ":"): a
    /// viewer is told of the document only when one of those records is visible to them.
    public let recordPrefix: String
    public let circleId: String
    /// The title the document gives, else its file name.
    public let name: String
    public let date: CareDate?

    public init(recordPrefix: String, circleId: String, name: String, date: CareDate?) {
        self.recordPrefix = recordPrefix
        self.circleId = circleId
        self.name = name
        self.date = date
    }
}
