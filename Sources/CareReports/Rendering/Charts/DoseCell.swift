/// One day's record for one slot: a status and optional detail such as the time taken.
public struct DoseCell: Sendable, Hashable {
    /// What happened.
    public var status: DoseStatus
    /// Extra words for hover text and the table, e.g. "at 09:40" or "2 uses"; may be nil.
    public var detail: String?

    /// Makes a cell with `status` and optional `detail`.
    public init(_ status: DoseStatus, detail: String? = nil) {
        self.status = status
        self.detail = detail
    }

    /// Status and detail in words, e.g. "taken late (at 09:40)".
    public var text: String {
        guard let detail, !detail.isEmpty else { return status.label }
        return "\(status.label) (\(detail))"
    }
}
