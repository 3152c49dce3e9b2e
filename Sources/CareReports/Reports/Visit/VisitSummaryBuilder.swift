import Foundation

/// Builds the doctor-visit summary for one period (see `VisitPeriod`).
public struct VisitSummaryBuilder: Sendable {
    let context: ReportContext
    let period: VisitPeriod
    let catalog: LabCatalog
    let medications: MedicationPageBuilder
    /// The viewer's health records by date, then id: sorted once for every section that reads them in order.
    let byDate: [HealthRecord]
    /// The medicines compared across the family's records and the documents; nil with one source.
    let reconciliation: MedicationReconciliation?

    /// `since` overrides the default period (see `VisitPeriod`).
    public init(context: ReportContext, since: LocalDate? = nil) {
        self.context = context
        self.catalog = LabCatalog(context)
        self.medications = MedicationPageBuilder(context: context, links: SiteLinks(context: context, catalog: catalog))
        self.period = VisitPeriod(context: context, since: since)
        self.byDate = Self.sorted(context.records.healthRecords, in: context.timeZone)
        self.reconciliation = MedicationReconciliation(context)
    }

    /// The period's first instant.
    var since: Date { period.start }

    func inPeriod(_ date: CareDate) -> Bool { period.contains(date.resolved(in: context.timeZone)) }

    /// `records` by date, then id. Each record's instant is resolved once, not in every comparison
    /// (a calendar day's midnight is a calendar computation).
    static func sorted(_ records: [HealthRecord], in zone: TimeZone) -> [HealthRecord] {
        let keys = records.map { $0.date.resolved(in: zone) }
        return records.indices.sorted { (keys[$0], records[$0].id) < (keys[$1], records[$1].id) }.map { records[$0] }
    }

    /// `24 Feb` within the current year, `24 Feb 2024` before it. The year is left out only when
    /// the data and the page are of the same year: a summary of an old document written today
    /// gives every year, or "10 Dec" would read as last December.
    func when(_ day: LocalDate) -> String { context.shortDay(day) }

    /// ``when(_:)-(LocalDate)`` for a day or an instant; a partial date at its own precision
    /// (`Jan 2015`, `2015`) and an unknown date as "date unknown".
    func when(_ date: CareDate) -> String {
        date.isFullDate ? when(context.day(date)) : context.format.date(date)
    }

    public func build(styles: String = "") -> VisitSummary {
        let recipient = context.records.circle.careRecipient
        let format = context.format
        let (current, stopped) = medicationRows()
        let (allergies, allergyStatus) = allergyLines()
        let (problems, pastProblems) = problemLines()
        let (results, normal) = resultRows()
        let (symptoms, moreSymptoms) = symptomRows()
        let (questions, moreQuestions) = questionLines()
        let patient = context.names.recipientName
        let words = context.words
        let born = recipient.dateOfBirth.map(format.day) ?? words.t("not recorded")
        let periodText = words.t("{first} to {last}", ["first": format.day(period.firstDay), "last": format.day(context.today)])
        let written = format.dateTime(.instant(context.now))
        let (vitals, vitalsAnyDate) = vitalRowsOrLatest()
        let (appointments, moreAppointments) = appointmentLines()
        var summary = VisitSummary(
            page: PageChrome(title: words.t("Visit summary"), link: "visit", section: "visit", context: context),
            patientName: patient, dateOfBirth: born, period: periodText, periodReason: period.reason,
            nextAppointment: nextAppointmentText(), writtenOn: written,
            medications: current, stoppedMedications: stopped, allergies: allergies, allergyStatus: allergyStatus,
            problems: problems, pastProblems: pastProblems, results: results, normalResults: normal, vitals: vitals,
            symptoms: symptoms, moreSymptoms: moreSymptoms, falls: fallLines(), appointments: appointments,
            immunizations: immunizationLines(), questions: questions, moreQuestions: moreQuestions, styles: styles,
            runningHeader: CSSString.escape(words.t(
                "{patient} · born {born} · visit summary {period} · data as of {dataAsOf} · written {written}",
                ["patient": patient, "born": born, "period": periodText, "dataAsOf": context.dataAsOf ?? words.t("unknown"), "written": written])),
            sourceNarratives: narratives())
        summary.runningFooter = CSSString.counters(words.t("page {page} of {pages}", ["page": CSSString.pageMark, "pages": CSSString.pagesMark]))
        summary.vitalsAnyDate = vitalsAnyDate
        summary.resultsNotIncluded = LabReportWording.notIncluded(catalog.reports.reduce(0) { $0 + $1.report.resultsNotIncluded }, words)
        summary.moreAppointments = moreAppointments
        summary.reportNotes = reportNoteLines()
        summary.allergyStatements = statementLines(.allergies)
        summary.pastAllergies = pastAllergies()
        summary.problemStatements = statementLines(.problems)
        summary.medicationStatements = statementLines(.medications)
        summary.immunizationStatements = statementLines(.immunizations)
        // Compared across sources, the rows are no one document's list.
        summary.medicationList = reconciliation == nil ? medicationListText() : nil
        summary.otherListMedications = otherListChains().map(medicationRow)
        summary.notInUseMedications = notInUseChains().map(notInUseRow)
        summary.comparison = reconciliation.map { ReconciliationWording(context: context, medications: medications).intro($0) }
        addClinicalSections(to: &summary)
        return summary
    }

    func nextAppointmentText() -> String? {
        guard let (record, appointment) = period.nextAppointment else { return nil }
        let who = [appointment.specialty, appointment.provider].compactMap { $0 }.joined(separator: ", ")
        let purpose = appointment.purpose.map { " (\($0))" } ?? ""
        return "\(context.format.dateTime(appointment.start)): \(who.isEmpty ? record.title : who)\(purpose)"
    }

    func observations(_ kind: Observation.Kind) -> [(HealthRecord, Observation)] {
        byDate.compactMap { record in
            guard case .observation(let observation) = record.data, observation.kind == kind else { return nil }
            return (record, observation)
        }
    }

    /// Allergies not resolved (an inactive one says so); "not recorded" when there is no allergy at
    /// all, resolved ones included, nor a statement such as "No known allergies." (the statements are
    /// listed beside them, see `statementLines`; the resolved ones, see `pastAllergies`).
    func allergyLines() -> ([VisitSummary.Line], String?) {
        let all = findings(.allergy)
        let real = all.filter { $0.1.clinicalStatus != .resolved }
        let lines = real.map { record, allergy in
            let status = allergy.clinicalStatus.flatMap { $0 == .active ? nil : ObservationWording.status($0, context.words) }
            return VisitSummary.Line(
                text: allergy.substance ?? record.title, detail: [allergyDetail(allergy), status].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: ", "))
        }
        let stated = !statedAbsences(.allergies).isEmpty
        return (lines, all.isEmpty && !stated ? context.words.t("Allergies: not recorded.") : nil)
    }

    /// The resolved allergies, each with its reactions, severity and criticality, as one sentence.
    func pastAllergies() -> String? {
        let past = findings(.allergy).filter { $0.1.clinicalStatus == .resolved }.map { record, allergy in
            let detail = allergyDetail(allergy)
            let name = allergy.substance ?? record.title
            return detail.isEmpty ? name : context.words.t("{allergy} ({detail})", context: "resolved allergy", ["allergy": name, "detail": detail])
        }
        return past.isEmpty ? nil : past.joined(separator: "; ") + "."
    }

    /// Problems not resolved with their status in words when it is not plainly active ("in
    /// remission", "inactive", "recurrence") and their onset, and the resolved ones as one sentence.
    func problemLines() -> ([VisitSummary.Line], String?) {
        var active: [VisitSummary.Line] = []
        var past: [String] = []
        for (record, condition) in findings(.condition) {
            let name = condition.name ?? record.title
            // Only a resolved problem is past; one in remission or inactive stays listed, in its own words.
            let stated = statusWords(condition)
            if condition.clinicalStatus == .resolved {
                // The onset is said as the onset, never read as the day it resolved; the day it resolved
                // only when the source states one.
                switch (condition.onset, condition.facts?.end) {
                case let (onset?, end?):
                    past.append(context.words.t("{problem} (onset {day}, resolved {end})", ["problem": name, "day": when(onset), "end": when(end)]))
                case let (onset?, nil): past.append(context.words.t("{problem} (onset {day})", ["problem": name, "day": when(onset)]))
                case let (nil, end?): past.append(context.words.t("{problem} (resolved {end})", ["problem": name, "end": when(end)]))
                case (nil, nil): past.append(name)
                }
            } else {
                let since = condition.onset.flatMap { context.format.since($0) }
                    ?? condition.facts?.statedDate.map { context.words.t("onset as stated: {date}", ["date": $0]) }
                active.append(VisitSummary.Line(text: name, detail: [stated, since].compactMap { $0 }.joined(separator: ", ")))
            }
        }
        return (active, past.isEmpty ? nil : past.joined(separator: "; ") + ".")
    }

    /// The latest immunisations, newest first, with what the document states (refused and why,
    /// who reported it); the list is shortened to ``immunizationsShown`` and says so.
    func immunizationLines() -> [VisitSummary.Line] {
        clinicalLines(.immunization).prefix(Self.immunizationsShown).map { $0 }
    }
}
