import Foundation

extension VisitSummaryBuilder {
    /// Every appointment of the period and those coming, oldest first; past ``appointmentsShown``,
    /// the urgent and emergency visits and the coming ones are always listed, then the latest, and
    /// the others are named on one line ("And 3 more: …"), so none is dropped without a word.
    func appointmentLines() -> ([VisitSummary.Line], String?) {
        let all = byDate.compactMap { record -> (line: VisitSummary.Line, keep: Bool, short: String)? in
            guard case .appointment(let appointment) = record.data else { return nil }
            let start = appointment.start.resolved(in: context.timeZone)
            guard start >= since || appointment.status == .scheduled && start >= context.dataUntil else { return nil }
            let coming = appointment.status == .scheduled && start >= context.dataUntil
            let status = appointment.status == .scheduled
                ? (coming ? context.words.t("coming", context: "appointment") : AppointmentWording.status(.scheduled, context.words))
                : AppointmentWording.status(appointment.status, context.words)
            let urgent = Self.isUrgent(record, appointment)
            let detail = urgent
                ? context.words.t("{who}, {status}, urgent", ["who": appointment.specialty ?? appointment.provider, "status": status])
                : "\(appointment.specialty ?? appointment.provider), \(status)"
            let day = when(context.day(appointment.start))
            return (VisitSummary.Line(text: "\(day): \(record.title)", detail: detail), urgent || coming, "\(day), \(record.title)")
        }
        guard all.count > Self.appointmentsShown else { return (all.map(\.line), nil) }
        var shown = Set(all.indices.filter { all[$0].keep }.suffix(Self.appointmentsShown))
        for index in all.indices.reversed() where shown.count < Self.appointmentsShown { shown.insert(index) }
        let rest = all.indices.filter { !shown.contains($0) }.map { all[$0].short }
        let more = rest.isEmpty
            ? nil : context.words.n("And {count} more: {appointments}.", "And {count} more: {appointments}.", count: rest.count, ["appointments": rest.joined(separator: "; ")])
        return (all.indices.filter(shown.contains).map { all[$0].line }, more)
    }

    /// An urgent-care or emergency visit, by the words of its title, specialty, location or purpose.
    static func isUrgent(_ record: HealthRecord, _ appointment: Appointment) -> Bool {
        let text = [record.title, appointment.specialty ?? "", appointment.location ?? "", appointment.purpose ?? ""].joined(separator: " ")
        return urgentWords.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
    }

    /// The words of an urgent-care or emergency visit, compiled once (not per appointment).
    private static let urgentWords = try! NSRegularExpression(pattern: #"(?i)(?<![\p{L}])(urgent|emergency|A&E|ER|urgencias?|emergencias?)(?![\p{L}])"#)

    /// Each lab report of the period that concludes something or notes its results, newest first:
    /// the report's title and day, then its conclusion and its normal results' notes as written.
    func reportNoteLines() -> [VisitSummary.Line] {
        catalog.reports.filter { inPeriod($0.collected) }.compactMap { entry in
            // A result outside its range has its note beside it in the table; the others' notes are here.
            let normal = entry.report.results.filter { severityRank($0) == 0 }
            let notes = ([entry.report.conclusion] + normal.map { result in result.note.map { "\(result.name): \($0)" } })
                .compactMap { $0.map { context.text.renderer.plainText($0).trimmingSpacesAndNewlines() } }.filter { !$0.isEmpty }
            guard !notes.isEmpty else { return nil }
            return VisitSummary.Line(text: "\(entry.record.title) (\(when(context.day(entry.collected))))", detail: notes.joined(separator: " "))
        }
    }

    /// " ▲ high", " ▼ low" after a value outside the usual adult range (as on the week pages); "" otherwise.
    func flagWords(_ direction: String?) -> String {
        switch direction {
        case "high": " ▲ " + context.words.t("high", context: "reading")
        case "low": " ▼ " + context.words.t("low", context: "reading")
        default: ""
        }
    }

    /// "▲ 4 of 9 high; ▼ 1 of 9 low" for the readings outside the usual adult range; nil when none are.
    func vitalFlags(_ readings: [Measurement]) -> String? {
        let flags = readings.map(MeasurementRanges.flag)
        let (high, low) = (flags.filter { $0 == "high" }.count, flags.filter { $0 == "low" }.count)
        var parts: [String] = []
        let words = context.words
        if high > 0 { parts.append("▲ " + words.t("{count} of {total} high", context: "readings", ["count": "\(high)", "total": "\(readings.count)"])) }
        if low > 0 { parts.append("▼ " + words.t("{count} of {total} low", context: "readings", ["count": "\(low)", "total": "\(readings.count)"])) }
        return parts.isEmpty ? nil : parts.joined(separator: "; ")
    }

    /// The result's own note and the goal a report of this test states ("A1c above her goal of
    /// 7.5"): whether the latest value is within it, with the day it was stated.
    func resultNote(_ point: LabCatalog.Point) -> String? {
        var parts: [String] = []
        if let note = point.result.note.map({ context.text.renderer.plainText($0).trimmingSpacesAndNewlines() }), !note.isEmpty { parts.append(note) }
        if case .number(let value) = point.result.value, let (goal, day) = statedGoal(point.result) {
            let values = ["goal": context.format.number(goal) + (point.result.unit.map { $0.isEmpty ? "" : " \(LabUnitText.display($0))" } ?? ""), "day": when(day)]
            parts.append(value <= goal
                ? context.words.t("Within the goal of {goal} stated on {day}.", values)
                : context.words.t("Above the goal of {goal} stated on {day}.", values))
        }
        return parts.isEmpty ? nil : parts.joined(separator: " ")
    }

    /// The latest goal for the test stated in a report's conclusion (`LabGoals`).
    func statedGoal(_ result: LabResult) -> (Double, LocalDate)? {
        LabGoals.statedGoal(result, in: catalog, context: context, asOf: context.today).map { ($0.goal, $0.day) }
    }
}
