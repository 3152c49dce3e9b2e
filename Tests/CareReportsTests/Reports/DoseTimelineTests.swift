@testable import CareReports
import Foundation
import Testing

/// The dose timeline matches a log's entries to the schedule's times by halving the sorted log: the
/// same slots, in the same order, as matching them through a table by time, as it was written.
@Suite struct DoseTimelineTests {
    static let zone = TimeZone(identifier: "America/Los_Angeles")!
    static let start = Date(timeIntervalSince1970: 1_741_000_000)  // early March 2025, before a change of offset

    /// The timeline as it was made through a table by scheduled time.
    static func reference(_ medication: Medication, now: Date) -> [DoseEvent] {
        var byTime: [Date: Administration] = [:]
        var unscheduled: [Administration] = []
        for entry in medication.administrations {
            if let scheduled = entry.scheduledAt?.resolved(in: zone), !medication.asNeeded, byTime[scheduled] == nil {
                byTime[scheduled] = entry
            } else {
                unscheduled.append(entry)
            }
        }
        func slot(_ entry: Administration, _ due: Date) -> DoseEvent {
            let taken = entry.takenAt?.resolved(in: zone)
            let outcome: DoseEvent.Outcome = switch entry.status {
            case .taken: abs((taken.map { $0.timeIntervalSince(due) } ?? 0)) <= 3_600 ? .onTime : .late
            case .missed: .missed
            case .skipped: .skipped
            }
            return DoseEvent(scheduledAt: due, takenAt: taken, outcome: outcome, administration: entry)
        }
        var slots: [DoseEvent] = []
        let course = MedicationCourse(medication, orderedAt: nil, timeZone: zone)
        for due in DoseTimeline.expectedTimes(medication, course: course, now: now, timeZone: zone) {
            if let entry = byTime.removeValue(forKey: due) {
                slots.append(slot(entry, due))
            } else {
                slots.append(DoseEvent(scheduledAt: due, takenAt: nil, outcome: .notRecorded, administration: nil))
            }
        }
        for (due, entry) in byTime { slots.append(slot(entry, due)) }
        for entry in unscheduled {
            let outcome: DoseEvent.Outcome = switch entry.status {
            case .taken: .asNeeded
            case .skipped: .skipped
            case .missed: .missed
            }
            slots.append(DoseEvent(scheduledAt: nil, takenAt: entry.takenAt?.resolved(in: zone), outcome: outcome, administration: entry))
        }
        return slots.sorted { $0.moment < $1.moment }
    }

    @Test func logsMatchTheScheduleAsThroughATable() {
        var generator = SystemRandomNumberGenerator()
        let times = [TimeOfDay(hour: 20, minute: 0)!, TimeOfDay(hour: 8, minute: 0)!, TimeOfDay(hour: 8, minute: 0)!, TimeOfDay(hour: 1, minute: 30)!]
        for round in 0..<300 {
            let schedule = DoseSchedule(times: Array(times.shuffled(using: &generator).prefix(Int.random(in: 1...4, using: &generator))),
                daysOfWeek: round % 4 == 0 ? [1, 3, 5] : [])
            let now = Self.start.addingTimeInterval(Double(Int.random(in: 3...40, using: &generator)) * 86_400)
            let expected = DoseTimeline.expectedTimes(
                Medication(name: "M", schedule: schedule, startDate: .instant(Self.start)),
                course: MedicationCourse(Medication(name: "M", schedule: schedule, startDate: .instant(Self.start)), orderedAt: nil, timeZone: Self.zone),
                now: now, timeZone: Self.zone)
            var log: [Administration] = []
            for _ in 0..<Int.random(in: 0...60, using: &generator) {
                let status = Administration.Status.allCases.randomElement(using: &generator)!
                let due: Date? = switch Int.random(in: 0..<10, using: &generator) {
                case 0: nil
                case 1: Self.start.addingTimeInterval(Double(Int.random(in: 0...(40 * 24), using: &generator)) * 3_600)  // off the schedule
                default: expected.randomElement(using: &generator)  // on it, at times twice
                }
                let taken = due.map { $0.addingTimeInterval(Double(Int.random(in: -90...150, using: &generator)) * 60) }
                    ?? Self.start.addingTimeInterval(Double(Int.random(in: 0...(40 * 24), using: &generator)) * 3_600)
                log.append(Administration(scheduledAt: due.map { .instant($0) }, takenAt: status == .taken ? .instant(taken) : nil, status: status, note: "\(log.count)"))
            }
            let medication = Medication(name: "M", schedule: schedule, asNeeded: round % 7 == 0, startDate: .instant(Self.start), administrations: log)
            let made = DoseTimeline(medication, now: now, timeZone: Self.zone, onTimeWindow: 3_600).slots
            #expect(made == Self.reference(medication, now: now), "round \(round)")
        }
    }
}
