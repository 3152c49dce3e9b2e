import Foundation

/// Medication changes placed on the readings they affect: each dated step of a medicine's dose
/// history (started, dose changed, renewed, restarted, stopped) whose medicine acts on a measure
/// (`MedicationEffects`). Built from the viewer's medication records only, so an order the viewer
/// may not see marks nothing. "On hold" is not dated in the export and so is not placed.
struct MedicationChangeMarks: Sendable {
    struct Mark: Sendable {
        let day: LocalDate
        let measures: Set<Measurement.Kind>
        /// For the chart: "Lisinopril 10 → 20 mg", "Amlodipine started 5 mg".
        let short: String
        /// For the readings table: "Lisinopril increased 10 → 20 mg".
        let long: String
        let kind: DoseHistory.Change.Kind
        let medicine: String
    }

    let marks: [Mark]
    /// Every medicine's orders and changes, for the week's medication table too.
    let history: DoseHistory

    init(context: ReportContext) {
        let orders = context.records.healthRecords.compactMap { record -> DoseHistory.Order? in
            guard case .medication(let medication) = record.data else { return nil }
            return (record: record, medication: medication)
        }
        var marks: [Mark] = []
        history = DoseHistory(orders, timeZone: context.timeZone)
        for chain in history.chains {
            let measures = chain.orders.reduce(into: Set<Measurement.Kind>()) { $0.formUnion(MedicationEffects.measures(of: $1.medication)) }
            guard !measures.isEmpty else { continue }
            let name = chain.latest.medication.name
            for change in chain.changes {
                guard let day = change.day, day <= context.today else { continue }
                let format = context.format
                let words = change.words(format)
                var short = "\(name) \(words)"
                if change.isDoseChange, let from = change.values["from"], let to = change.values["to"] {
                    short = "\(name) \(format.localized(from)) → \(format.localized(to))" + (change.values["unit"].map { " \($0)" } ?? "")
                }
                marks.append(Mark(
                    day: day, measures: measures, short: short, long: "\(name) \(words)", kind: change.kind, medicine: name))
            }
        }
        self.marks = marks.sorted { ($0.day, $0.medicine) < ($1.day, $1.medicine) }
    }

    /// The marks on a chart of `kind` covering `week`.
    func marks(for kind: Measurement.Kind, in week: ISOWeek) -> [Mark] {
        marks.filter { $0.measures.contains(kind) && week.contains($0.day) }
    }

    /// The marks whose first week on the new dose is `week`: the week of the change when most of
    /// its days are on the new dose (a change from Monday to Thursday), else the week after (a
    /// change on a Friday, a weekend), whose readings are then all on the new dose.
    func firstWeekMarks(for kind: Measurement.Kind, in week: ISOWeek) -> [Mark] {
        marks.filter { mark in
            mark.measures.contains(kind) && (mark.day.isoWeekday <= 4 ? week.contains(mark.day) : week.previous.contains(mark.day))
        }
    }

    /// "First week on the new dose: Lisinopril increased 10 → 20 mg on Mon 24 Feb." for the week's
    /// starts and dose changes; nil when there are none.
    static func firstWeekNote(_ marks: [Mark], format: DisplayFormat) -> String? {
        let starts = marks.filter { [.started, .increased, .decreased, .changed, .restarted].contains($0.kind) }
        guard !starts.isEmpty else { return nil }
        let list = starts.map { format.words.t("{change} on {day}", ["change": $0.long, "day": format.day($0.day)]) }.joined(separator: "; ")
        return format.words.t("First week on the new dose: {changes}.", ["changes": list])
    }
}
