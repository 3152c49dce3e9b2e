import Foundation

extension VisitSummaryBuilder {
    /// Medication reconciliation: every medicine whose latest order is active or on hold, with its
    /// dose history across orders and its doses in the period; and those stopped in the period.
    func medicationRows() -> (current: [VisitSummary.MedicationRow], stopped: [VisitSummary.MedicationRow]) {
        let (current, stopped) = reconciledChains()
        return (current.map(medicationRow), stopped.map(medicationRow))
    }

    /// The chains of the medicines whose latest order is active or on hold, and of those stopped
    /// in the period, each sorted by name (the rows above, and the FHIR document's medications).
    func reconciledChains() -> (current: [DoseHistory.Chain], stopped: [DoseHistory.Chain]) {
        var current: [(String, DoseHistory.Chain)] = []
        var stopped: [(String, DoseHistory.Chain)] = []
        for chain in medications.doseHistory.chains {
            let (record, medication) = chain.latest
            let key = medication.name.lowercased()
            switch medication.status {
            case .active, .onHold: current.append((key, chain))
            case .stopped:
                let end = medication.endDate ?? record.date
                if end.resolved(in: context.timeZone) >= since { stopped.append((key, chain)) }
            }
        }
        return (current.sorted { $0.0 < $1.0 }.map(\.1), stopped.sorted { $0.0 < $1.0 }.map(\.1))
    }

    func medicationRow(_ chain: DoseHistory.Chain) -> VisitSummary.MedicationRow {
        let (record, medication) = chain.latest
        return VisitSummary.MedicationRow(
            name: medications.displayName(medication), dose: medications.doseText(medication),
            schedule: medications.scheduleText(medication), status: medication.status == .onHold ? "on hold" : nil,
            adherence: medication.asNeeded ? asNeededSummary(chain) : adherenceSummary(chain),
            history: historyText(chain), warnings: medication.asNeeded ? asNeededWarnings(chain) : [],
            reason: medication.reason ?? record.title)
    }

    /// "started 10 mg on 6 Jan; increased 10 → 20 mg on 24 Feb (Dr. Anh Nguyen)", the last four steps.
    func historyText(_ chain: DoseHistory.Chain) -> String {
        let prescribers = Dictionary(chain.orders.map { ($0.record.id, $0.medication.prescriber) }, uniquingKeysWith: { a, _ in a })
        let steps = chain.changes.map { change -> String in
            var text = change.words + (change.day.map { " on \(when($0))" } ?? "")
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
            return "Doses taken are not recorded in the document."
        }
        let adherence = Adherence(periodSlots(chain))
        guard adherence.scheduled > 0 else { return "no doses due in the period" }
        let taken = adherence.onTime + adherence.late
        let share = { (count: Int) in DisplayFormat.percent(Double(count) / Double(adherence.scheduled)) }
        return "taken \(taken) of \(adherence.scheduled) (\(share(taken))), on time \(adherence.onTime) (\(share(adherence.onTime)))"
    }

    func asNeededSummary(_ chain: DoseHistory.Chain) -> String {
        let use = AsNeededUse(chain, slots: periodSlots(chain), timeZone: context.timeZone)
        guard let busiest = use.busiestDay else { return "not used in the period" }
        var text = "\(use.doses) dose\(use.doses == 1 ? "" : "s") on \(use.days.count) day\(use.days.count == 1 ? "" : "s"); most \(busiest.doses)"
        if let amount = busiest.amountText { text += " (\(amount))" }
        return text + " on \(when(busiest.day))"
    }

    /// Days over the order's daily maximum, and doses taken closer together than its minimum gap.
    func asNeededWarnings(_ chain: DoseHistory.Chain) -> [String] {
        let use = AsNeededUse(chain, slots: periodSlots(chain), timeZone: context.timeZone)
        var warnings: [String] = []
        if let maximum = use.maximum {
            let over = use.days.filter { $0.doses > maximum }.sorted { ($1.doses, $0.day) < ($0.doses, $1.day) }
            if !over.isEmpty {
                let list = over.map { day in "\(day.doses)\(day.amountText.map { " (\($0))" } ?? "") on \(when(day.day))" }
                warnings.append("▲ over the maximum of \(maximum) a day: \(shortList(list, unit: "day"))")
            }
        }
        if let gap = use.minimumGapHours {
            let close = use.days.filter { $0.shortGaps > 0 }.sorted { ($1.shortGaps, $0.day) < ($0.shortGaps, $1.day) }
            if !close.isEmpty {
                let count = close.reduce(0) { $0 + $1.shortGaps }
                let list = close.map { "\(when($0.day))\($0.shortGaps > 1 ? " (\($0.shortGaps))" : "")" }
                warnings.append("▲ under \(DisplayFormat.number(gap)) h apart \(count) time\(count == 1 ? "" : "s"): \(shortList(list, unit: "day"))")
            }
        }
        return warnings
    }

    /// The first three items (the worst, as sorted), then how many more: a long export compresses.
    func shortList(_ items: [String], unit: String) -> String {
        guard items.count > 3 else { return items.joined(separator: "; ") }
        return items.prefix(3).joined(separator: "; ") + "; and \(items.count - 3) more \(unit)s"
    }
}
