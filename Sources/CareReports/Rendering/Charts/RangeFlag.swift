/// Where a value lies against a reference band.
public enum RangeFlag: String, Sendable, Hashable, CaseIterable {
    /// Inside the band, or no band given.
    case normal
    /// Above the band's high end.
    case high
    /// Below the band's low end.
    case low

    /// The word used in tables and hover text: "high", "low", or "" when in range.
    public var word: String {
        switch self {
        case .normal: ""
        case .high: "high"
        case .low: "low"
        }
    }
}
