import Foundation

/// Builds the medication pages from visible medication records.
public struct MedicationPageBuilder: Sendable {
    let context: ReportContext
    let links: SiteLinks
    let charts: ChartFactory

    public init(context: ReportContext, links: SiteLinks) {
        self.context = context
        self.links = links
        self.charts = ChartFactory(context: context)
    }

    var medications: [(HealthRecord, Medication)] {
        context.records.healthRecords.compactMap { record in
            guard case .medication(let medication) = record.data else { return nil }
            return (record, medication)
        }
        .sorted { ($0.1.name.lowercased(), $0.0.id) < ($1.1.name.lowercased(), $1.0.id) }
    }

    public func index() -> MedicationIndexPage {
        var current: [MedicationIndexPage.Row] = []
        var past: [MedicationIndexPage.Row] = []
        var notInUse = false
        for (record, medication) in medications {
            guard let link = links.medication(record.id) else { continue }
            notInUse = notInUse || medication.isNotInUse
            let adherence = Adherence(timeline(record, medication))
            let row = MedicationIndexPage.Row(
                name: displayName(medication), title: record.title, link: link, dose: doseText(medication),
                schedule: scheduleText(medication), status: statusText(medication),
                adherence: !context.hasDoseLog(record, medication) ? noDoseLog
                    : adherence.summary(context.format)
                    ?? (medication.asNeeded ? context.words.n("{count} use", "{count} uses", count: adherence.asNeededUses) : context.words.t("no doses due")),
                since: context.format.date(medication.startDate))
            // A discharge document's admission or hospital list is not current (see ``Medication/SourceList``).
            if medication.status == .active, medication.list != .notCurrent { current.append(row) } else { past.append(row) }
        }
        var page = MedicationIndexPage(
            page: PageChrome(title: context.words.t("Medications"), link: "medications/index", section: "medications", context: context),
            current: current, past: past, onTimeWindow: windowText)
        page.notInUse = notInUse
        if let reconciliation = MedicationReconciliation(context) {
            let wording = ReconciliationWording(context: context, medications: self)
            page.comparison = wording.intro(reconciliation)
            page.compared = reconciliation.medicines.filter(\.isCurrent).map { medicine in
                MedicationIndexPage.Compared(
                    name: displayName(medicine.primary.medication), link: links.medication(medicine.primary.record.id),
                    symbol: ReconciliationWording.symbol(medicine.verdict), verdict: wording.label(medicine),
                    evidence: wording.evidence(medicine).joined(separator: " "), sources: wording.sources(medicine))
            }
        }
        return page
    }

    public func pages() -> [(link: String, page: MedicationPage)] {
        let history = doseHistory
        let compared = MedicationReconciliation(context)
        return medications.compactMap { record, medication in
            guard let link = links.medication(record.id) else { return nil }
            return (link, page(record, medication, link: link, history: history, compared: compared))
        }
    }

    /// The viewer's orders chained per medicine (see `DoseHistory`).
    public var doseHistory: DoseHistory {
        DoseHistory(medications.map { (record: $0.0, medication: $0.1) }, timeZone: context.timeZone)
    }

    /// What a medicine read from a clinical document without a dose log shows instead of adherence.
    var noDoseLog: String { context.words.t("Doses taken are not recorded in the document.") }

    var windowText: String {
        context.words.n(
            "within {count} minute of the scheduled time", "within {count} minutes of the scheduled time", count: Int(context.onTimeWindow / 60))
    }

    func timeline(_ record: HealthRecord, _ medication: Medication) -> [DoseEvent] {
        DoseTimeline.memoized(record: record.id, medication, orderedAt: record.date, now: context.dataUntil, timeZone: context.timeZone, onTimeWindow: context.onTimeWindow).slots
    }

    func displayName(_ medication: Medication) -> String {
        "\(medication.name)\(medication.strength.map { " \($0)" } ?? "")"
    }

    /// The dose as ordered; where the order states no dose, its instructions as written
    /// ("10 units subcutaneously morning and evening"), never the route alone.
    func doseText(_ medication: Medication) -> String {
        if medication.dose == nil, let instructions = medication.instructions, !instructions.isEmpty { return instructions }
        var parts: [String] = []
        if let dose = medication.dose { parts.append(DoseText.amount(dose, context.format, high: medication.doseHigh)) }
        if let form = medication.form { parts.append(DoseFormWording.form(form, context.words)) }
        if let route = medication.route { parts.append(DoseFormWording.route(route, context.words)) }
        return parts.joined(separator: ", ")
    }

    func scheduleText(_ medication: Medication) -> String {
        let words = context.words
        var text = medication.schedule.map { $0.times.map(\.description).joined(separator: ", ") } ?? ""
        let frequency = medication.frequency.map { DoseText.frequency($0, context.format) } ?? ""
        // Days of the week with no clock times go with the rate: "once a day on Sat, Sun".
        let daysAlone = text.isEmpty && !(medication.schedule?.daysOfWeek.isEmpty ?? true)
        if daysAlone, !frequency.isEmpty { text = frequency }
        if let days = medication.schedule?.daysOfWeek, !days.isEmpty {
            let list = days.sorted().map(context.format.weekday).joined(separator: ", ")
            text = text.isEmpty ? words.t("on {days}", ["days": list]) : words.t("{times} on {days}", ["times": text, "days": list])
        }
        if !frequency.isEmpty, !(daysAlone && text.hasPrefix(frequency)) {
            text = text.isEmpty ? frequency : "\(text), \(frequency)"
        }
        if medication.asNeeded {
            text = text.isEmpty ? words.t("as needed") : words.t("{times}, as needed", ["times": text])
            if let maximum = medication.maxDailyDoses {
                text = words.n("{schedule} (at most {count} a day)", "{schedule} (at most {count} a day)", count: maximum, ["schedule": text])
            }
        }
        return text
    }

    func statusText(_ medication: Medication) -> String {
        if medication.list == .notCurrent, medication.status != .stopped {
            return context.words.t("Not current (the document's admission or hospital medication list)")
        }
        return switch medication.status {
        case .active: context.words.t("active", context: "medication")
        case .stopped: medication.endDate.map { context.words.t("stopped {day}", ["day": context.format.date($0)]) } ?? context.words.t("stopped")
        case .onHold: context.words.t("on hold")
        case .planned: plannedText(medication)
        case .notTaken: context.words.t("not taken")
        case .unknown: context.words.t("status unknown")
        }
    }

    /// What a planned medicine is, as stated: "proposed, not started", "draft order, not started", "ordered, not started", "planned, not started".
    func plannedText(_ medication: Medication) -> String {
        if medication.draft { return context.words.t("draft order, not started") }
        return switch medication.intent {
        case .proposal: context.words.t("proposed, not started")
        case .order: context.words.t("ordered, not started")
        case .plan, nil: context.words.t("planned, not started")
        }
    }
}
