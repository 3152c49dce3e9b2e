import Foundation

/// What every weekly page needs from all of the viewer's records, worked out once per site rather
/// than once per week: the health records in page order (date, then id, each date resolved once),
/// bucketed by the week they are filed under, each medication's dose timeline, bucketed by the
/// week of each dose, the tasks in due order and the updates by week. The buckets keep page order, so a week's slice is exactly what filtering all
/// records by that week and sorting them gave before (ids are unique, so the order has no ties).
final class WeeklyIndex: Sendable {
    /// One medication order with its dose timeline by week.
    struct MedicationEntry: Sendable {
        let record: HealthRecord
        let medication: Medication
        let start: LocalDate
        let end: LocalDate?
        let slotsByWeek: [ISOWeek: [DoseEvent]]

        func slots(in week: ISOWeek) -> [DoseEvent] { slotsByWeek[week] ?? [] }
    }

    /// A task with the dates every week's page asks about, resolved once.
    struct TaskEntry: Sendable {
        let task: CareTask
        /// The due date resolved in the circle's zone, and its local day.
        let due: Date
        let dueDay: LocalDate
        /// The week the task belongs to (`WeeklySummaryBuilder.week(of:in:)`).
        let week: ISOWeek
    }

    /// Every task, sorted by (due date resolved in the circle's zone, id).
    let sortedTasks: [TaskEntry]
    /// The updates of each week, sorted by (time resolved in the circle's zone, id).
    let updatesByWeek: [ISOWeek: [CircleUpdate]]
    /// Every health record, sorted by (date resolved in the circle's zone, id).
    let sortedHealth: [HealthRecord]
    /// The sorted records of each week, filed by `WeeklySummaryBuilder.weekDate(of:)`.
    let healthByWeek: [ISOWeek: [HealthRecord]]
    /// The medication orders, in `sortedHealth` order.
    let medications: [MedicationEntry]

    /// The index of `context`'s visible records: the circle's index over all its records filtered
    /// down to them when the circle's facts are at hand (the same result: every part is made record
    /// by record or sorted on a total order, see ``CircleFacts``), else worked out from them.
    convenience init(_ context: ReportContext) {
        let records = context.records
        guard let facts = records.facts else {
            self.init(health: records.healthRecords, tasks: records.tasks, updates: records.updates, context: context)
            return
        }
        let all = facts.allRecordsIndex(for: context)
        let health = Set(records.healthRecords.map(\.id))
        let tasks = Set(records.tasks.map(\.id))
        let updates = Set(records.updates.map(\.id))
        self.init(
            sortedTasks: all.sortedTasks.filter { tasks.contains($0.task.id) },
            updatesByWeek: all.updatesByWeek.compactMapValues { week in
                let kept = week.filter { updates.contains($0.id) }
                return kept.isEmpty ? nil : kept
            },
            sortedHealth: all.sortedHealth.filter { health.contains($0.id) },
            healthByWeek: all.healthByWeek.compactMapValues { week in
                let kept = week.filter { health.contains($0.id) }
                return kept.isEmpty ? nil : kept
            },
            medications: all.medications.filter { health.contains($0.record.id) })
    }

    private init(
        sortedTasks: [TaskEntry], updatesByWeek: [ISOWeek: [CircleUpdate]], sortedHealth: [HealthRecord], healthByWeek: [ISOWeek: [HealthRecord]],
        medications: [MedicationEntry]
    ) {
        self.sortedTasks = sortedTasks
        self.updatesByWeek = updatesByWeek
        self.sortedHealth = sortedHealth
        self.healthByWeek = healthByWeek
        self.medications = medications
    }

    /// The index of these records, worked out from them.
    init(health: [HealthRecord], tasks: [CareTask], updates: [CircleUpdate], context: ReportContext) {
        let zone = context.timeZone
        let keyed = health.map { (key: ($0.date.resolved(in: zone), $0.id), record: $0) }
        sortedHealth = keyed.sorted { $0.key < $1.key }.map(\.record)
        var byWeek: [ISOWeek: [HealthRecord]] = [:]
        var medications: [MedicationEntry] = []
        for record in sortedHealth {
            byWeek[ISOWeek(containing: context.day(WeeklySummaryBuilder.weekDate(of: record))), default: []].append(record)
            guard case .medication(let medication) = record.data else { continue }
            let timeline = DoseTimeline.memoized(
                record: record.id, medication, orderedAt: record.date, now: context.dataUntil, timeZone: zone, onTimeWindow: context.onTimeWindow)
            var slots: [ISOWeek: [DoseEvent]] = [:]
            for slot in context.hasDoseLog(record, medication) ? timeline.slots : [] { slots[ISOWeek(containing: LocalDate(slot.moment, in: zone)), default: []].append(slot) }
            medications.append(MedicationEntry(
                record: record, medication: medication, start: context.day(medication.startDate),
                end: medication.endDate.map(context.day), slotsByWeek: slots))
        }
        healthByWeek = byWeek
        sortedTasks = tasks.map { task in
            TaskEntry(task: task, due: task.dueDate.resolved(in: zone), dueDay: context.day(task.dueDate),
                week: WeeklySummaryBuilder.week(of: task, in: context))
        }.sorted { ($0.due, $0.task.id) < ($1.due, $1.task.id) }
        var updatesInWeek: [ISOWeek: [(key: (Date, String), update: CircleUpdate)]] = [:]
        for update in updates {
            updatesInWeek[ISOWeek(containing: context.day(update.timestamp)), default: []]
                .append(((update.timestamp.resolved(in: zone), update.id), update))
        }
        updatesByWeek = updatesInWeek.mapValues { $0.sorted { $0.key < $1.key }.map(\.update) }
        self.medications = medications
    }
}
