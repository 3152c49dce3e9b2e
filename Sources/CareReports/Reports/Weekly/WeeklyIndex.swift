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
        /// The order's position in the records the index was made from.
        let position: Int

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
        /// The task's position in the tasks the index was made from.
        let position: Int
    }

    /// Every task, sorted by (due date resolved in the circle's zone, id).
    let sortedTasks: [TaskEntry]
    /// Every health record, sorted by (date resolved in the circle's zone, id).
    let sortedHealth: [HealthRecord]
    /// Their positions in the records the index was made from (empty in a reader's index filtered
    /// from the circle's, which needs none).
    private let sortedHealthPositions: [Int]
    /// The medication orders, in `sortedHealth` order.
    let medications: [MedicationEntry]
    /// The sorted records of each week, filed by `WeeklySummaryBuilder.weekDate(of:)`, and the
    /// updates of each week, sorted by (time resolved in the circle's zone, id), each with its
    /// position in the records the index was made from: the viewer's own, or the circle's, of which
    /// the viewer sees those of `visible`.
    private let healthByWeek: [ISOWeek: [(record: HealthRecord, position: Int)]]
    private let updatesByWeek: [ISOWeek: [(update: CircleUpdate, position: Int)]]
    private let visible: VisiblePositions?

    /// The sorted health records filed under `week`.
    func health(in week: ISOWeek) -> [HealthRecord] {
        let all = healthByWeek[week] ?? []
        guard let visible else { return all.map(\.record) }
        return all.compactMap { visible.healthMask[$0.position] ? $0.record : nil }
    }

    /// The sorted updates of `week`.
    func updates(in week: ISOWeek) -> [CircleUpdate] {
        let all = updatesByWeek[week] ?? []
        guard let visible else { return all.map(\.update) }
        return all.compactMap { visible.updateMask[$0.position] ? $0.update : nil }
    }

    /// The index of `context`'s visible records: the circle's index over all its records filtered
    /// down to them when the circle's facts are at hand (the same result: every part is made record
    /// by record or sorted on a total order, see ``CircleFacts``), else worked out from them.
    convenience init(_ context: ReportContext) {
        let records = context.records
        guard let visible = records.positions else {
            self.init(health: records.healthRecords, tasks: records.tasks, updates: records.updates, context: context)
            return
        }
        let all = visible.facts.allRecordsIndex(for: context)
        self.init(
            sortedTasks: all.sortedTasks.filter { visible.taskMask[$0.position] },
            sortedHealth: zip(all.sortedHealth, all.sortedHealthPositions).compactMap { visible.healthMask[$1] ? $0 : nil },
            sortedHealthPositions: [],
            medications: all.medications.filter { visible.healthMask[$0.position] },
            healthByWeek: all.healthByWeek, updatesByWeek: all.updatesByWeek, visible: visible)
    }

    private init(
        sortedTasks: [TaskEntry], sortedHealth: [HealthRecord], sortedHealthPositions: [Int], medications: [MedicationEntry],
        healthByWeek: [ISOWeek: [(record: HealthRecord, position: Int)]], updatesByWeek: [ISOWeek: [(update: CircleUpdate, position: Int)]],
        visible: VisiblePositions?
    ) {
        self.sortedTasks = sortedTasks
        self.sortedHealth = sortedHealth
        self.sortedHealthPositions = sortedHealthPositions
        self.medications = medications
        self.healthByWeek = healthByWeek
        self.updatesByWeek = updatesByWeek
        self.visible = visible
    }

    /// The index of these records, worked out from them.
    init(health: [HealthRecord], tasks: [CareTask], updates: [CircleUpdate], context: ReportContext) {
        let zone = context.timeZone
        let keyed = health.indices.map { (key: (health[$0].date.resolved(in: zone), health[$0].id), position: $0) }
        sortedHealthPositions = keyed.sorted { $0.key < $1.key }.map(\.position)
        sortedHealth = sortedHealthPositions.map { health[$0] }
        var byWeek: [ISOWeek: [(record: HealthRecord, position: Int)]] = [:]
        var medications: [MedicationEntry] = []
        for position in sortedHealthPositions {
            let record = health[position]
            byWeek[ISOWeek(containing: context.day(WeeklySummaryBuilder.weekDate(of: record))), default: []].append((record, position))
            guard case .medication(let medication) = record.data else { continue }
            let timeline = DoseTimeline.memoized(
                record: record.id, medication, orderedAt: record.date, now: context.dataUntil, timeZone: zone, onTimeWindow: context.onTimeWindow)
            medications.append(MedicationEntry(
                record: record, medication: medication, start: context.day(medication.startDate),
                end: medication.endDate.map(context.day), timeline: context.hasDoseLog(record, medication) ? timeline.slots : [], zone: zone,
                position: position))
        }
        healthByWeek = byWeek
        sortedTasks = tasks.indices.map { position in
            let task = tasks[position]
            return TaskEntry(task: task, due: task.dueDate.resolved(in: zone), dueDay: context.day(task.dueDate),
                week: WeeklySummaryBuilder.week(of: task, in: context), position: position)
        }.sorted { ($0.due, $0.task.id) < ($1.due, $1.task.id) }
        var updatesInWeek: [ISOWeek: [(key: (Date, String), update: CircleUpdate, position: Int)]] = [:]
        for (position, update) in updates.enumerated() {
            updatesInWeek[ISOWeek(containing: context.day(update.timestamp)), default: []]
                .append(((update.timestamp.resolved(in: zone), update.id), update, position))
        }
        updatesByWeek = updatesInWeek.mapValues { $0.sorted { $0.key < $1.key }.map { ($0.update, $0.position) } }
        self.medications = medications
        visible = nil
    }
}
