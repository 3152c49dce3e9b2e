import Foundation

/// An as-needed medicine's use per day: doses and amount against the order's daily maximum, and
/// doses taken sooner after the previous one than the order's minimum gap ("at least 4 hours
/// apart" in its instructions; the export has no field for it).
public struct AsNeededUse: Sendable {
    public struct Day: Sendable {
        public let day: LocalDate
        public let doses: Int
        /// "2,500 mg", when every dose's amount is known in one unit.
        public let amountText: String?
        /// Doses taken less than the minimum gap after the previous dose.
        public let shortGaps: Int
    }

    public let days: [Day]
    public let doses: Int
    public let maximum: Int?
    public let minimumGapHours: Double?

    public init(_ chain: DoseHistory.Chain, slots: [DoseEvent], timeZone: TimeZone) {
        let medication = chain.latest.medication
        self.maximum = medication.maxDailyDoses
        let gap = chain.orders.lazy.compactMap { AsNeededUse.minimumGap($0.medication.instructions) }.last
        self.minimumGapHours = gap
        let taken = slots.filter { $0.outcome == .asNeeded }.sorted { $0.moment < $1.moment }
        self.doses = taken.count
        var previous: Date?
        var byDay: [LocalDate: (doses: Int, amounts: [Quantity?], short: Int)] = [:]
        for slot in taken {
            let day = LocalDate(slot.moment, in: timeZone)
            var entry = byDay[day] ?? (0, [], 0)
            entry.doses += 1
            entry.amounts.append(slot.administration?.dose ?? medication.dose)
            if let gap, let previous, slot.moment.timeIntervalSince(previous) < gap * 3600 { entry.short += 1 }
            byDay[day] = entry
            previous = slot.moment
        }
        self.days = byDay.keys.sorted().map { day in
            let entry = byDay[day]!
            return Day(day: day, doses: entry.doses, amountText: AsNeededUse.total(entry.amounts), shortGaps: entry.short)
        }
    }

    /// The day with the most doses (the earliest of equals).
    public var busiestDay: Day? { days.max { $0.doses != $1.doses ? $0.doses < $1.doses : $0.day > $1.day } }

    static func total(_ amounts: [Quantity?]) -> String? {
        guard let first = amounts.first ?? nil else { return nil }
        var sum = 0.0
        for amount in amounts {
            guard let amount, amount.unit.lowercased() == first.unit.lowercased() else { return nil }
            sum += amount.value
        }
        // No thousands separator: "2,500" reads as two and a half where the decimal mark is a comma.
        return "\(DisplayFormat.number(sum)) \(first.unit)"
    }

    /// Hours from "at least 4 hours apart", "every 6 hours", "no more often than every 4 h".
    static func minimumGap(_ instructions: String?) -> Double? {
        guard let text = instructions?.lowercased() else { return nil }
        let patterns = [
            #"at least (\d+(?:\.\d+)?) ?(?:hours?|hrs?|h)\b"#, #"every (\d+(?:\.\d+)?) ?(?:hours?|hrs?|h)\b"#,
            #"(\d+(?:\.\d+)?) ?(?:hours?|hrs?|h) apart"#,
        ]
        for pattern in patterns {
            guard let regex = try? NSRegularExpression(pattern: pattern) else { continue }
            let range = NSRange(text.startIndex..., in: text)
            if let match = regex.firstMatch(in: text, range: range), let hours = Range(match.range(at: 1), in: text) {
                return Double(text[hours])
            }
        }
        return nil
    }
}
