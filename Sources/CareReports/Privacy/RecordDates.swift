import Foundation

/// The dates of a circle's records in one zone, each worked out as the reports do, by the record's
/// position in the circle's arrays (``CircleFacts``: `health`, `tasks`, `updates`).
struct RecordDates: Sendable {
    struct Health: Sendable {
        /// `date.resolved(in:)`, `date.localDay(in:)` and that day's week.
        let resolved: Date
        let day: LocalDate
        let week: ISOWeek
        /// `EarlySigns.warningSigns` of the record.
        let signs: Set<WarningWords.Sign>
    }

    let health: [Health]
    /// The week of each task's due day and of each update's day.
    let taskWeeks: [ISOWeek]
    let updateWeeks: [ISOWeek]
    /// The positions of the measurements, ordered by their resolved date (records of one date in
    /// the circle's order: the sort is stable), as `EarlySigns` orders a reader's readings.
    let measurementsByDate: [Int]
    /// Those readings, in that order, with their resolved dates.
    let readings: [(date: Date, measurement: Measurement)]

    init(health records: [HealthRecord], tasks: [CareTask], updates: [CircleUpdate], zone: TimeZone) {
        let dates = records.map { record in
            let day = record.date.localDay(in: zone)
            return Health(resolved: record.date.resolved(in: zone), day: day, week: ISOWeek(containing: day), signs: EarlySigns.warningSigns(record))
        }
        health = dates
        taskWeeks = tasks.map { ISOWeek(containing: $0.dueDate.localDay(in: zone)) }
        updateWeeks = updates.map { ISOWeek(containing: $0.timestamp.localDay(in: zone)) }
        let byDate = records.indices.filter { records[$0].type == .measurement }.sorted { dates[$0].resolved < dates[$1].resolved }
        measurementsByDate = byDate
        readings = byDate.compactMap { position in
            guard case .measurement(let measurement) = records[position].data else { return nil }
            return (dates[position].resolved, measurement)
        }
    }
}
