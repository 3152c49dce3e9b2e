import Foundation

/// Builds the doctor-visit summary for the period since the last visit.
public struct VisitSummaryBuilder: Sendable {
    let context: ReportContext
    let since: Date
    let catalog: LabCatalog
    let medications: MedicationPageBuilder

    /// `since` defaults to the start of the last completed appointment before now, else 90 days ago.
    public init(context: ReportContext, since: LocalDate? = nil) {
        self.context = context
        self.catalog = LabCatalog(context)
        self.medications = MedicationPageBuilder(context: context, links: SiteLinks(context: context, catalog: LabCatalog(context)))
        if let since {
            self.since = since.midnight(in: context.timeZone)
        } else {
            self.since = VisitSummaryBuilder.lastVisit(context) ?? context.now.addingTimeInterval(-90 * 86_400)
        }
    }

    static func lastVisit(_ context: ReportContext) -> Date? {
        context.records.healthRecords.compactMap { record -> Date? in
            guard case .appointment(let appointment) = record.data, appointment.status == .completed else { return nil }
            let start = appointment.start.resolved(in: context.timeZone)
            return start < context.now ? start : nil
        }.max()
    }

    func inPeriod(_ date: CareDate) -> Bool {
        let instant = date.resolved(in: context.timeZone)
        return instant >= since && instant <= context.now
    }

    func sorted(_ records: [HealthRecord]) -> [HealthRecord] {
        records.sorted { ($0.date.resolved(in: context.timeZone), $0.id) < ($1.date.resolved(in: context.timeZone), $1.id) }
    }

    public func build(styles: String = "") -> VisitSummary {
        let recipient = context.records.circle.careRecipient
        let format = context.format
        let sinceDay = LocalDate(since, in: context.timeZone)
        let (current, stopped) = medicationRows()
        let (allergies, allergyStatus) = allergyLines()
        let (problems, pastProblems) = problemLines()
        let patient = "\(recipient.firstName) \(recipient.lastName)"
        let born = recipient.dateOfBirth.map(format.day) ?? "not recorded"
        let period = "\(format.day(sinceDay)) to \(format.day(context.today))"
        let written = format.dateTime(.instant(context.now))
        return VisitSummary(
            page: PageChrome(title: "Visit summary", link: "visit", section: "visit", context: context),
            patientName: patient, dateOfBirth: born, period: period, writtenOn: written,
            medications: current, stoppedMedications: stopped, allergies: allergies, allergyStatus: allergyStatus,
            problems: problems, pastProblems: pastProblems, results: resultRows(), vitals: vitalRows(),
            symptoms: symptomRows(), appointments: appointmentLines(), immunizations: immunizationLines(),
            questions: questionLines(), styles: styles,
            runningHeader: CSSString.escape("\(patient) · born \(born) · visit summary \(period) · written \(written)"),
            sourceNarratives: narratives())
    }

    func medicationRows() -> (current: [VisitSummary.MedicationRow], stopped: [VisitSummary.MedicationRow]) {
        var current: [VisitSummary.MedicationRow] = []
        var stopped: [VisitSummary.MedicationRow] = []
        for (record, medication) in medications.medications {
            let start = medication.startDate.resolved(in: context.timeZone)
            let end = medication.endDate?.resolved(in: context.timeZone)
            let slots = medications.timeline(medication).filter { $0.moment >= since && $0.moment <= context.now }
            let adherence = Adherence(slots)
            var change: [String] = []
            if start >= since { change.append("started \(context.format.day(context.day(medication.startDate)))") }
            if let end, end >= since, let endDate = medication.endDate { change.append("stopped \(context.format.day(context.day(endDate)))") }
            let row = VisitSummary.MedicationRow(
                name: medications.displayName(medication), dose: medications.doseText(medication),
                schedule: medications.scheduleText(medication),
                adherence: adherence.summary ?? (medication.asNeeded ? "\(adherence.asNeededUses) uses" : "—"),
                change: change.joined(separator: "; "), reason: medication.reason ?? record.title)
            if medication.status == .active {
                current.append(row)
            } else if let end, end >= since {
                stopped.append(row)
            }
        }
        return (current, stopped)
    }

    func observations(_ kind: Observation.Kind) -> [(HealthRecord, Observation)] {
        sorted(context.records.healthRecords).compactMap { record in
            guard case .observation(let observation) = record.data, observation.kind == kind else { return nil }
            return (record, observation)
        }
    }

    /// Allergies; "none known" when recorded so, "not recorded" when nothing was recorded at all.
    func allergyLines() -> ([VisitSummary.Line], String?) {
        let all = observations(.allergy)
        let real = all.filter { !$0.1.isKnownAbsentAllergy && $0.1.clinicalStatus != .resolved }
        if !real.isEmpty {
            return (real.map { record, allergy in
                let detail = [allergy.reaction.map { "reaction: \($0)" }, allergy.severity].compactMap { $0 }.joined(separator: ", ")
                return VisitSummary.Line(text: allergy.substance ?? record.title, detail: detail)
            }, nil)
        }
        return ([], all.contains { $0.1.isKnownAbsentAllergy } ? "No known allergies (recorded)." : "Allergies: not recorded.")
    }

    func problemLines() -> ([VisitSummary.Line], [VisitSummary.Line]) {
        var active: [VisitSummary.Line] = []
        var past: [VisitSummary.Line] = []
        for (record, condition) in observations(.condition) {
            let since = condition.onset.map { "since \(context.format.day(context.day($0)))" } ?? ""
            let line = VisitSummary.Line(text: condition.name ?? record.title, detail: since)
            if condition.clinicalStatus == .resolved { past.append(line) } else { active.append(line) }
        }
        return (active, past)
    }

    func immunizationLines() -> [VisitSummary.Line] {
        observations(.immunization).map { record, shot in
            VisitSummary.Line(text: shot.name ?? record.title, detail: context.format.day(context.day(record.date)))
        }
    }
}
