import Foundation

/// The days a medication page speaks for, the same for its counts, its weekly table, its list of
/// doses and its dose calendar: from the course start or the period start (`--from`), whichever is
/// later, to today, the course end or the period end (`--to`), whichever is earliest.
enum MedicationDays {
    /// The first and last day of the calendar; nil when the course lies outside the period.
    static func span(_ medication: Medication, context: ReportContext) -> (from: LocalDate, to: LocalDate)? {
        let zone = context.timeZone
        var first = medication.startDate.localDay(in: zone)
        if let start = context.period.from, start > first { first = start }
        var last = context.today
        if let end = medication.endDate?.localDay(in: zone), end < last { last = end }
        if let end = context.period.to, end < last { last = end }
        return first <= last ? (first, last) : nil
    }

    /// The dose slots that fall inside the period (all of them when no period was given).
    static func inPeriod(_ slots: [DoseEvent], context: ReportContext) -> [DoseEvent] {
        let (from, to) = context.period
        guard from != nil || to != nil else { return slots }
        return slots.filter { slot in
            let day = LocalDate(slot.moment, in: context.timeZone)
            return (from.map { day >= $0 } ?? true) && (to.map { day <= $0 } ?? true)
        }
    }
}
