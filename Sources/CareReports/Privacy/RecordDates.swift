import Foundation

/// The dates of a circle's records in one zone, by record id, each worked out as the reports do.
struct RecordDates: Sendable {
    struct Health: Sendable {
        /// `date.resolved(in:)`, `date.localDay(in:)` and that day's week.
        let resolved: Date
        let day: LocalDate
        let week: ISOWeek
        /// `EarlySigns.warningSigns` of the record.
        let signs: Set<WarningWords.Sign>
    }

    let health: [String: Health]
    /// The week of each task's due day and of each update's day.
    let taskWeeks: [String: ISOWeek]
    let updateWeeks: [String: ISOWeek]

    init(health records: [HealthRecord], tasks: [CareTask], updates: [CircleUpdate], zone: TimeZone) {
        var health: [String: Health] = [:]
        for record in records {
            let day = record.date.localDay(in: zone)
            health[record.id] = Health(
                resolved: record.date.resolved(in: zone), day: day, week: ISOWeek(containing: day), signs: EarlySigns.warningSigns(record))
        }
        self.health = health
        taskWeeks = Dictionary(tasks.map { ($0.id, ISOWeek(containing: $0.dueDate.localDay(in: zone))) }, uniquingKeysWith: { a, _ in a })
        updateWeeks = Dictionary(updates.map { ($0.id, ISOWeek(containing: $0.timestamp.localDay(in: zone))) }, uniquingKeysWith: { a, _ in a })
    }
}
