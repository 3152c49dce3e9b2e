import Foundation

extension VisitSummaryBuilder {
    /// How many rows a list may take before it is shortened to keep the summary to two pages.
    static let symptomRowsShown = 8
    static let questionsShown = 6
    static let appointmentsShown = 10

    /// Symptoms in the period, one row per symptom, most severe first; the mildest beyond the
    /// first eight are named on one line.
    func symptomRows() -> ([VisitSummary.SymptomRow], String?) {
        var order: [String] = []
        var groups: [String: [(HealthRecord, Symptom)]] = [:]
        for record in byDate where inPeriod(record.date) {
            guard case .symptom(let symptom) = record.data else { continue }
            let key = symptom.name.lowercased()
            if groups[key] == nil { order.append(key) }
            groups[key, default: []].append((record, symptom))
        }
        let rows = order.map { key -> (Int, VisitSummary.SymptomRow) in
            let group = groups[key]!
            let worst = group.map(\.1.severity).max() ?? 0
            return (worst, VisitSummary.SymptomRow(
                name: group[0].1.name, firstSeen: when(group[0].0.date), worst: context.words.t("{severity} of 10", ["severity": "\(worst)"]), times: group.count))
        }
        .sorted { $0.0 != $1.0 ? $0.0 > $1.0 : $0.1.name.lowercased() < $1.1.name.lowercased() }
        let shown = rows.prefix(Self.symptomRowsShown).map(\.1)
        let rest = rows.dropFirst(Self.symptomRowsShown)
        let more = rest.isEmpty
            ? nil
            : context.words.t(
                "Milder: {symptoms}.",
                ["symptoms": rest.map { context.words.t("{name} ({severity} of 10, {firstSeen})", ["name": $0.1.name, "severity": "\($0.0)", "firstSeen": $0.1.firstSeen]) }
                    .joined(separator: "; ")])
        return (shown, more)
    }

    /// Falls and near-falls in the period: symptoms and notes that say so.
    func fallLines() -> [VisitSummary.Line] {
        byDate.compactMap { record in
            guard inPeriod(record.date) else { return nil }
            let text: String
            switch record.data {
            case .symptom(let symptom): text = "\(record.title) \(symptom.name) \(symptom.notes ?? "")"
            case .observation(let observation) where observation.kind == .note: text = "\(record.title) \(observation.text ?? "")"
            default: return nil
            }
            guard Self.mentionsFall(text) else { return nil }
            return VisitSummary.Line(text: record.title, detail: context.format.dateTime(record.date))
        }
    }

    /// A fall, near-fall or fainting told in any shipped language (`WarningWords`), not "blood
    /// pressure falls when she stands".
    static func mentionsFall(_ text: String) -> Bool {
        let signs = WarningWords.signs(in: text)
        return signs.contains(.fall) || signs.contains(.fainting)
    }

    /// Open tasks tagged `ask-doctor`: the questions to raise.
    func questionLines() -> ([VisitSummary.Line], String?) {
        let all = context.records.tasks.filter { $0.tags.contains("ask-doctor") && ($0.status == .pending || $0.status == .inProgress) }
            .sorted { ($0.dueDate.resolved(in: context.timeZone), $0.id) < ($1.dueDate.resolved(in: context.timeZone), $1.id) }
            .map { task in
                VisitSummary.Line(text: task.title, detail: context.text.renderer.plainText(task.description ?? ""))
            }
        let rest = all.dropFirst(Self.questionsShown)
        return (Array(all.prefix(Self.questionsShown)), rest.isEmpty ? nil : context.words.t("Also: {questions}.", ["questions": rest.map(\.text).joined(separator: "; ")]))
    }
}
