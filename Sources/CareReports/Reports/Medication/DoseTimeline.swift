import Foundation

/// Expands a medication's schedule into dose slots up to "now" and matches its dose log to them.
/// Log entries that match no expected slot are kept as they are, never dropped.
public struct DoseTimeline: Sendable {
    public let slots: [DoseEvent]

    /// `orderedAt` is the order record's `date`: when it carries a time on the start day, no dose is due before it.
    public init(_ medication: Medication, orderedAt: CareDate? = nil, now: Date, timeZone: TimeZone, onTimeWindow: TimeInterval) {
        // The log's entries by scheduled time (the first entry of a time; the others, and every
        // entry of an as-needed medicine, are unscheduled), sorted by that time to be found by halving.
        let log = medication.administrations
        var scheduled: [(due: Date, entry: Int)] = []
        var unscheduled: [Int] = []
        if !medication.asNeeded {
            for (index, entry) in log.enumerated() {
                if let due = entry.scheduledAt?.resolved(in: timeZone) { scheduled.append((due, index)) } else { unscheduled.append(index) }
            }
            scheduled.sort { $0.due != $1.due ? $0.due < $1.due : $0.entry < $1.entry }
            var first: [(due: Date, entry: Int)] = []
            first.reserveCapacity(scheduled.count)
            for item in scheduled {
                if let last = first.last, last.due == item.due { unscheduled.append(item.entry) } else { first.append(item) }
            }
            scheduled = first
            unscheduled.sort()
        } else {
            unscheduled = Array(log.indices)
        }
        var matched = [Bool](repeating: false, count: scheduled.count)
        func entry(due: Date) -> Int? {
            var low = 0
            var high = scheduled.count
            while low < high {
                let middle = (low + high) / 2
                if scheduled[middle].due < due { low = middle + 1 } else { high = middle }
            }
            guard low < scheduled.count, scheduled[low].due == due, !matched[low] else { return nil }
            matched[low] = true
            return scheduled[low].entry
        }
        var slots: [DoseEvent] = []
        slots.reserveCapacity(log.count)
        let course = MedicationCourse(medication, orderedAt: orderedAt, timeZone: timeZone)
        for due in DoseTimeline.expectedTimes(medication, course: course, now: now, timeZone: timeZone) {
            if let index = entry(due: due) {
                slots.append(DoseTimeline.slot(log[index], scheduled: due, timeZone: timeZone, window: onTimeWindow))
            } else {
                slots.append(DoseEvent(scheduledAt: due, takenAt: nil, outcome: .notRecorded, administration: nil))
            }
        }
        // Logged at a time the schedule has not (in time order: each has a time of its own).
        for (position, item) in scheduled.enumerated() where !matched[position] {
            slots.append(DoseTimeline.slot(log[item.entry], scheduled: item.due, timeZone: timeZone, window: onTimeWindow))
        }
        for index in unscheduled {
            let entry = log[index]
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
        // A planned, not-taken or unknown medicine has no doses due.
        guard !medication.asNeeded, !medication.isNotInUse, let schedule = medication.schedule, !schedule.times.isEmpty else { return [] }
        let first = medication.startDate.localDay(in: timeZone)
        var last = LocalDate(now, in: timeZone)
        if let end = medication.endDate?.localDay(in: timeZone), end < last { last = end }
        guard first <= last, last.daysSinceEpoch - first.daysSinceEpoch < 366 * 30 else { return [] }
        var times: [Date] = []
        var day = first
        // The zone's table of offsets, asked once for the whole course.
        let offsets = ZoneOffsets.table(for: timeZone)
        while day <= last {
            if schedule.daysOfWeek.isEmpty || schedule.daysOfWeek.contains(day.isoWeekday) {
                for time in schedule.times {
                    let due = DoseTimeline.localTime(day: day, time: time, offsets: offsets)
                    if course.covers(due), due <= now { times.append(due) }
                }
            }
            day = day.adding(days: 1)
        }
        return times
    }

    /// The instant of `time` on `day` in `zone` (DST-aware). (`midnight` is not needed.)
    static func localTime(day: LocalDate, midnight: Date, time: TimeOfDay, zone: TimeZone) -> Date {
        localTime(day: day, time: time, offsets: ZoneOffsets.table(for: zone))
    }

    /// The instant of `time` on `day` in the zone of `offsets` (DST-aware).
    static func localTime(day: LocalDate, time: TimeOfDay, offsets: ZoneOffsets) -> Date {
        let utcGuess = Date(timeIntervalSince1970: Double(day.daysSinceEpoch * 86_400 + time.hour * 3600 + time.minute * 60))
        let first = utcGuess.addingTimeInterval(-Double(offsets.offset(at: utcGuess)))
        return utcGuess.addingTimeInterval(-Double(offsets.offset(at: first)))
    }
}
