/// One scheduled dose time (a row of the calendar), e.g. "08:00 Metformin 500 mg" or "As needed".
public struct DoseSlot: Sendable, Hashable {
    /// The slot's name, shown beside its row and as a table column heading.
    public var label: String

    /// Makes a slot named `label`.
    public init(label: String) {
        self.label = label
    }
}
