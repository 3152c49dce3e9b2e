import Foundation

extension VisitSummaryBuilder {
    /// The statements of absence about `topic` the viewer may see ("No known food allergies."),
    /// each statement once (its latest record), oldest first. They stand beside the section's real
    /// entries, never merged with them nor hidden by them.
    func statedAbsences(_ topic: AbsenceStatement.Topic) -> [(HealthRecord, AbsenceStatement)] {
        var latest: [String: (HealthRecord, AbsenceStatement)] = [:]
        var order: [String] = []
        for record in byDate {
            guard case .observation(let observation) = record.data, let absence = observation.statedAbsence, absence.topic == topic
            else { continue }
            if latest[absence.statement] == nil { order.append(absence.statement) }
            latest[absence.statement] = (record, absence)
        }
        return order.compactMap { latest[$0] }.sorted { a, b in
            let (x, y) = (a.0.date.resolved(in: context.timeZone), b.0.date.resolved(in: context.timeZone))
            return x != y ? x < y : a.1.statement < b.1.statement
        }
    }

    /// The statements about `topic` as the page shows them: the sentence, and when it was stated.
    func statementLines(_ topic: AbsenceStatement.Topic) -> [VisitSummary.Statement] {
        statedAbsences(topic).map { record, absence in
            VisitSummary.Statement(
                text: absence.sentence(context.words), stated: context.words.t("Stated on {day}.", ["day": when(record.date)]))
        }
    }

    /// The observations of `kind` that record a finding, not a statement of absence.
    func findings(_ kind: Observation.Kind) -> [(HealthRecord, Observation)] {
        observations(kind).filter { $0.1.statedAbsence == nil }
    }
}
