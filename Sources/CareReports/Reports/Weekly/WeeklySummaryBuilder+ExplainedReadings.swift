import Foundation

extension WeeklySummaryBuilder {
    /// How many days after a change of a blood-pressure medicine an in-range reading on a day with
    /// dizziness, a fall, fainting or confusion is listed (docs/thresholds.md).
    static let explainedChangeDays = 14

    /// Blood-pressure readings inside the usual adult range that the range and the person's usual do
    /// not flag, listed because a symptom or note of the same day explains them, a medicine acting
    /// on blood pressure changed in the ``explainedChangeDays`` before, and the systolic is at least
    /// ``EarlySigns/systolicDrop`` under the usual of the weeks before that change: "Blood pressure on a day with dizziness:
    /// 104/61 mmHg on Sat 1 Mar, 5 days after the Lisinopril increase". Worded without "low": the
    /// reading is not low, the day is what matters.
    func explainedReadingItems(_ week: ISOWeek, records: [HealthRecord]) -> [WeeklySummary.Attention] {
        var items: [WeeklySummary.Attention] = []
        for record in records {
            guard case .measurement(let measurement) = record.data, measurement.kind == .bloodPressure,
                signs.flag(record, measurement) == nil, let sign = signs.explainingSign(record),
                let (mark, days) = recentChange(before: record), let systolic = measurement.systolic,
                let before = signs.systolicUsual(before: mark.day.midnight(in: context.timeZone), unit: measurement.unit),
                before - systolic >= EarlySigns.systolicDrop
            else { continue }
            let day = context.day(record.date)
            var item = WeeklySummary.Attention(
                symbol: "!", kind: explainedKind(sign),
                text: explainedText(
                    value: MeasurementRanges.valueText(measurement, context.format),
                    day: "\(context.format.weekday(day.isoWeekday)) \(context.shortDay(day))", mark: mark, days: days),
                link: links.week(week))
            // Symptoms with a pressure well under the usual, within days of a change of a medicine
            // that lowers it, may be the medicine's doing: a call today (docs/thresholds.md).
            item.tier = .callToday
            items.append(item)
        }
        return items
    }

    /// The latest change of a blood-pressure medicine up to the reading's day and at most
    /// ``explainedChangeDays`` before it, with the days between.
    private func recentChange(before record: HealthRecord) -> (MedicationChangeMarks.Mark, Int)? {
        let day = context.day(record.date)
        let changes = changeMarks.marks.filter { mark in
            mark.measures.contains(.bloodPressure) && mark.kind != .stopped && mark.kind != .renewed && mark.day <= day
        }
        guard let mark = changes.max(by: { $0.day < $1.day }) else { return nil }
        let days = day.daysSinceEpoch - mark.day.daysSinceEpoch
        return days <= Self.explainedChangeDays ? (mark, days) : nil
    }

    /// "Blood pressure on a day with dizziness".
    private func explainedKind(_ sign: WarningWords.Sign) -> String {
        let words = context.words
        return switch sign {
        case .fall: words.t("Blood pressure on a day with a fall")
        case .fainting: words.t("Blood pressure on a day with fainting")
        case .confusion: words.t("Blood pressure on a day with confusion")
        default: words.t("Blood pressure on a day with dizziness")
        }
    }

    /// "104/61 mmHg on Sat 1 Mar, 5 days after the Lisinopril increase".
    private func explainedText(value: String, day: String, mark: MedicationChangeMarks.Mark, days: Int) -> String {
        let words = context.words
        let values = ["value": value, "day": day, "medicine": mark.medicine, "count": "\(days)"]
        if days == 0 {
            return switch mark.kind {
            case .increased: words.t("{value} on {day}, the day of the {medicine} increase", values)
            case .decreased: words.t("{value} on {day}, the day of the {medicine} decrease", values)
            case .started: words.t("{value} on {day}, the day {medicine} started", values)
            default: words.t("{value} on {day}, the day of the {medicine} change", values)
            }
        }
        return switch mark.kind {
        case .increased:
            words.n("{value} on {day}, {count} day after the {medicine} increase", "{value} on {day}, {count} days after the {medicine} increase", count: days, values)
        case .decreased:
            words.n("{value} on {day}, {count} day after the {medicine} decrease", "{value} on {day}, {count} days after the {medicine} decrease", count: days, values)
        case .started:
            words.n("{value} on {day}, {count} day after {medicine} started", "{value} on {day}, {count} days after {medicine} started", count: days, values)
        default:
            words.n("{value} on {day}, {count} day after the {medicine} change", "{value} on {day}, {count} days after the {medicine} change", count: days, values)
        }
    }
}
