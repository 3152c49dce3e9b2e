/// A reference range drawn as a shaded band; either end may be open.
public struct ReferenceBand: Sendable, Hashable {
    /// The lowest value in range, or nil when there is no lower limit.
    public var low: Double?
    /// The highest value in range, or nil when there is no upper limit.
    public var high: Double?

    /// Makes a band from `low` to `high`; the two are swapped when given the wrong way round.
    public init(low: Double? = nil, high: Double? = nil) {
        let low = low.flatMap { $0.isFinite ? $0 : nil }
        let high = high.flatMap { $0.isFinite ? $0 : nil }
        if let l = low, let h = high, l > h {
            self.low = h
            self.high = l
        } else {
            self.low = low
            self.high = high
        }
    }

    /// Whether the band has at least one end.
    public var isBounded: Bool { low != nil || high != nil }

    /// How `value` compares with the band; values equal to an end are in range.
    public func flag(_ value: Double) -> RangeFlag {
        if let high, value > high { return .high }
        if let low, value < low { return .low }
        return .normal
    }

    /// The band in words, e.g. "reference range 70–99 mg/dL" or "reference range ≤ 5.7 %".
    public func text(unit: String, decimals: Int, words: ChartWords = .english) -> String {
        let u = unit.isEmpty ? "" : " " + unit
        let range: String
        switch (low, high) {
        case let (l?, h?): range = "\(words.number(ChartFormat.fixed(l, decimals: decimals)))–\(words.number(ChartFormat.fixed(h, decimals: decimals)))\(u)"
        case let (l?, nil): range = "≥ \(words.number(ChartFormat.fixed(l, decimals: decimals)))\(u)"
        case let (nil, h?): range = "≤ \(words.number(ChartFormat.fixed(h, decimals: decimals)))\(u)"
        case (nil, nil): return words.noReferenceRange
        }
        return words.referenceRange.split(separator: "{range}", omittingEmptySubsequences: false).joined(separator: range)
    }
}
