import Foundation

/// Expands a medication's schedule into dose slots up to "now" and matches its dose log to them.
/// Log entries that match no expected slot are kept as they are, never dropped.
public struct DoseTimeline: Sendable {
    public let slots: [DoseEvent]

    /// `orderedAt` is the order record's `date`: when it carries a time on the start day, no dose is due before it.
    public init(_ medication: Medication, orderedAt: CareDate? = nil, now: Date, timeZone: TimeZone, onTimeWindow: TimeInterval) {
        var byTime: [Date: Administration] = [:]
        byTime.reserveCapacity(medication.administrations.count)
        var unscheduled: [Administration] = []
        for entry in medication.administrations {
            if let scheduled = entry.scheduledAt?.resolved(in: timeZone), !medication.asNeeded, byTime[scheduled] == nil {
                byTime[scheduled] = entry
            } else {
                unscheduled.append(entry)
            }
        }
        var slots: [DoseEvent] = []
        slots.reserveCapacity(medication.administrations.count)
        let course = MedicationCourse(medication, orderedAt: orderedAt, timeZone: timeZone)
        for due in DoseTimeline.expectedTimes(medication, course: course, now: now, timeZone: timeZone) {
            if let entry = byTime.removeValue(forKey: due) {
                slots.append(DoseTimeline.slot(entry, scheduled: due, timeZone: timeZone, window: onTimeWindow))
            } else {
                slots.append(DoseEvent(scheduledAt: due, takenAt: nil, outcome: .notRecorded, administration: nil))
            }
        }
        for (due, entry) in byTime { slots.append(DoseTimeline.slot(entry, scheduled: due, timeZone: timeZone, window: onTimeWindow)) }
        for entry in unscheduled {
            let taken = entry.takenAt?.resolved(in: timeZone)
            let outcome: DoseEvent.Outcome =
                switch entry.status {
                case .taken: .asNeeded
                case .skipped: .skipped
                case .missed: .missed
                }
            slots.append(DoseEvent(scheduledAt: nil, takenAt: taken, outcome: outcome, administration: entry))
        }
        // Most often already in time order (the scheduled times come in order, and a log has no
        // extra entries): sorting it again would leave it as it is (the sort is stable), so it is
        // sorted only when it is not.
        let ordered = zip(slots, slots.dropFirst()).allSatisfy { !($1.moment < $0.moment) }
        self.slots = ordered ? slots : slots.sorted { $0.moment < $1.moment }
    }

    private static func slot(_ entry: Administration, scheduled: Date, timeZone: TimeZone, window: TimeInterval) -> DoseEvent {
        let taken = entry.takenAt?.resolved(in: timeZone)
        let outcome: DoseEvent.Outcome
        switch entry.status {
        case .taken:
            let delay = taken.map { $0.timeIntervalSince(scheduled) } ?? 0
            outcome = abs(delay) <= window ? .onTime : .late
        case .missed: outcome = .missed
        case .skipped: outcome = .skipped
        }
        return DoseEvent(scheduledAt: scheduled, takenAt: taken, outcome: outcome, administration: entry)
    }

    /// Every scheduled time of the course up to now, in the export's zone.
    static func expectedTimes(_ medication: Medication, course: MedicationCourse, now: Date, timeZone: TimeZone) -> [Date] {
        guard !medication.asNeeded, let schedule = medication.schedule, !schedule.times.isEmpty else { return [] }
        let first = medication.startDate.localDay(in: timeZone)
        var last = LocalDate(now, in: timeZone)
        if let end = medication.endDate?.localDay(in: timeZone), end < last { last = end }
        guard first <= last, last.daysSinceEpoch - first.daysSinceEpoch < 366 * 30 else { return [] }
        var times: [Date] = []
        var day = first
        while day <= last {
            if schedule.daysOfWeek.isEmpty || schedule.daysOfWeek.contains(day.isoWeekday) {
                let midnight = day.midnight(in: timeZone)
                for time in schedule.times {
                    let due = DoseTimeline.localTime(day: day, midnight: midnight, time: time, zone: timeZone)
                    if course.covers(due), due <= now { times.append(due) }
                }
            }
            day = day.adding(days: 1)
        }
        return times
    }

    /// The instant of `time` on `day` in `zone` (DST-aware).
    static func localTime(day: LocalDate, midnight: Date, time: TimeOfDay, zone: TimeZone) -> Date {
        let utcGuess = Date(timeIntervalSince1970: Double(day.daysSinceEpoch * 86_400 + time.hour * 3600 + time.minute * 60))
        let first = utcGuess.addingTimeInterval(-Double(zone.offset(at: utcGuess)))
        return utcGuess.addingTimeInterval(-Double(zone.offset(at: first)))
    }
}
