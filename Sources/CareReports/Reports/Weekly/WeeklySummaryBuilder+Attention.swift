import Foundation

extension WeeklySummaryBuilder {
    /// "Needs attention": missed or skipped doses, PRN over the daily maximum, overdue and unassigned
    /// tasks, out-of-range measurements and lab results, new severe symptoms.
    func attentionItems(_ week: ISOWeek, records: [HealthRecord], tasks: TaskSections) -> [WeeklySummary.Attention] {
        var items: [WeeklySummary.Attention] = []
        for (record, medication) in medicationsActive(in: week) {
            let slots = timeline(record, medication).filter { week.contains(LocalDate($0.moment, in: context.timeZone)) }
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
            switch record.data {
            case .measurement(let measurement):
                if let flag = MeasurementRanges.flag(measurement) {
                    items.append(.init(
                        symbol: flag == "high" ? "▲" : "▼", kind: "\(MeasurementRanges.kindName(measurement.kind)) \(flag)",
                        text: "\(MeasurementRanges.valueText(measurement)), \(record.title)", link: nil))
                }
            case .document(let document):
                guard let report = document.labReport else { continue }
                for result in report.results {
                    guard let (flag, _) = LabFlagging.flag(of: result), LabFlagging.isAbnormal(flag) else { continue }
                    let words = LabFlagging.words(flag)
                    items.append(.init(
                        symbol: words.symbol, kind: "Lab result \(words.label.lowercased())",
                        text: "\(result.name) \(LabValueText.value(result))\(result.unit.map { " \($0)" } ?? "") (range \(LabValueText.range(result.referenceRange)))",
                        link: links.report(record.id)))
                }
            case .symptom(let symptom) where symptom.severity >= 7:
                items.append(.init(symbol: "!", kind: "Severe symptom", text: "\(record.title), severity \(symptom.severity) of 10", link: nil))
            default:
                continue
            }
        }
        return items
    }
}
