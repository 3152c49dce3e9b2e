import Foundation

extension WeeklySummaryBuilder {
    /// "Needs attention": missed or skipped doses, PRN over the daily maximum, overdue and unassigned
    /// tasks, measurements out of the usual range or far from the person's own usual, abnormal lab
    /// results, new and severe symptoms, falls and near-falls (thresholds: docs/thresholds.md).
    func attentionItems(_ week: ISOWeek, records: [HealthRecord], tasks: TaskSections) -> [WeeklySummary.Attention] {
        var items: [WeeklySummary.Attention] = []
        let words = context.words
        for entry in medicationsActive(in: week) {
            let (record, medication) = (entry.record, entry.medication)
            let slots = entry.slots(in: week)
            let adherence = Adherence(slots)
            var parts: [String] = []
            if adherence.missed > 0 { parts.append(words.n("{count} missed", "{count} missed", count: adherence.missed, context: "doses")) }
            if adherence.notRecorded > 0 {
                parts.append(words.n("{count} not recorded", "{count} not recorded", count: adherence.notRecorded, context: "doses"))
            }
            if adherence.skipped > 0 { parts.append(words.n("{count} skipped", "{count} skipped", count: adherence.skipped, context: "doses")) }
            if !parts.isEmpty {
                items.append(.init(
                    symbol: "✗", kind: words.t("Doses"), text: "\(medication.name): \(parts.joined(separator: ", "))", link: links.medication(record.id)))
            }
            if let maximum = medication.maxDailyDoses {
                let uses = Dictionary(grouping: slots.filter { $0.outcome == .asNeeded }) { LocalDate($0.moment, in: context.timeZone) }
                for (day, doses) in uses.sorted(by: { $0.key < $1.key }) where doses.count > maximum {
                    items.append(.init(
                        symbol: "▲", kind: words.t("As-needed doses"),
                        text: words.t(
                            "{medication}: {count} doses on {day}, more than the {maximum} allowed",
                            ["medication": medication.name, "count": "\(doses.count)", "day": context.format.day(day), "maximum": "\(maximum)"]),
                        link: links.medication(record.id)))
                }
            }
        }
        for task in tasks.overdueTasks {
            var text = words.t("{title}, due {due}", ["title": task.title, "due": context.format.dateTime(task.dueDate)])
            if task.status == .completed, let done = task.completionDetails {
                text = words.t(
                    "{title}, due {due}; done later, {done}",
                    ["title": task.title, "due": context.format.dateTime(task.dueDate), "done": context.format.dateTime(done.completedAt)])
            }
            items.append(.init(symbol: "!", kind: words.t("Overdue task"), text: text, link: nil))
        }
        for task in tasks.unassignedOpen where !tasks.overdueTasks.contains(task) {
            items.append(.init(
                symbol: "?", kind: words.t("Nobody assigned"),
                text: words.t("{title}, due {due}", ["title": task.title, "due": context.format.dateTime(task.dueDate)]), link: nil))
        }
        for record in records {
            if EarlySigns.isFall(record) {
                items.append(.init(symbol: "!", kind: words.t("Fall or near-fall"), text: "\(record.title), \(context.format.dateTime(record.date))", link: nil))
            }
            switch record.data {
            case .measurement(let measurement):
                if let flag = signs.flag(record, measurement) {
                    items.append(.init(
                        symbol: flag.direction == "high" ? "▲" : "▼",
                        kind: flag.direction == "high"
                            ? words.t("{measurement} high", ["measurement": MeasurementRanges.kindName(measurement.kind, words)])
                            : words.t("{measurement} low", ["measurement": MeasurementRanges.kindName(measurement.kind, words)]),
                        text: flag.reason.map { reason in
                            words.t("{value} ({reason}), {title}", ["value": MeasurementRanges.valueText(measurement, context.format), "reason": reason, "title": record.title])
                        } ?? words.t("{value}, {title}", ["value": MeasurementRanges.valueText(measurement, context.format), "title": record.title]),
                        link: nil))
                }
            case .document(let document):
                guard let report = document.labReport else { continue }
                for result in report.results {
                    guard let (flag, _) = LabFlagging.flag(of: result), LabFlagging.isAbnormal(flag) else { continue }
                    let flagWords = LabFlagging.words(flag, words)
                    items.append(.init(
                        symbol: flagWords.symbol, kind: words.t("Lab result {flag}", ["flag": flagWords.label.lowercased()]),
                        text: words.t(
                            "{test} {value} (range {range})",
                            ["test": result.name, "value": context.format.localized(LabUnitText.value(result, context.words)),
                             "range": context.format.localized(LabValueText.range(result.referenceRange))]),
                        link: links.report(record.id)))
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
        return items
    }
}
