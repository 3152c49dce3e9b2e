import Foundation

/// A dose and its rate in the reader's words: "2 puffs", "1 tablet", "3 times a day", "every 6
/// hours", "before meals". Dose units the importers set for a countable dose form are UCUM
/// annotations (`{tablet}`, `{puff}`…, see ``DoseUnits``) so they read in the reader's language;
/// any other unit is shown as the source wrote it (UCUM codes in their written form).
public enum DoseText {
    /// `2 puffs`, `500 mg`, `0.5 tablet`; a dose whose unit is not known says "doses", never a bare number.
    /// A range (`high`, a C-CDA IVL_PQ dose) reads "1–2 tablets".
    public static func amount(_ dose: Quantity, _ format: DisplayFormat, high: Double? = nil) -> String {
        let number = high.map { "\(format.number(dose.value))–\(format.number($0))" } ?? format.number(dose.value)
        let count = dose.value == 1 && high == nil ? 1 : 2
        let values = ["count": number]
        let words = format.words
        switch DoseUnits.countable(dose.unit) {
        case .tablet?: return words.n("{count} tablet", "{count} tablets", count: count, context: "dose", values)
        case .capsule?: return words.n("{count} capsule", "{count} capsules", count: count, context: "dose", values)
        case .puff?: return words.n("{count} puff", "{count} puffs", count: count, context: "dose", values)
        case .spray?: return words.n("{count} spray", "{count} sprays", count: count, context: "dose", values)
        case .drop?: return words.n("{count} drop", "{count} drops", count: count, context: "dose", values)
        case .patch?: return words.n("{count} patch", "{count} patches", count: count, context: "dose", values)
        case .suppository?: return words.n("{count} suppository", "{count} suppositories", count: count, context: "dose", values)
        case .lozenge?: return words.n("{count} lozenge", "{count} lozenges", count: count, context: "dose", values)
        case .sachet?: return words.n("{count} sachet", "{count} sachets", count: count, context: "dose", values)
        case .injection?: return words.n("{count} injection", "{count} injections", count: count, context: "dose", values)
        case .dose?: return words.n("{count} dose", "{count} doses", count: count, context: "dose", values)
        case nil:
            let unit = LabUnitText.display(dose.unit)
            return unit.isEmpty ? words.n("{count} dose", "{count} doses", count: count, context: "dose", values) : "\(number) \(unit)"
        }
    }

    /// Just the unit of `dose` as ``amount(_:_:)`` words it: `tablets`, `mg`.
    public static func unit(_ dose: Quantity, _ format: DisplayFormat) -> String {
        let whole = amount(dose, format)
        let number = format.number(dose.value)
        return whole.hasPrefix(number + " ") ? String(whole.dropFirst(number.count + 1)) : whole
    }

    /// "3 times a day, before meals", "every 6 hours", "every 2 weeks".
    public static func frequency(_ frequency: DoseFrequency, _ format: DisplayFormat) -> String {
        var parts: [String] = []
        if let rate = rate(frequency, format) { parts.append(rate) }
        parts += frequency.events.compactMap { event($0, format.words) }
        return parts.joined(separator: ", ")
    }

    private static func rate(_ frequency: DoseFrequency, _ format: DisplayFormat) -> String? {
        guard let period = frequency.period, period > 0, let unit = frequency.unit else { return nil }
        let words = format.words
        let count = max(frequency.count ?? 1, 1)
        if period == 1 {
            switch (unit, count) {
            case (.day, 1): return words.t("once a day")
            case (.day, 2): return words.t("twice a day")
            case (.day, _): return words.n("{count} time a day", "{count} times a day", count: count)
            case (.week, 1): return words.t("once a week")
            case (.week, _): return words.n("{count} time a week", "{count} times a week", count: count)
            case (.month, 1): return words.t("once a month")
            case (.month, _): return words.n("{count} time a month", "{count} times a month", count: count)
            case (.year, 1): return words.t("once a year")
            case (.year, _): return words.n("{count} time a year", "{count} times a year", count: count)
            case (.hour, 1): return words.t("every hour")
            case (.hour, _): return words.n("{count} time an hour", "{count} times an hour", count: count)
            case (.minute, 1): return words.t("every minute")
            case (.minute, _): return words.n("{count} time a minute", "{count} times a minute", count: count)
            case (.second, _): return words.n("{count} time a second", "{count} times a second", count: count)
            }
        }
        let plural = 2
        let values = ["count": format.number(period), "times": "\(count)"]
        if count == 1 {
            switch unit {
            case .second: return words.n("every {count} second", "every {count} seconds", count: plural, values)
            case .minute: return words.n("every {count} minute", "every {count} minutes", count: plural, values)
            case .hour: return words.n("every {count} hour", "every {count} hours", count: plural, values)
            case .day: return words.n("every {count} day", "every {count} days", count: plural, values)
            case .week: return words.n("every {count} week", "every {count} weeks", count: plural, values)
            case .month: return words.n("every {count} month", "every {count} months", count: plural, values)
            case .year: return words.n("every {count} year", "every {count} years", count: plural, values)
            }
        }
        switch unit {
        case .second: return words.n("{times} times every {count} second", "{times} times every {count} seconds", count: plural, values)
        case .minute: return words.n("{times} times every {count} minute", "{times} times every {count} minutes", count: plural, values)
        case .hour: return words.n("{times} times every {count} hour", "{times} times every {count} hours", count: plural, values)
        case .day: return words.n("{times} times every {count} day", "{times} times every {count} days", count: plural, values)
        case .week: return words.n("{times} times every {count} week", "{times} times every {count} weeks", count: plural, values)
        case .month: return words.n("{times} times every {count} month", "{times} times every {count} months", count: plural, values)
        case .year: return words.n("{times} times every {count} year", "{times} times every {count} years", count: plural, values)
        }
    }

    /// An HL7 TimingEvent code in words: "before meals", "at bedtime"; nil for a code not known.
    public static func event(_ code: String, _ words: Localizer) -> String? {
        switch code.uppercased() {
        case "AC": words.t("before meals")
        case "ACM": words.t("before breakfast")
        case "ACD": words.t("before lunch")
        case "ACV": words.t("before dinner")
        case "PC": words.t("after meals")
        case "PCM": words.t("after breakfast")
        case "PCD": words.t("after lunch")
        case "PCV": words.t("after dinner")
        case "C": words.t("with meals")
        case "CM": words.t("with breakfast")
        case "CD": words.t("with lunch")
        case "CV": words.t("with dinner")
        case "HS": words.t("at bedtime")
        case "WAKE": words.t("on waking")
        case "MORN": words.t("in the morning")
        case "AFT": words.t("in the afternoon")
        case "EVE": words.t("in the evening")
        case "NIGHT": words.t("at night")
        default: nil
        }
    }
}
