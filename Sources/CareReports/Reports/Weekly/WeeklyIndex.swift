import Foundation

/// What every weekly page needs from all of the viewer's records, worked out once per site rather
/// than once per week: the health records in page order (date, then id, each date resolved once),
/// bucketed by the week they are filed under, each medication's dose timeline (a week's doses are
/// found in it when the week is asked for), the tasks in due order and the updates by week. The
/// buckets keep page order, so a week's slice is exactly what filtering all records by that week and
/// sorting them gave before (ids are unique, so the order has no ties).
///
/// With the circle's facts at hand (``CircleFacts``), the index is the circle's index over all its
/// records, filtered down to the viewer's: a week's bucket is filtered when that week is asked for.
final class WeeklyIndex: Sendable {
    /// One medication order with its dose timeline.
    struct MedicationEntry: Sendable {
        let record: HealthRecord
        let medication: Medication
        let start: LocalDate
        let end: LocalDate?
        /// The timeline's dose slots in time order (none when the order has no dose log to count).
        let timeline: [DoseEvent]
        let zone: TimeZone

        /// The slots whose moment falls in `week` in the circle's zone, in time order. The slots are
        /// sorted by moment, and no zone is as much as a day from UTC, so only those within two days of
        /// the week's UTC bounds are looked at, each by its local day.
        func slots(in week: ISOWeek) -> [DoseEvent] {
            let from = Date(timeIntervalSince1970: Double(week.monday.daysSinceEpoch - 2) * 86_400)
            let to = Date(timeIntervalSince1970: Double(week.sunday.daysSinceEpoch + 3) * 86_400)
            var low = 0
            var high = timeline.count
            while low < high {
                let middle = (low + high) / 2
                if timeline[middle].moment < from { low = middle + 1 } else { high = middle }
            }
            var found: [DoseEvent] = []
            for slot in timeline[low...] {
                guard slot.moment < to else { break }
                if ISOWeek(containing: LocalDate(slot.moment, in: zone)) == week { found.append(slot) }
            }
            return found
        }
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
    /// Every health record, sorted by (date resolved in the circle's zone, id).
    let sortedHealth: [HealthRecord]
    /// The medication orders, in `sortedHealth` order.
    let medications: [MedicationEntry]
    /// The sorted records of each week, filed by `WeeklySummaryBuilder.weekDate(of:)`, and the
    /// updates of each week, sorted by (time resolved in the circle's zone, id): the viewer's own, or
    /// the circle's with the ids the viewer sees.
    private let healthByWeek: [ISOWeek: [HealthRecord]]
    private let updatesByWeek: [ISOWeek: [CircleUpdate]]
    private let visible: (health: Set<String>, updates: Set<String>)?

    /// The sorted health records filed under `week`.
    func health(in week: ISOWeek) -> [HealthRecord] {
        let all = healthByWeek[week] ?? []
        guard let visible else { return all }
        return all.filter { visible.health.contains($0.id) }
    }

    /// The sorted updates of `week`.
    func updates(in week: ISOWeek) -> [CircleUpdate] {
        let all = updatesByWeek[week] ?? []
        guard let visible else { return all }
        return all.filter { visible.updates.contains($0.id) }
    }

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
        self.init(
            sortedTasks: all.sortedTasks.filter { tasks.contains($0.task.id) },
            sortedHealth: all.sortedHealth.filter { health.contains($0.id) },
            medications: all.medications.filter { health.contains($0.record.id) },
            healthByWeek: all.healthByWeek, updatesByWeek: all.updatesByWeek,
            visible: (health, Set(records.updates.map(\.id))))
    }

    private init(
        sortedTasks: [TaskEntry], sortedHealth: [HealthRecord], medications: [MedicationEntry], healthByWeek: [ISOWeek: [HealthRecord]],
        updatesByWeek: [ISOWeek: [CircleUpdate]], visible: (health: Set<String>, updates: Set<String>)?
    ) {
        self.sortedTasks = sortedTasks
        self.sortedHealth = sortedHealth
        self.medications = medications
        self.healthByWeek = healthByWeek
        self.updatesByWeek = updatesByWeek
        self.visible = visible
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
            medications.append(MedicationEntry(
                record: record, medication: medication, start: context.day(medication.startDate),
                end: medication.endDate.map(context.day), timeline: context.hasDoseLog(record, medication) ? timeline.slots : [], zone: zone))
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
        visible = nil
    }
}
