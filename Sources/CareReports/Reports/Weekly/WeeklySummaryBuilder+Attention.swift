import Foundation

extension WeeklySummaryBuilder {
    /// "Needs attention": missed or skipped doses, PRN over the daily maximum, overdue and unassigned
    /// tasks, measurements out of the usual range or far from the person's own usual, abnormal lab
    /// results, new and severe symptoms, falls and near-falls (thresholds: docs/thresholds.md).
    func attentionItems(_ week: ISOWeek, records: [HealthRecord], tasks: TaskSections) -> [WeeklySummary.Attention] {
        var items: [WeeklySummary.Attention] = []
        for entry in medicationsActive(in: week) {
            let (record, medication) = (entry.record, entry.medication)
            let slots = entry.slots(in: week)
            let adherence = Adherence(slots)
            var parts: [String] = []
            if adherence.missed > 0 { parts.append("\(adherence.missed) missed") }
            if adherence.notRecorded > 0 { parts.append("\(adherence.notRecorded) not recorded") }
            if adherence.skipped > 0 { parts.append("\(adherence.skipped) skipped") }
            if !parts.isEmpty {
                items.append(.init(symbol: "✗", kind: "Doses", text: "\(medication.name): \(parts.joined(separator: ", "))", link: links.medication(record.id)))
            }
            if let maximum = medication.maxDailyDoses {
                let uses = Dictionary(grouping: slots.filter { $0.outcome == .asNeeded }) { LocalDate($0.moment, in: context.timeZone) }
                for (day, doses) in uses.sorted(by: { $0.key < $1.key }) where doses.count > maximum {
                    items.append(.init(
                        symbol: "▲", kind: "As-needed doses",
                        text: "\(medication.name): \(doses.count) doses on \(context.format.day(day)), more than the \(maximum) allowed",
                        link: links.medication(record.id)))
                }
            }
        }
        for task in tasks.overdueTasks {
            var text = "\(task.title), due \(context.format.dateTime(task.dueDate))"
            if task.status == .completed, let done = task.completionDetails { text += "; done later, \(context.format.dateTime(done.completedAt))" }
            items.append(.init(symbol: "!", kind: "Overdue task", text: text, link: nil))
        }
        for task in tasks.unassignedOpen where !tasks.overdueTasks.contains(task) {
            items.append(.init(symbol: "?", kind: "Nobody assigned", text: "\(task.title), due \(context.format.dateTime(task.dueDate))", link: nil))
        }
        for record in records {
            if EarlySigns.isFall(record) {
                items.append(.init(symbol: "!", kind: "Fall or near-fall", text: "\(record.title), \(context.format.dateTime(record.date))", link: nil))
            }
            switch record.data {
            case .measurement(let measurement):
                if let flag = signs.flag(record, measurement) {
                    items.append(.init(
                        symbol: flag.direction == "high" ? "▲" : "▼", kind: "\(MeasurementRanges.kindName(measurement.kind)) \(flag.direction)",
                        text: "\(MeasurementRanges.valueText(measurement))\(flag.reason.map { " (\($0))" } ?? ""), \(record.title)", link: nil))
                }
            case .document(let document):
                guard let report = document.labReport else { continue }
                for result in report.results {
                    guard let (flag, _) = LabFlagging.flag(of: result), LabFlagging.isAbnormal(flag) else { continue }
                    let words = LabFlagging.words(flag)
                    items.append(.init(
                        symbol: words.symbol, kind: "Lab result \(words.label.lowercased())",
                        text: "\(result.name) \(LabUnitText.value(result)) (range \(LabValueText.range(result.referenceRange)))",
                        link: links.report(record.id)))
                }
            case .symptom(let symptom):
                let new = signs.isNew(record, symptom)
                guard new || symptom.severity >= 7 else { continue }
                items.append(.init(
                    symbol: "!", kind: symptom.severity >= 7 ? (new ? "New severe symptom" : "Severe symptom") : "New symptom",
                    text: "\(record.title), severity \(symptom.severity) of 10", link: nil))
            default:
                continue
            }
        }
        return items
    }
}
