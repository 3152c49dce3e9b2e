import Foundation

extension WeeklySummaryBuilder {
    /// Warning signs in symptoms and notes (fall, fainting, confusion, fever, chest pain or
    /// breathlessness: a call today), new and severe symptoms, one line per kind of reading, and
    /// abnormal lab results (a call today when critical or explained by a current medicine).
    func healthItems(_ week: ISOWeek, records: [HealthRecord]) -> [WeeklySummary.Attention] {
        var items: [WeeklySummary.Attention] = []
        let words = context.words
        for record in records {
            let warnings = EarlySigns.warningSigns(record).subtracting([.dizziness])
            if let sign = WarningWords.Sign.allCases.first(where: warnings.contains) {
                var item = WeeklySummary.Attention(
                    symbol: "!", kind: warningKind(sign), text: "\(record.title), \(context.format.dateTime(record.date))", link: nil)
                item.tier = .callToday
                items.append(item)
                continue
            }
            switch record.data {
            case .document(let document):
                guard let report = document.labReport else { continue }
                for result in report.results {
                    if let item = labItem(result, report: report, record: record, since: nil) { items.append(item) }
                }
            case .symptom(let symptom):
                let new = signs.isNew(record, symptom)
                guard new || symptom.severity >= 7 else { continue }
                items.append(.init(
                    symbol: "!", kind: symptom.severity >= 7 ? (new ? words.t("New severe symptom") : words.t("Severe symptom")) : words.t("New symptom"),
                    text: words.t("{title}, severity {severity} of 10", ["title": record.title, "severity": "\(symptom.severity)"]), link: nil))
            default:
                continue
            }
        }
        return readingItems(week, records: records) + explainedReadingItems(week, records: records) + items
    }

    /// The Needs-attention kind of a warning sign.
    func warningKind(_ sign: WarningWords.Sign) -> String {
        let words = context.words
        return switch sign {
        case .fall: words.t("Fall or near-fall")
        case .fainting: words.t("Fainting")
        case .confusion: words.t("Confusion")
        case .fever: words.t("Fever")
        case .chest: words.t("Chest pain or shortness of breath")
        case .dizziness: words.t("Dizziness")
        }
    }

    /// One line per kind of reading and direction: "Blood pressure high: above 140/90 in 4 of 9
    /// readings, highest 148/86 on Tue 8 Apr", the readings themselves on the week page. A reading
    /// inside the usual adult range that is only lower than the person's usual counts only when a
    /// symptom or note of the same day explains it (dizziness, a fall).
    func readingItems(_ week: ISOWeek, records: [HealthRecord]) -> [WeeklySummary.Attention] {
        var byKind: [Measurement.Kind: [(record: HealthRecord, measurement: Measurement, flag: EarlySigns.Flag?)]] = [:]
        for record in records {
            guard case .measurement(let measurement) = record.data else { continue }
            byKind[measurement.kind, default: []].append((record, measurement, signs.flag(record, measurement)))
        }
        var items: [WeeklySummary.Attention] = []
        for kind in Measurement.Kind.allCases {
            guard let readings = byKind[kind] else { continue }
            for direction in ["high", "low"] {
                let flagged = readings.filter { reading in
                    guard let flag = reading.flag, flag.direction == direction else { return false }
                    return !flag.personal || direction == "high" || signs.explained(reading.record)
                }
                guard !flagged.isEmpty else { continue }
                let key: (Measurement) -> (Double, Double) = { ($0.systolic ?? $0.value ?? 0, $0.diastolic ?? 0) }
                let worst = direction == "high"
                    ? flagged.max { key($0.measurement) < key($1.measurement) }!
                    : flagged.min { key($0.measurement) < key($1.measurement) }!
                let personal = flagged.allSatisfy { $0.flag?.personal == true }
                var item = WeeklySummary.Attention(
                    symbol: direction == "high" ? "▲" : "▼", kind: readingKind(kind, direction: direction, personal: personal),
                    text: readingText(worst, count: flagged.count, total: readings.count, direction: direction, personal: personal), link: links.week(week))
                item.tier = (kind == .temperature && direction == "high") || (kind == .oxygenSaturation && direction == "low") ? .callToday : .abnormal
                items.append(item)
            }
        }
        return items
    }

    /// "Blood pressure high", "Fever", "Blood pressure lower than usual".
    func readingKind(_ kind: Measurement.Kind, direction: String, personal: Bool) -> String {
        let words = context.words
        let high = direction == "high"
        switch kind {
        case .bloodPressure:
            if personal && !high { return words.t("Blood pressure lower than usual") }
            return high ? words.t("Blood pressure high") : words.t("Blood pressure low")
        case .temperature: return high ? words.t("Fever") : words.t("Temperature low")
        case .heartRate: return high ? words.t("Heart rate high") : words.t("Heart rate low")
        case .bloodGlucose: return high ? words.t("Blood glucose high") : words.t("Blood glucose low")
        case .oxygenSaturation: return high ? words.t("Oxygen saturation high") : words.t("Oxygen saturation low")
        case .respiratoryRate: return high ? words.t("Respiratory rate high") : words.t("Respiratory rate low")
        default:
            let name = MeasurementRanges.kindName(kind, words)
            return high ? words.t("{measurement} high", ["measurement": name]) : words.t("{measurement} low", ["measurement": name])
        }
    }

    /// "148/86 mmHg on Tue 8 Apr", or "above 140/90 in 4 of 9 readings, highest 148/86 mmHg on Tue 8 Apr".
    func readingText(
        _ worst: (record: HealthRecord, measurement: Measurement, flag: EarlySigns.Flag?), count: Int, total: Int, direction: String, personal: Bool
    ) -> String {
        let words = context.words
        let day = context.day(worst.record.date)
        let values = [
            "value": MeasurementRanges.valueText(worst.measurement, context.format),
            "day": "\(context.format.weekday(day.isoWeekday)) \(context.shortDay(day))",
            "count": "\(count)", "total": "\(total)",
        ]
        if count == 1 {
            guard let reason = worst.flag?.reason else { return words.t("{value} on {day}", values) }
            return words.t("{value} on {day} ({reason})", values.merging(["reason": reason]) { $1 })
        }
        if worst.measurement.kind == .bloodPressure {
            return direction == "high"
                ? words.t("above 140/90 in {count} of {total} readings, highest {value} on {day}", values)
                : personal
                    ? words.t("lower than usual in {count} of {total} readings, lowest {value} on {day}", values)
                    : words.t("below 90/60 in {count} of {total} readings, lowest {value} on {day}", values)
        }
        return direction == "high"
            ? words.t("above the range in {count} of {total} readings, highest {value} on {day}", values)
            : words.t("below the range in {count} of {total} readings, lowest {value} on {day}", values)
    }
}
