import Foundation

extension VisitSummaryBuilder {
    /// Medication reconciliation: every medicine whose latest order is active or on hold, with its
    /// dose history across orders and its doses in the period; and those stopped in the period.
    func medicationRows() -> (current: [VisitSummary.MedicationRow], stopped: [VisitSummary.MedicationRow]) {
        if let reconciliation {
            // One row per medicine across the sources, with its verdict (docs/reconciliation.md).
            var wording = ReconciliationWording(context: context, medications: medications)
            // The introduction names the document: a row says "List of 1 Apr", so two pages hold it.
            wording.brief = reconciliation.documents.count == 1
            let (current, stopped) = comparedMedicines(reconciliation)
            return (current.map { medicine in
                var row = medicationRow(medicine.primary.chain)
                row.verdict = "\(ReconciliationWording.symbol(medicine.verdict)) \(wording.label(medicine))"
                row.compared = wording.evidence(medicine).joined(separator: " ")
                row.verdictClass = medicine.tier == .callToday ? "flag-critical" : medicine.tier == nil ? "flag-normal" : "verdict-next"
                return row
            }, stopped.map { stoppedRow($0.primary.chain) })
        }
        let (current, stopped) = reconciledChains()
        return (current.map(medicationRow), stopped.map(stoppedRow))
    }

    /// A stopped medicine's line says its history, what it was for and why it was stopped (its
    /// schedule and words are not on that line, so the reason is said whatever they hold).
    func stoppedRow(_ chain: DoseHistory.Chain) -> VisitSummary.MedicationRow {
        var row = medicationRow(chain)
        row.statusReason = statusReasonText(chain.latest.medication, shown: "")
        return row
    }

    /// The compared medicines current in some source or still given, and those stopped in every
    /// source whose stop is in the period (or undated in a document), by name.
    func comparedMedicines(_ reconciliation: MedicationReconciliation) -> (current: [ReconciledMedicine], stopped: [ReconciledMedicine]) {
        let current = reconciliation.medicines.filter(\.isCurrent)
        let stopped = reconciliation.medicines.filter { medicine in
            guard !medicine.isCurrent else { return false }
            let (record, medication) = medicine.primary.chain.latest
            if medication.endDate == nil, record.importedFrom != nil { return true }
            return (medication.endDate ?? record.date).resolved(in: context.timeZone) >= since
        }
        return (current, stopped)
    }

    /// The chains of the medicines whose latest order is active or on hold, and of those stopped
    /// in the period, each sorted by name (the rows above, and the FHIR document's medications).
    func reconciledChains() -> (current: [DoseHistory.Chain], stopped: [DoseHistory.Chain]) {
        if let reconciliation {
            let (current, stopped) = comparedMedicines(reconciliation)
            return (current.map(\.primary.chain), stopped.map(\.primary.chain))
        }
        var current: [(String, DoseHistory.Chain)] = []
        var stopped: [(String, DoseHistory.Chain)] = []
        for chain in medications.doseHistory.chains {
            let (record, medication) = chain.latest
            // A discharge document's admission or hospital list is not the current list.
            if medication.list == .notCurrent { continue }
            let key = medication.name.lowercased()
            switch medication.status {
            case .active, .onHold: current.append((key, chain))
            // Planned, not taken, status unknown: never current nor stopped (``notInUseChains()``).
            case .planned, .notTaken, .unknown: continue
            case .stopped:
                // A document that says a medicine is stopped without saying when: listed as stopped
                // (its start is no stop date), never left off the page.
                if medication.endDate == nil, record.importedFrom != nil {
                    stopped.append((key, chain))
                    continue
                }
                let end = medication.endDate ?? record.date
                if end.resolved(in: context.timeZone) >= since { stopped.append((key, chain)) }
            }
        }
        return (current.sorted { $0.0 < $1.0 }.map(\.1), stopped.sorted { $0.0 < $1.0 }.map(\.1))
    }

    /// The medicines of a discharge document's other lists (admission, hospital), sorted by name:
    /// what the document states besides its discharge list, never shown as current.
    func otherListChains() -> [DoseHistory.Chain] {
        medications.doseHistory.chains.filter { $0.latest.medication.list == .notCurrent }
            .sorted { $0.latest.medication.name.lowercased() < $1.latest.medication.name.lowercased() }
    }

    /// The medicines a document states as planned (proposed, draft, intended, a planned mood), not
    /// taken, or of unknown status, sorted by name: shown as such, never as current or stopped.
    func notInUseChains() -> [DoseHistory.Chain] {
        medications.doseHistory.chains.filter { $0.latest.medication.isNotInUse && $0.latest.medication.list != .notCurrent }
            .sorted { $0.latest.medication.name.lowercased() < $1.latest.medication.name.lowercased() }
    }

    /// "Proposed, not started: warfarin …, 5 mg, once a day (1 May 2024)": what the document states, with its own date.
    func notInUseRow(_ chain: DoseHistory.Chain) -> VisitSummary.MedicationRow {
        let medication = chain.latest.medication
        let label = medications.statusText(medication)
        let dosages = dosageTexts(medication)
        var row = VisitSummary.MedicationRow(
            name: medications.displayName(medication), dose: dosages.count > 1 ? "" : plainDoseText(medication),
            schedule: dosages.count > 1 ? dosages.joined(separator: "; ") : medications.scheduleText(medication),
            status: label.prefix(1).uppercased() + label.dropFirst(), adherence: "",
            history: context.format.date(medication.startDate), warnings: [],
            reason: medication.reason.flatMap { $0.trimmingCharacters(in: .whitespaces).isEmpty ? nil : $0 })
        row.statusReason = statusReasonText(medication, shown: row.dose + " " + row.schedule)
        return row
    }

    /// The dose as ordered and its route ("5000 IU, subcutaneous"), as a dose history says it (the
    /// product's form is its name's, not the dose's); with no dose, the order's own words.
    func plainDoseText(_ medication: Medication) -> String {
        guard let dose = medication.dose else { return medications.doseText(medication) }
        let route = medication.route.map { DoseFormWording.route($0, context.words) }
        return [DoseText.amount(dose, context.format, high: medication.doseHigh), route].compactMap { $0 }.joined(separator: ", ")
    }

    /// Each dosage instruction of an order in words ("50 µg, once a day on Mon, Tue, Wed, Thu, Fri"),
    /// one per instruction; one entry for an order with a single dosage.
    func dosageTexts(_ medication: Medication) -> [String] {
        (0...medication.moreDosages.count).map { index in
            let dosage = medication.dosage(index)
            let dose = dosage.dose.map { DoseText.amount($0, context.format, high: dosage.doseHigh) }
            return [dose, scheduleText(dosage)].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: ", ")
        }
    }

    /// "Reason given: acute kidney injury (eGFR 38)" for a held, stopped or not-taken order that
    /// states why, unless the words already shown say it; nil otherwise.
    func statusReasonText(_ medication: Medication, shown: String) -> String? {
        guard let reason = medication.statusReason, !reason.isEmpty, !shown.contains(reason) else { return nil }
        return context.words.t("Reason given: {reason}", ["reason": reason])
    }

    /// "Current medications: the discharge medication list of the discharge document of {day}."
    /// when a discharge document's discharge list gives the current medicines; nil otherwise.
    func medicationListText() -> String? {
        let discharge = medications.doseHistory.chains.filter { $0.latest.medication.list == .discharge }
        guard let latest = discharge.map({ $0.latest.record.date }).max(by: { $0.resolved(in: context.timeZone) < $1.resolved(in: context.timeZone) })
        else { return nil }
        return context.words.t("Current medications: the discharge medication list of the discharge document (medicines from {day}).", ["day": when(latest)])
    }

    /// The schedule as ordered; where the order states no structured dose, its instructions as
    /// written beside it ("10 units subcutaneously morning and evening"), so no dose goes unsaid.
    func scheduleText(_ medication: Medication) -> String {
        let schedule = medications.scheduleText(medication)
        guard medication.dose == nil, let instructions = medication.instructions, !instructions.isEmpty else { return schedule }
        return schedule.isEmpty ? instructions : "\(schedule); \(instructions)"
    }

    func medicationRow(_ chain: DoseHistory.Chain) -> VisitSummary.MedicationRow {
        let medication = chain.latest.medication
        // Every dosage instruction is said: "50 µg, once a day on Mon, …; 100 µg, once a day on Sat, Sun".
        let dosages = dosageTexts(medication)
        let schedule = dosages.count > 1 ? dosages.joined(separator: "; ") : scheduleText(medication)
        var row = VisitSummary.MedicationRow(
            name: medications.displayName(medication), dose: medications.doseText(medication),
            schedule: schedule, status: medication.status == .onHold ? context.words.t("on hold") : nil,
            adherence: medication.asNeeded ? asNeededSummary(chain) : adherenceSummary(chain),
            history: historyText(chain), warnings: medication.asNeeded ? asNeededWarnings(chain) : [],
            reason: medication.reason.flatMap { $0.trimmingCharacters(in: .whitespaces).isEmpty ? nil : $0 })
        // Why it is held or stopped, whether or not the order has a structured timing.
        row.statusReason = statusReasonText(medication, shown: schedule)
        return row
    }

    /// "started 10 mg on 6 Jan; increased 10 → 20 mg on 24 Feb (Dr. Anh Nguyen)", the last four steps.
    func historyText(_ chain: DoseHistory.Chain) -> String {
        let prescribers = Dictionary(chain.orders.map { ($0.record.id, $0.medication.prescriber) }, uniquingKeysWith: { a, _ in a })
        let steps = chain.changes.map { change -> String in
            var text = change.day.map { context.words.t("{change} on {day}", ["change": change.words(context.format), "day": when($0)]) }
                ?? change.statedDate.map { context.words.t("{change} ({date})", ["change": change.words(context.format), "date": context.format.date($0)]) }
                // A stop the source states without a date says so: never read as a stop in the period.
                ?? (change.kind == .stopped ? context.words.t("{change}, date not stated", ["change": change.words(context.format)])
                    : change.words(context.format))
            if change.isDoseChange, let to = change.toRecordId, let prescriber = prescribers[to] ?? nil { text += " (\(prescriber))" }
            return text
        }
        return (steps.count > 4 ? ["…"] + steps.suffix(4) : steps).joined(separator: "; ")
    }

    /// The period's scheduled doses across the medicine's orders.
    func periodSlots(_ chain: DoseHistory.Chain) -> [DoseEvent] {
        chain.orders.flatMap { medications.timeline($0.record, $0.medication) }.filter { period.contains($0.moment) }
    }

    /// "taken 52 of 54 (96%), on time 47 (87%)": taken at all, and taken within the on-time window.
    /// A clinical document lists medicines, not the doses taken: nothing of it is counted as missed.
    func adherenceSummary(_ chain: DoseHistory.Chain) -> String {
        if chain.orders.allSatisfy({ $0.record.importedFrom != nil && $0.medication.administrations.isEmpty }) {
            return context.words.t("Doses taken are not recorded in the document.")
        }
        let adherence = Adherence(periodSlots(chain))
        guard adherence.scheduled > 0 else { return context.words.t("no doses due in the period") }
        let taken = adherence.onTime + adherence.late
        let share = { (count: Int) in context.format.percent(Double(count) / Double(adherence.scheduled)) }
        return context.words.t(
            "taken {taken} of {scheduled} ({takenShare}), on time {onTime} ({onTimeShare})",
            ["taken": "\(taken)", "scheduled": "\(adherence.scheduled)", "takenShare": share(taken), "onTime": "\(adherence.onTime)",
             "onTimeShare": share(adherence.onTime)])
    }

    /// An as-needed medicine's use in the period; "not used" only where the source records doses
    /// (a document that lists the medicine and no doses says nothing of its use).
    func asNeededSummary(_ chain: DoseHistory.Chain) -> String {
        if chain.orders.allSatisfy({ $0.record.importedFrom != nil && $0.medication.administrations.isEmpty }) {
            return context.words.t("Doses taken are not recorded in the document.")
        }
        let use = AsNeededUse(chain, slots: periodSlots(chain), timeZone: context.timeZone)
        let words = context.words
        guard let busiest = use.busiestDay else { return words.t("not used in the period") }
        let doses = words.n("{count} dose", "{count} doses", count: use.doses)
        let days = words.n("on {count} day", "on {count} days", count: use.days.count)
        let most = busiest.amountText.map { "\(busiest.doses) (\(context.format.localized($0)))" } ?? "\(busiest.doses)"
        return words.t("{doses} {days}; most {most} on {day}", ["doses": doses, "days": days, "most": most, "day": when(busiest.day)])
    }

    /// Days over the order's daily maximum, and doses taken closer together than its minimum gap.
    func asNeededWarnings(_ chain: DoseHistory.Chain) -> [String] {
        let use = AsNeededUse(chain, slots: periodSlots(chain), timeZone: context.timeZone)
        var warnings: [String] = []
        if let maximum = use.maximum {
            let over = use.days.filter { $0.doses > maximum }.sorted { ($1.doses, $0.day) < ($0.doses, $1.day) }
            if !over.isEmpty {
                let list = over.map { day in
                    context.words.t(
                        "{doses} on {day}", ["doses": "\(day.doses)\(day.amountText.map { " (\(context.format.localized($0)))" } ?? "")", "day": when(day.day)])
                }
                warnings.append(context.words.t("▲ over the maximum of {maximum} a day: {days}", ["maximum": "\(maximum)", "days": shortList(list)]))
            }
        }
        if let gap = use.minimumGapHours {
            let close = use.days.filter { $0.shortGaps > 0 }.sorted { ($1.shortGaps, $0.day) < ($0.shortGaps, $1.day) }
            if !close.isEmpty {
                let count = close.reduce(0) { $0 + $1.shortGaps }
                let list = close.map { "\(when($0.day))\($0.shortGaps > 1 ? " (\($0.shortGaps))" : "")" }
                warnings.append(context.words.n(
                    "▲ under {gap} h apart {count} time: {days}", "▲ under {gap} h apart {count} times: {days}", count: count,
                    ["gap": context.format.number(gap), "days": shortList(list)]))
            }
        }
        return warnings
    }

    /// The first three items (the worst, as sorted), then how many more: a long export compresses.
    func shortList(_ items: [String]) -> String {
        guard items.count > 3 else { return items.joined(separator: "; ") }
        return context.words.n(
            "{list}; and {count} more day", "{list}; and {count} more days", count: items.count - 3, ["list": items.prefix(3).joined(separator: "; ")])
    }
}
