import Foundation

extension MedicationPageBuilder {
    func page(
        _ record: HealthRecord, _ medication: Medication, link: String, history: DoseHistory, compared: MedicationReconciliation? = nil
    ) -> MedicationPage {
        let slots = MedicationDays.inPeriod(timeline(record, medication), context: context)
        var facts: [MedicationPage.Fact] = []
        func fact(_ label: String, _ value: String?) {
            if let value, !value.isEmpty { facts.append(.init(label: label, value: value)) }
        }
        let words = context.words
        fact(words.t("Dose"), doseText(medication))
        fact(words.t("Schedule"), scheduleText(medication))
        // Every dosage instruction, each with its own dose and days, when the order states several.
        if !medication.moreDosages.isEmpty {
            fact(words.t("Dosage instructions"), (0...medication.moreDosages.count).map { index in
                let dosage = medication.dosage(index)
                let dose = dosage.dose.map { DoseText.amount($0, context.format, high: dosage.doseHigh) }
                return [dose, scheduleText(dosage)].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: ", ")
            }.joined(separator: "; "))
        }
        fact(words.t("Prescriber"), medication.prescriber)
        fact(words.t("Reason"), medication.reason)
        // A planned, not-taken or unknown medicine was never started: its date is the one the document states.
        fact(medication.isNotInUse ? words.t("Date") : words.t("Started"), startText(record, medication))
        fact(words.t("Ended"), medication.endDate.map { context.format.date($0) })
        if let medicine = compared?.medicine(containing: record.id) {
            // Its sources and what the comparison across them found (docs/reconciliation.md).
            let wording = ReconciliationWording(context: context, medications: self)
            fact(words.t("Sources"), wording.sources(medicine))
            fact(words.t("Compared across sources"), "\(ReconciliationWording.symbol(medicine.verdict)) " + words.t("{verdict}. {evidence}", [
                "verdict": wording.label(medicine), "evidence": wording.evidence(medicine).joined(separator: " ")]))
        }
        fact(words.t("Status"), statusText(medication))
        fact("RxNorm", medication.rxnorm)
        return MedicationPage(
            page: PageChrome(title: displayName(medication), link: link, section: "medications", context: context),
            name: displayName(medication), title: record.title, status: statusText(medication), facts: facts,
            doseChanges: doseChanges(record.id, history: history),
            description: context.rich(record.description), instructions: context.rich(medication.instructions),
            overall: context.hasDoseLog(record, medication) ? Adherence(slots).summary(context.format) : noDoseLog,
            onTimeWindow: windowText, weeks: context.hasDoseLog(record, medication) ? weekRows(slots) : [],
            asNeeded: medication.asNeeded, dayUses: dayUses(slots, maximum: medication.maxDailyDoses),
            calendar: calendar(record, medication, slots: slots),
            doses: slots.map(doseRow))
    }

    /// Links to the orders before and after this one in its medicine's dose history, visible ones only.
    /// The record's dose calendar: drawn once per circle for every reader who sees the record
    /// (``CircleFacts``), else drawn for this reader.
    private func calendar(_ record: HealthRecord, _ medication: Medication, slots: [DoseEvent]) -> String? {
        let draw = { charts.doseCalendar(medication: medication, slots: slots, id: "doses") }
        guard let facts = context.records.facts else { return draw() }
        return facts.doseCalendar(of: record, context: context, draw: draw)
    }

    func doseChanges(_ recordId: String, history: DoseHistory) -> [MedicationPage.DoseChange] {
        guard let chain = history.chain(containing: recordId) else { return [] }
        let orders = Dictionary(chain.orders.map { ($0.record.id, $0.medication) }, uniquingKeysWith: { a, _ in a })
        return chain.changes.compactMap { change in
            guard let from = change.fromRecordId, let to = change.toRecordId, from == recordId || to == recordId else { return nil }
            let other = from == recordId ? to : from
            guard let medication = orders[other], let link = links.medication(other) else { return nil }
            let words = context.words
            let text = change.day.map { words.t("{change} on {day}", ["change": change.words(context.format), "day": context.format.day($0)]) }
                ?? change.words(context.format)
            let label = change.isDoseChange ? words.t("Dose changed") : change.kind == .restarted ? words.t("Restarted") : words.t("Renewed")
            return MedicationPage.DoseChange(
                label: label, direction: from == recordId ? words.t("the new order") : words.t("the earlier order"), text: text,
                name: displayName(medication), link: link)
        }
    }

    private func weekRows(_ slots: [DoseEvent]) -> [MedicationPage.WeekRow] {
        let scheduled = slots.filter { $0.scheduledAt != nil }
        let byWeek = Dictionary(grouping: scheduled) { ISOWeek(containing: LocalDate($0.moment, in: context.timeZone)) }
        return byWeek.keys.sorted().map { week in
            let adherence = Adherence(byWeek[week]!)
            var row = MedicationPage.WeekRow(
                week: week.description, link: links.weeks.contains(week) ? links.week(week) : nil, scheduled: adherence.scheduled,
                taken: adherence.taken, onTime: adherence.onTime, late: adherence.late, missed: adherence.missed + adherence.notRecorded,
                skipped: adherence.skipped, adherence: percentages(adherence))
            row.upTo = context.dataEnds(in: week)
            return row
        }
    }

    /// The start day, with the time when the order was written at a time of day on that day; a
    /// start stated as a year or a month, or unknown, at the precision stated ("2024", never "Mon 1 Jan 2024").
    private func startText(_ record: HealthRecord, _ medication: Medication) -> String {
        guard medication.startDate.isFullDate else { return context.format.date(medication.startDate) }
        let course = MedicationCourse(medication, orderedAt: record.date, timeZone: context.timeZone)
        let day = context.day(medication.startDate)
        guard course.start > day.midnight(in: context.timeZone) else { return context.format.day(day) }
        return context.format.dateTime(.instant(course.start))
    }

    private func percentages(_ adherence: Adherence) -> String {
        guard let taken = adherence.takenFraction, let onTime = adherence.fraction else { return "" }
        return context.words.t("{taken} taken, {onTime} on time", ["taken": context.format.percent(taken), "onTime": context.format.percent(onTime)])
    }

    private func dayUses(_ slots: [DoseEvent], maximum: Int?) -> [MedicationPage.DayUse] {
        let uses = Dictionary(grouping: slots.filter { $0.outcome == .asNeeded }) { LocalDate($0.moment, in: context.timeZone) }
        return uses.keys.sorted().map { day in
            let count = uses[day]!.count
            return MedicationPage.DayUse(
                day: context.format.day(day), uses: count, maximum: maximum.map(String.init) ?? "",
                over: maximum.map { count > $0 } ?? false)
        }
    }

    private func doseRow(_ slot: DoseEvent) -> MedicationPage.DoseRow {
        let words = DoseWording.words(slot.outcome, context.words)
        var delay = ""
        if let minutes = slot.delayMinutes, slot.outcome == .onTime || slot.outcome == .late {
            let format = context.format
            delay = minutes == 0
                ? context.words.t("on time")
                : minutes > 0
                    ? context.words.t("{duration} late", ["duration": format.duration(minutes: minutes)])
                    : context.words.t("{duration} early", ["duration": format.duration(minutes: -minutes)])
        }
        let entry = slot.administration
        let note = [entry?.reason, entry?.note].compactMap { $0 }.joined(separator: "; ")
        return MedicationPage.DoseRow(
            scheduled: slot.scheduledAt.map { context.format.dateTime(.instant($0)) } ?? "—",
            taken: slot.takenAt.map { context.format.dateTime(.instant($0)) } ?? "—",
            status: words.label, statusSymbol: words.symbol, statusClass: words.cssClass, delay: delay,
            recordedBy: entry?.recordedBy.map { context.names.name($0) } ?? "", note: note)
    }
}

/// Words, symbols and CSS classes for dose outcomes, so status never relies on colour.
public enum DoseWording {
    public static func words(_ outcome: DoseEvent.Outcome, _ words: Localizer = .english) -> (label: String, symbol: String, cssClass: String) {
        switch outcome {
        case .onTime: (words.t("Taken on time"), "✓", "status-taken")
        case .late: (words.t("Taken late"), "◔", "status-late")
        case .missed: (words.t("Missed", context: "dose"), "✗", "status-missed")
        case .skipped: (words.t("Skipped", context: "dose"), "–", "status-skipped")
        case .notRecorded: (words.t("Not recorded"), "?", "status-missed")
        case .asNeeded: (words.t("Taken as needed"), "◆", "status-taken")
        }
    }
}
