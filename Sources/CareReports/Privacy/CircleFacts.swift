import Foundation

/// What the reports of one circle work out from its records alone, whoever reads them, shared by
/// every reader of the circle in an `--all-members` run: worked out once over all the circle's
/// records, then filtered down to each reader's visible records (``VisibleRecords``).
///
/// Only facts that are made record by record, or by sorting on a key that orders records totally
/// (date, then the unique id), are kept here: filtering those gives exactly what working them out
/// from the visible records alone gives (the tests compare both ways for every reader of generated
/// exports, `CAREREPORT_SHARE_VIEWS=0`). Facts are attached to a reader's records only when they were
/// made from the very same records (the same array storage of the same export) and the circle's ids
/// are unique.
public final class CircleFacts: @unchecked Sendable {
    let circleId: String
    /// The circle's records, as the export holds them (kept: their storage is the identity checked).
    let health: [HealthRecord]
    let tasks: [CareTask]
    let updates: [CircleUpdate]
    /// The export's own arrays, held so that their storage, whose address is the identity checked,
    /// can be neither freed nor reused while these facts live.
    private let source: (health: [HealthRecord], tasks: [CareTask], updates: [CircleUpdate])
    /// False when two records of the circle share an id (or ids equal as Unicode): nothing is shared then.
    let usable: Bool
    /// The weekly index over all the circle's records, by clock, window and zone.
    private let weekly = LockedMemo<WeeklyIndexKey, WeeklyIndex>(limit: 4)
    /// Charts of readings, by what they are drawn from (the readings by record id: within these
    /// facts an id is one record of this export).
    private let charts = LockedMemo<ChartKey, String?>(limit: 2_000)
    /// Each record's dates, by zone.
    private let dates = LockedMemo<String, RecordDates>(limit: 4)
    /// Dose calendars of medication records, by the record's id and what else they are drawn from.
    private let calendars = LockedMemo<CalendarKey, String?>(limit: 2_000)
    /// Medication change marks, by the medication records they are made from and how they are said.
    private let marks = LockedMemo<ChangeMarksKey, MedicationChangeMarks>(limit: 64)
    /// The positions of the medication records in `health`.
    private let medicationPositions: [Int]

    /// The facts of circle `circleId` of `export` (its records only; other circles' are not looked at).
    public init(of export: CareExport, circle circleId: String) {
        self.circleId = circleId
        health = export.healthRecords.filter { $0.careCircleId == circleId }
        tasks = export.tasks.filter { $0.careCircleId == circleId }
        updates = export.updates.filter { $0.careCircleId == circleId }
        source = (export.healthRecords, export.tasks, export.updates)
        // Unique as Strings (Unicode equivalence), which readers' records are then picked by.
        let healthIds = Set(health.map(\.id))
        let taskIds = Set(tasks.map(\.id))
        let updateIds = Set(updates.map(\.id))
        let circleHealth = health
        medicationPositions = circleHealth.indices.filter { circleHealth[$0].type == .medication }
        usable = healthIds.count == health.count && taskIds.count == tasks.count && updateIds.count == updates.count
    }

    /// True when these facts were made from `export`'s own records (the same storage, unchanged since).
    func isOf(_ export: CareExport, circle: String) -> Bool {
        usable && circle == circleId
            && Self.address(source.health) == Self.address(export.healthRecords) && Self.address(source.tasks) == Self.address(export.tasks)
            && Self.address(source.updates) == Self.address(export.updates)
    }

    /// The weekly index over all the circle's records for `context`'s clock and window, made once.
    func allRecordsIndex(for context: ReportContext) -> WeeklyIndex {
        let key = WeeklyIndexKey(dataUntil: context.dataUntil, window: context.onTimeWindow, zone: context.timeZone.identifier)
        return weekly.value(key) { WeeklyIndex(health: health, tasks: tasks, updates: updates, context: context) }
    }

    /// Each record's dates in `zone` and a note's or symptom's warning signs, worked out once.
    func recordDates(in zone: TimeZone) -> RecordDates {
        dates.value(zone.identifier) { RecordDates(health: health, tasks: tasks, updates: updates, zone: zone) }
    }

    /// The dose calendar `draw` makes of medication `record` (of this circle) for `context`'s
    /// reader, made once for every reader of the circle who sees that record, in the same language,
    /// period, zone, clock and type size (the calendar is the record's doses alone).
    func doseCalendar(of record: HealthRecord, context: ReportContext, draw: () -> String?) -> String? {
        let key = CalendarKey(
            record: record.id, language: context.words.language, largeText: context.display.largeText, zone: context.timeZone.identifier,
            from: context.period.from, to: context.period.to, today: context.today, dataUntil: context.dataUntil, window: context.onTimeWindow)
        return calendars.value(key, draw)
    }

    /// The medication change marks of `context`'s reader, made once for every reader of the circle
    /// who sees the same medication records (they are made from those alone), in the same
    /// language, zone and day.
    func changeMarks(for context: ReportContext, positions: VisiblePositions) -> MedicationChangeMarks {
        let key = ChangeMarksKey(
            medications: medicationPositions.filter { positions.healthMask[$0] }, language: context.words.language,
            zone: context.timeZone.identifier, today: context.today)
        return marks.value(key) { MedicationChangeMarks(context: context) }
    }

    /// The chart `draw` makes of `readings` (records of this circle), made once for every reader who
    /// sees the same readings with the same events and goal band, in the same language, zone and type size.
    func chart(
        of readings: [HealthRecord], kind: Measurement.Kind, id: String, events: [ChartEvent], goal: GoalBand?, context: ReportContext,
        draw: () -> String?
    ) -> String? {
        let key = ChartKey(
            records: readings.map(\.id), kind: kind, id: id, events: events, goal: goal, language: context.words.language,
            largeText: context.display.largeText, zone: context.timeZone.identifier)
        return charts.value(key, draw)
    }

    private static func address<T>(_ array: [T]) -> UnsafeRawPointer? {
        array.withUnsafeBufferPointer { $0.baseAddress.map(UnsafeRawPointer.init) }
    }
}

/// What a dose calendar is drawn from besides its record.
struct CalendarKey: Hashable, Sendable {
    let record: String
    let language: String
    let largeText: Bool
    let zone: String
    let from: LocalDate?
    let to: LocalDate?
    let today: LocalDate
    let dataUntil: Date
    let window: TimeInterval
}

/// What medication change marks are made from: the positions of the medication records seen.
struct ChangeMarksKey: Hashable, Sendable {
    let medications: [Int]
    let language: String
    let zone: String
    let today: LocalDate
}

/// What a chart of readings is drawn from.
struct ChartKey: Hashable, Sendable {
    let records: [String]
    let kind: Measurement.Kind
    let id: String
    let events: [ChartEvent]
    /// The goal band drawn, when the reader sees a goal on the measure.
    let goal: GoalBand?
    let language: String
    let largeText: Bool
    let zone: String
}

/// What a weekly index depends on besides the records: the end of the data, the on-time window and the zone.
struct WeeklyIndexKey: Hashable {
    let dataUntil: Date
    let window: TimeInterval
    let zone: String
}
