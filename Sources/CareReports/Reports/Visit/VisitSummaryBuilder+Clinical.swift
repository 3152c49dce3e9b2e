import Foundation

/// The sections a clinical document gives beyond medicines, allergies, problems and results:
/// advance directives (shown first), devices, procedures, goals and planned care; and the sentence
/// that says what an imported document holds that the summary does not show.
extension VisitSummaryBuilder {
    static let immunizationsShown = 8
    static let proceduresShown = 10
    static let carePlanShown = 10

    func addClinicalSections(to summary: inout VisitSummary) {
        summary.advanceDirectives = clinicalLines(.advanceDirective)
        summary.devices = clinicalLines(.device)
        summary.deviceStatements = statementLines(.devices)
        let procedures = clinicalLines(.procedure)
        summary.procedures = Array(procedures.prefix(Self.proceduresShown))
        summary.procedureStatements = statementLines(.procedures)
        summary.goals = GoalBoard(context).views(context, all: true)
        summary.carePlan = Array(clinicalLines(.plan).prefix(Self.carePlanShown))
        summary.findings = clinicalLines(.finding)
        let words = context.words
        let hiddenShots = findings(.immunization).count - Self.immunizationsShown
        if hiddenShots > 0 {
            summary.moreImmunizations = words.n(
                "{count} earlier immunisation is not shown here.", "{count} earlier immunisations are not shown here.", count: hiddenShots)
        }
        if procedures.count > Self.proceduresShown {
            let hidden = procedures.count - Self.proceduresShown
            summary.moreProcedures = words.n(
                "{count} earlier procedure is not shown here.", "{count} earlier procedures are not shown here.", count: hidden)
        }
        summary.notShown = NotShownWording.lines(context)
        summary.keyDocuments = KeyDocuments.views(context)
    }

    /// The findings of `kind` in the order they are shown: newest first, and those the document
    /// gives no date for after every dated one (ten undated orders never hide a dated procedure).
    func shownFindings(_ kind: Observation.Kind) -> [(HealthRecord, Observation)] {
        let newestFirst = Array(findings(kind).reversed())
        let dated = newestFirst.filter { ($0.1.facts == nil ? $0.0.date : $0.1.onset).map { !$0.isUnknown } ?? false }
        let undated = newestFirst.filter { !(($0.1.facts == nil ? $0.0.date : $0.1.onset).map { !$0.isUnknown } ?? false) }
        return dated + undated
    }

    /// The findings of `kind`, newest first: the name, then what the document states, the entry's
    /// own date (none when the document gives none: never the document's date in its place) and
    /// its end.
    func clinicalLines(_ kind: Observation.Kind) -> [VisitSummary.Line] {
        shownFindings(kind).map { record, observation in
            var parts = ClinicalFactsWording.details(observation.facts, kind: kind, context.words)
            if let value = observation.facts?.dateValue {
                // A date value belongs to the words that name it ("Delivery date estimated: 1 Jul").
                if let detail = observation.facts?.detail, parts.first == detail {
                    parts[0] = context.words.t("{what}: {day}", ["what": detail, "day": when(value)])
                } else {
                    parts.insert(when(value), at: 0)
                }
            }
            if let own = observation.facts == nil ? record.date : observation.onset {
                let day = when(own)
                parts.append(kind == .advanceDirective || kind == .device ? context.words.t("since {day}", ["day": day]) : day)
            }
            if let until = ClinicalFactsWording.until(observation.facts, context.words, day: { when($0) }) { parts.append(until) }
            return VisitSummary.Line(text: observation.name ?? record.title, detail: parts.joined(separator: ", "))
        }
    }
}
