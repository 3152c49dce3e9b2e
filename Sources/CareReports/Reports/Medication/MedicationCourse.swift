import Foundation

/// When an order's doses are due: from its start instant to the end of its course.
///
/// - The start instant is the order's `startDate`, or its record `date` when that carries a time on
///   the start day (an order written at 20:00 expects no 08:00 dose that day).
/// - A plain `endDate` is the day of the last dose. A course that started at a time of day runs whole
///   days from that time: it ends at the same time on its end date when doses fall before it there
///   (20:00 on 10 Feb to 15 Feb, twice a day, is five days and ten doses, the last at 08:00 on 15 Feb).
///   Otherwise the end date counts whole.
struct MedicationCourse: Sendable {
    let start: Date
    let end: Date?

    init(_ medication: Medication, orderedAt: CareDate?, timeZone: TimeZone) {
        let startDay = medication.startDate.localDay(in: timeZone)
        var start = medication.startDate.resolved(in: timeZone)
        var startsAtTime = false
        if case .instant = medication.startDate { startsAtTime = true }
        if case .stated = medication.startDate { startsAtTime = true }
        if case .day = medication.startDate, case .instant(let ordered)? = orderedAt, LocalDate(ordered, in: timeZone) == startDay {
            start = max(start, ordered)
            startsAtTime = true
        }
        self.start = start
        guard let endDate = medication.endDate else {
            self.end = nil
            return
        }
        switch endDate {
        case .instant(let instant), .stated(let instant, _):
            self.end = instant
        case .partial, .unknown:
            self.end = endDate.resolved(in: timeZone)
        case .day(let day):
            let endOfDay = day.adding(days: 1).midnight(in: timeZone)
            guard startsAtTime, day > startDay, let times = medication.schedule?.times else {
                self.end = endOfDay
                return
            }
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = timeZone
            let parts = calendar.dateComponents([.hour, .minute], from: start)
            let midnight = day.midnight(in: timeZone)
            guard let startTime = TimeOfDay(hour: parts.hour ?? 0, minute: parts.minute ?? 0) else {
                self.end = endOfDay
                return
            }
            let sameTime = DoseTimeline.localTime(day: day, midnight: midnight, time: startTime, zone: timeZone)
            let dosesBefore = times.contains { DoseTimeline.localTime(day: day, midnight: midnight, time: $0, zone: timeZone) < sameTime }
            self.end = dosesBefore ? sameTime : endOfDay
        }
    }

    /// True when a dose due at `due` belongs to the course.
    func covers(_ due: Date) -> Bool { due >= start && end.map { due < $0 } ?? true }
}
