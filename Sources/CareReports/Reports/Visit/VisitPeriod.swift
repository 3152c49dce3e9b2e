import Foundation

/// The period the visit summary covers, and why. By default it starts on the day of the last
/// completed visit with the same specialty or provider as the next appointment (so the specialist
/// sees everything since they last saw the patient), else 90 days before today; `--since` overrides.
/// It starts at the first instant of its first day: readings taken that morning, before the
/// appointment itself, count.
public struct VisitPeriod: Sendable {
    public static let defaultDays = 90

    public let firstDay: LocalDate
    public let start: Date
    public let end: Date
    /// "since the last Cardiology visit (Dr. Samir Patel) on Tue 4 Feb 2025", "the last 90 days" …
    public let reason: String
    /// The next scheduled appointment the period was chosen for, if any.
    public let nextAppointment: (record: HealthRecord, appointment: Appointment)?

    public init(context: ReportContext, since: LocalDate? = nil) {
        let zone = context.timeZone
        let appointments = context.records.healthRecords.compactMap { record -> (HealthRecord, Appointment)? in
            guard case .appointment(let appointment) = record.data else { return nil }
            return (record, appointment)
        }
        let next = appointments
            .filter { $0.1.status == .scheduled && $0.1.start.resolved(in: zone) >= context.dataUntil }
            .min { ($0.1.start.resolved(in: zone), $0.0.id) < ($1.1.start.resolved(in: zone), $1.0.id) }
        self.nextAppointment = next.map { (record: $0.0, appointment: $0.1) }
        self.end = context.dataUntil
        if let since {
            self.firstDay = since
            self.reason = context.words.t("from the date asked for")
        } else if let next, let last = VisitPeriod.lastMatchingVisit(next.1, in: appointments, context: context) {
            self.firstDay = last.1.start.localDay(in: zone)
            let who = [last.1.specialty, last.1.provider].compactMap { $0 }.joined(separator: ", ")
            self.reason = context.words.t("since the last visit to {who} on {day}", ["who": who, "day": context.format.day(self.firstDay)])
        } else {
            self.firstDay = context.today.adding(days: -VisitPeriod.defaultDays)
            // Without a coming appointment, no reason is given: one the viewer may not see must leave no trace.
            self.reason = next == nil
                ? context.words.t("the last {count} days", ["count": "\(VisitPeriod.defaultDays)"])
                : context.words.t("the last {count} days (no earlier visit to the same specialty or provider)", ["count": "\(VisitPeriod.defaultDays)"])
        }
        self.start = firstDay.midnight(in: zone)
    }

    /// The latest completed visit before now with the next appointment's specialty or provider.
    static func lastMatchingVisit(_ next: Appointment, in appointments: [(HealthRecord, Appointment)], context: ReportContext)
        -> (HealthRecord, Appointment)?
    {
        func same(_ a: String?, _ b: String?) -> Bool {
            guard let a = normalized(a), let b = normalized(b) else { return false }
            return a == b
        }
        return appointments
            .filter { record, appointment in
                appointment.status == .completed && appointment.start.resolved(in: context.timeZone) < context.dataUntil
                    && (same(appointment.specialty, next.specialty) || same(appointment.provider, next.provider))
            }
            .max { ($0.1.start.resolved(in: context.timeZone), $0.0.id) < ($1.1.start.resolved(in: context.timeZone), $1.0.id) }
    }

    static func normalized(_ text: String?) -> String? {
        guard let text else { return nil }
        let words = text.lowercased().split { !$0.isLetter && !$0.isNumber }
        return words.isEmpty ? nil : words.joined(separator: " ")
    }

    public func contains(_ instant: Date) -> Bool { instant >= start && instant <= end }
}
