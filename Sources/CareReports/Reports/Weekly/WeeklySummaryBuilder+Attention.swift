import Foundation

extension WeeklySummaryBuilder {
    /// "Needs attention" in triage order (docs/thresholds.md): what may need a call today, then
    /// abnormal results and readings, then missed doses, then tasks, then overdue chores in one line.
    /// Within a tier, the order the items were found in (medicines, then records by date).
    func attentionItems(_ week: ISOWeek, records: [HealthRecord], tasks: TaskSections) -> [WeeklySummary.Attention] {
        var items = reconciliationItems(week) + doseItems(week)
        items += taskItems(week, tasks: tasks)
        items += healthItems(week, records: records)
        if week.contains(context.today) { items += openResultItems(week) }
        return items.enumerated().sorted { ($0.element.tier, $0.offset) < ($1.element.tier, $1.offset) }.map(\.element)
    }

    /// Missed, unrecorded and skipped doses (a call today for a medicine where one missed dose matters),
    /// and as-needed doses over the daily maximum.
    func doseItems(_ week: ISOWeek) -> [WeeklySummary.Attention] {
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
                var item = WeeklySummary.Attention(
                    symbol: "✗", kind: words.t("Doses"), text: "\(medication.name): \(parts.joined(separator: ", "))", link: links.medication(record.id))
                item.tier = adherence.missed + adherence.notRecorded > 0 && Triage.missedDoseMatters(medication) ? .callToday : .missedDoses
                items.append(item)
            }
            if let maximum = medication.maxDailyDoses {
                let uses = Dictionary(grouping: slots.filter { $0.outcome == .asNeeded }) { LocalDate($0.moment, in: context.timeZone) }
                for (day, doses) in uses.sorted(by: { $0.key < $1.key }) where doses.count > maximum {
                    var item = WeeklySummary.Attention(
                        symbol: "▲", kind: words.t("As-needed doses"),
                        text: words.t(
                            "{medication}: {count} doses on {day}, more than the {maximum} allowed",
                            ["medication": medication.name, "count": "\(doses.count)", "day": context.format.day(day), "maximum": "\(maximum)"]),
                        link: links.medication(record.id))
                    item.tier = .callToday
                    items.append(item)
                }
            }
        }
        return items
    }

    /// High-priority overdue tasks one by one, tasks with nobody assigned, and the other overdue
    /// tasks in one line at the end ("3 overdue tasks, the oldest 18 days"); each is in the week's task tables.
    func taskItems(_ week: ISOWeek, tasks: TaskSections) -> [WeeklySummary.Attention] {
        var items: [WeeklySummary.Attention] = []
        let words = context.words
        var chores: [CareTask] = []
        for task in tasks.overdueTasks {
            guard task.priority == .high else {
                chores.append(task)
                continue
            }
            items.append(overdueItem(task, tier: .tasks))
        }
        if chores.count == 1 {
            items.append(overdueItem(chores[0], tier: .staleChores))
        } else if let oldest = chores.map({ context.day($0.dueDate) }).min() {
            let asOf = min(week.sunday, context.today)
            let days = max(1, asOf.daysSinceEpoch - oldest.daysSinceEpoch)
            var item = WeeklySummary.Attention(
                symbol: "!", kind: words.t("Overdue tasks"),
                text: words.n(
                    "{count} overdue task, the oldest {age}", "{count} overdue tasks, the oldest {age}", count: chores.count,
                    ["age": words.n("{count} day", "{count} days", count: days, context: "age")]),
                link: links.week(week))
            item.tier = .staleChores
            items.append(item)
        }
        for task in tasks.unassignedOpen where !tasks.overdueTasks.contains(task) {
            var item = WeeklySummary.Attention(
                symbol: "?", kind: words.t("Nobody assigned"),
                text: words.t("{title}, due {due}", ["title": task.title, "due": context.format.dateTime(task.dueDate)]), link: nil)
            item.tier = .tasks
            items.append(item)
        }
        return items
    }

    private func overdueItem(_ task: CareTask, tier: Triage) -> WeeklySummary.Attention {
        let words = context.words
        var text = words.t("{title}, due {due}", ["title": task.title, "due": context.format.dateTime(task.dueDate)])
        if task.status == .completed, let done = task.completionDetails {
            text = words.t(
                "{title}, due {due}; done later, {done}",
                ["title": task.title, "due": context.format.dateTime(task.dueDate), "done": context.format.dateTime(done.completedAt)])
        }
        var item = WeeklySummary.Attention(symbol: "!", kind: words.t("Overdue task"), text: text, link: nil)
        item.tier = tier
        return item
    }
}
