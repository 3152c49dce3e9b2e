/// How often an order says a dose is due when it gives a rate or an event rather than clock times:
/// "3 times a day", "every 6 hours", "before meals", as C-CDA `PIVL_TS`/`EIVL_TS` and FHIR `Timing`
/// state it. Kept as stated (never turned into invented clock times), and worded on pages through
/// the catalogue.
public struct DoseFrequency: Sendable, Hashable {
    /// The unit of a period, as UCUM writes it.
    public enum PeriodUnit: String, Sendable, Hashable, CaseIterable {
        case second = "s", minute = "min", hour = "h", day = "d", week = "wk", month = "mo", year = "a"
    }

    /// Doses per period (1 when the order gives only a period); nil with no period.
    public let count: Int?
    /// The length of the period in `unit` (6 for "every 6 hours"); nil with no period.
    public let period: Double?
    public let unit: PeriodUnit?
    /// HL7 TimingEvent codes (`AC`, `HS`, `WAKE`, `MORN`…), in the order given.
    public let events: [String]

    public init(count: Int? = nil, period: Double? = nil, unit: PeriodUnit? = nil, events: [String] = []) {
        self.count = count
        self.period = period
        self.unit = unit
        self.events = events
    }

    /// True when it says nothing (no rate, no event).
    public var isEmpty: Bool { (period == nil || unit == nil) && events.isEmpty }

    /// The same rate with `events` added.
    public func adding(events more: [String]) -> DoseFrequency {
        DoseFrequency(count: count, period: period, unit: unit, events: events + more.filter { !events.contains($0) })
    }

    /// The HL7 TimingEvent codes carereport words (C-CDA `EIVL_TS` event, FHIR `Timing.repeat.when`).
    public static let knownEvents: Set<String> = [
        "AC", "ACM", "ACD", "ACV", "PC", "PCM", "PCD", "PCV", "C", "CM", "CD", "CV", "HS", "WAKE", "MORN", "AFT", "EVE", "NIGHT",
    ]

    /// The rate of an HL7 GTS abbreviation (FHIR `Timing.code`: BID, TID, Q6H…); nil for others.
    public static func abbreviation(_ code: String) -> DoseFrequency? {
        switch code.uppercased() {
        case "QD": DoseFrequency(count: 1, period: 1, unit: .day)
        case "BID": DoseFrequency(count: 2, period: 1, unit: .day)
        case "TID": DoseFrequency(count: 3, period: 1, unit: .day)
        case "QID": DoseFrequency(count: 4, period: 1, unit: .day)
        case "QOD": DoseFrequency(count: 1, period: 2, unit: .day)
        case "Q1H": DoseFrequency(count: 1, period: 1, unit: .hour)
        case "Q2H": DoseFrequency(count: 1, period: 2, unit: .hour)
        case "Q3H": DoseFrequency(count: 1, period: 3, unit: .hour)
        case "Q4H": DoseFrequency(count: 1, period: 4, unit: .hour)
        case "Q6H": DoseFrequency(count: 1, period: 6, unit: .hour)
        case "Q8H": DoseFrequency(count: 1, period: 8, unit: .hour)
        case "WK": DoseFrequency(count: 1, period: 1, unit: .week)
        case "MO": DoseFrequency(count: 1, period: 1, unit: .month)
        case "AM": DoseFrequency(events: ["MORN"])
        case "PM": DoseFrequency(events: ["EVE"])
        case "BED": DoseFrequency(events: ["HS"])
        default: nil
        }
    }
}
