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
        return Self.filled(words.referenceRange, range)
    }

    /// `template` with each `{range}` replaced by `range`. An ASCII template (the English and Spanish
    /// ones) is searched over its bytes, where each byte is a `Character`; any other as `Character`s.
    static func filled(_ template: String, _ range: String) -> String {
        guard template.utf8.allSatisfy({ $0 < 0x80 }) else {
            return template.split(separator: "{range}", omittingEmptySubsequences: false).joined(separator: range)
        }
        let bytes = Array(template.utf8)
        let marker = Array("{range}".utf8)
        var out = ""
        var start = 0
        var index = 0
        while index + marker.count <= bytes.count {
            if bytes[index] == marker[0], Array(bytes[index..<(index + marker.count)]) == marker {
                out += String(decoding: bytes[start..<index], as: UTF8.self)
                out += range
                index += marker.count
                start = index
            } else {
                index += 1
            }
        }
        out += String(decoding: bytes[start...], as: UTF8.self)
        return out
    }
}
