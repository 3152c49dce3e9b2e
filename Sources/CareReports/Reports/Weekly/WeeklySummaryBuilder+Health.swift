import Foundation

extension WeeklySummaryBuilder {
    /// Medications active at some point of the week, with that week's adherence.
    func medicationRows(_ week: ISOWeek) -> [WeeklySummary.MedicationRow] {
        medicationsActive(in: week).compactMap { entry in
            let (record, medication) = (entry.record, entry.medication)
            let slots = entry.slots(in: week)
            let adherence = Adherence(slots)
            var changes: [String] = []
            let words = context.words
            changes += doseChanges(record, medication, in: week)
            let unknown = dosesAfterExport(record, medication, in: week)
            guard !slots.isEmpty || !changes.isEmpty || unknown > 0 else { return nil }
            let logged = context.hasDoseLog(record, medication)
            // Every dose of the week due after the export: they were due, so never "no doses due" beside them.
            let onlyAfterExport = unknown > 0 && slots.isEmpty && logged && !medication.asNeeded
            var summary = adherence.summary(context.format)
                ?? (!logged ? words.t("Doses taken are not recorded in the document.") : medication.asNeeded ? words.t("as needed") : words.t("no doses due"))
            if onlyAfterExport {
                summary = words.n(
                    "{count} dose due after the export, not counted", "{count} doses due after the export, not counted", count: unknown)
            } else if unknown > 0 {
                summary = words.t("{summary}; {count} due after the export, not counted", ["summary": summary, "count": "\(unknown)"])
            }
            var row = WeeklySummary.MedicationRow(
                name: "\(medication.name)\(medication.strength.map { " \($0)" } ?? "")", link: links.medication(record.id),
                adherence: summary,
                adherenceShort: adherence.shortSummary(words)
                    ?? (!logged ? words.t("not in the document") : medication.asNeeded ? words.t("as needed")
                        : onlyAfterExport ? words.t("after the export, not known", context: "dose") : words.t("no doses due")),
                late: adherence.late, missed: adherence.missed + adherence.notRecorded, skipped: adherence.skipped,
                asNeededUses: adherence.asNeededUses, change: changes.isEmpty ? nil : changes.joined(separator: "; "))
            row.afterExport = unknown
            return row
        }
    }

    /// The week's changes of an order as they are: "increased 10 → 20 mg on Mon 24 Feb 2025" on the old
    /// order and the new, "started 5 mg on …", "stopped on …", "ended on …" for a course that ran its time.
    func doseChanges(_ record: HealthRecord, _ medication: Medication, in week: ISOWeek) -> [String] {
        let words = context.words
        var lines: [String] = []
        // Planned, not taken, unknown: what it is, in the week of its date; never "started".
        if medication.isNotInUse {
            return week.contains(context.day(medication.startDate)) && !medication.startDate.isUnknown
                ? [MedicationPageBuilder(context: context, links: links).statusText(medication)] : []
        }
        let chain = changeMarks.history.chain(containing: record.id)
        for change in chain?.changes ?? [] where change.fromRecordId == record.id || change.toRecordId == record.id {
            // A start the source gives as a year or month only is said at that precision; one it
            // says is unknown did not happen this week (it is filed here only).
            if change.day == nil, let stated = change.statedDate {
                if !stated.isUnknown, week.contains(context.day(stated)) {
                    lines.append(words.t("started {date}", context: "partial date", ["date": context.format.date(stated)]))
                }
                continue
            }
            guard let day = change.day, week.contains(day) else { continue }
            // A step to the next order shows on both; a stop or restart on the order it concerns.
            if change.kind == .stopped && change.fromRecordId != record.id { continue }
            if change.kind == .stopped {
                lines.append(words.t("stopped on {day}", ["day": context.format.day(day)]))
            } else {
                lines.append(words.t("{change} on {day}", ["change": change.words(context.format), "day": context.format.day(day)]))
            }
        }
        if chain == nil, !medication.startDate.isUnknown, week.contains(context.day(medication.startDate)) {
            lines.append(medication.startDate.isFullDate
                ? words.t("started on {day}", ["day": context.format.date(medication.startDate)])
                : words.t("started {date}", context: "partial date", ["date": context.format.date(medication.startDate)]))
        }
        let successor = chain?.changes.contains { $0.fromRecordId == record.id && $0.toRecordId != nil } ?? false
        if let endDate = medication.endDate, !endDate.isUnknown, !endDate.isFullDate, week.contains(context.day(endDate)), !successor {
            lines.append(words.t("stopped {date}", context: "partial date", ["date": context.format.date(endDate)]))
        } else if let endDate = medication.endDate, !endDate.isUnknown, case let end = context.day(endDate), week.contains(end), !successor,
            !(chain?.changes.contains { $0.kind == .stopped && $0.fromRecordId == record.id } ?? false)
        {
            lines.append(words.t("ended on {day}", ["day": context.format.day(end)]))
        }
        return lines
    }

    /// The medication orders active at some point of `week` (and started by today), with their doses.
    func medicationsActive(in week: ISOWeek) -> [WeeklyIndex.MedicationEntry] {
        index.medications.filter { entry in
            // A planned, not-taken or unknown medicine is in no week's doses: only in the week of its date, said as what it is.
            if entry.medication.isNotInUse { return week.contains(entry.start) && entry.start <= context.today }
            return entry.start <= week.sunday && (entry.end.map { $0 >= week.monday } ?? true) && entry.start <= context.today
        }
    }

    /// Doses scheduled in the week after the export was taken and before "now": nobody can know about them.
    func dosesAfterExport(_ record: HealthRecord, _ medication: Medication, in week: ISOWeek) -> Int {
        guard context.now > context.dataUntil, context.hasDoseLog(record, medication) else { return 0 }
        let weekEnd = min(context.end(of: week), context.now)
        guard weekEnd > context.dataUntil else { return 0 }
        let all = DoseTimeline(medication, orderedAt: record.date, now: weekEnd, timeZone: context.timeZone, onTimeWindow: context.onTimeWindow)
        return all.slots.filter { slot in
            guard let due = slot.scheduledAt else { return false }
            return due > context.dataUntil && week.contains(LocalDate(due, in: context.timeZone))
        }.count
    }

    func measurementGroups(_ records: [HealthRecord], week: ISOWeek) -> [WeeklySummary.MeasurementGroup] {
        var byKind: [Measurement.Kind: [(HealthRecord, Measurement)]] = [:]
        for record in records {
            if case .measurement(let measurement) = record.data { byKind[measurement.kind, default: []].append((record, measurement)) }
        }
        // The goals on readings, judged as of the week's last day (or the data's, in its last week).
        let goalBoard = byKind.isEmpty || goalJudge.goals.isEmpty
            ? GoalBoard.none : GoalBoard(context, asOf: min(week.sunday, context.today), only: GoalBoard.onReadings, judge: goalJudge)
        return Measurement.Kind.allCases.compactMap { kind in
            guard let readings = byKind[kind], let last = readings.last else { return nil }
            let key: (Measurement) -> Double = { kind == .bloodPressure ? ($0.systolic ?? 0) : ($0.value ?? 0) }
            let low = readings.min { key($0.1) < key($1.1) }!.1
            let high = readings.max { key($0.1) < key($1.1) }!.1
            var rows: [(instant: Date, row: WeeklySummary.Reading)] = readings.map { record, measurement in
                let flag = signs.flag(record, measurement)
                var reading = WeeklySummary.Reading(
                    when: context.format.dateTime(record.date), value: MeasurementRanges.valueText(measurement, context.format),
                    flag: flag?.direction, flagReason: flag?.reason, title: record.title, context: measurement.context)
                reading.flagLabel = flag.map { flag in
                    flag.direction == "high" ? context.words.t("high", context: "reading")
                        : flag.personal ? context.words.t("lower than usual", context: "reading") : context.words.t("low", context: "reading")
                }
                return (record.date.resolved(in: context.timeZone), reading)
            }
            let marks = changeMarks.marks(for: kind, in: week)
            for mark in marks {
                rows.append((mark.day.midnight(in: context.timeZone), WeeklySummary.Reading(
                    when: context.format.day(mark.day), value: "", flag: nil, flagReason: nil, title: "", context: nil,
                    change: mark.long)))
            }
            rows.sort { $0.instant < $1.instant }  // stable: a change comes before that day's readings
            let events = marks.map { mark in
                ChartEvent(x: mark.day.midnight(in: context.timeZone).timeIntervalSince1970,
                    label: "\(mark.short), \(context.format.shortDay(mark.day))")
            }
            let goals = goalBoard.entries.filter { $0.goal?.targets.contains { $0.measure == .reading(kind) } == true }
            let band = goals.lazy.compactMap { GoalBand($0, kind: kind, context: context) }.first
            var group = WeeklySummary.MeasurementGroup(
                kind: MeasurementRanges.kindName(kind, context.words), unit: LabUnitText.display(last.1.unit, context.words), latest: MeasurementRanges.valueText(last.1, context.format),
                minimum: MeasurementRanges.valueText(low, context.format), maximum: MeasurementRanges.valueText(high, context.format),
                outOfRange: rows.filter { $0.row.flag != nil }.count,
                chart: chart(kind: kind, readings: readings, id: "week-\(kind.rawValue)", events: events, goal: band),
                readings: rows.map(\.row), doseNote: doseNote(kind, week: week, lastReading: readings.map { $0.0.date.resolved(in: context.timeZone) }.max()))
            let wording = GoalWording(context: context)
            group.goals = goals.map { wording.view($0) }
            return group
        }
    }

    /// The chart of a week's readings: drawn once per circle for every reader who sees the same
    /// readings (``CircleFacts``), else drawn for this reader.
    private func chart(kind: Measurement.Kind, readings: [(HealthRecord, Measurement)], id: String, events: [ChartEvent], goal: GoalBand?) -> String? {
        guard drawsCharts else { return nil }
        let draw = { charts.measurementChart(kind: kind, readings: readings, id: id, events: events, goal: goal) }
        guard let facts = context.records.facts else { return draw() }
        return facts.chart(of: readings.map(\.0), kind: kind, id: id, events: events, goal: goal, context: context, draw: draw)
    }

    /// "First week on the new dose: …", and while too few readings exist since the change, that the
    /// person's usual is worked out again from the new dose on (docs/thresholds.md).
    func doseNote(_ kind: Measurement.Kind, week: ISOWeek, lastReading: Date?) -> String? {
        var notes: [String] = []
        if let note = MedicationChangeMarks.firstWeekNote(changeMarks.firstWeekMarks(for: kind, in: week), format: context.format) { notes.append(note) }
        if let lastReading, let since = signs.readingsSinceChange(kind, at: lastReading), since < EarlySigns.baselineReadings,
            [.bloodPressure, .temperature].contains(kind)
        {
            notes.append(context.words.n(
                "The usual value starts again at the medicine change: {count} reading on the new dose so far, {needed} needed.",
                "The usual value starts again at the medicine change: {count} readings on the new dose so far, {needed} needed.",
                count: since, ["needed": "\(EarlySigns.baselineReadings)"]))
        }
        return notes.isEmpty ? nil : notes.joined(separator: " ")
    }

    func symptomRow(_ record: HealthRecord) -> WeeklySummary.EventRow? {
        guard case .symptom(let symptom) = record.data else { return nil }
        let words = context.words
        var detail = words.t("severity {severity} of 10", ["severity": "\(symptom.severity)"])
        if let site = symptom.bodySite { detail += ", \(site)" }
        if let minutes = symptom.durationMinutes { detail += ", " + words.t("for {duration}", ["duration": context.format.duration(minutes: minutes)]) }
        return attached(record, WeeklySummary.EventRow(
            title: record.title, when: context.format.dateTime(record.date), detail: detail,
            badge: symptom.severity >= 7 ? words.t("severe") : signs.isNew(record, symptom) ? words.t("new", context: "symptom") : nil, link: nil, text: context.rich(symptom.notes ?? record.description)))
    }

    func labRow(_ record: HealthRecord) -> WeeklySummary.EventRow? {
        guard case .document(let document) = record.data, let report = document.labReport else { return nil }
        let abnormal = report.results.filter { LabFlagging.flag(of: $0).map { LabFlagging.isAbnormal($0.flag) } ?? false }.count
        let drawn = report.collectedAt ?? record.date
        var when = context.format.dateTime(drawn)
        let words = context.words
        if let reported = report.reportedAt {
            when = words.t("reported {reported}, drawn {drawn}", ["reported": context.format.dateTime(reported), "drawn": context.format.dateTime(drawn)])
        }
        return attached(record, WeeklySummary.EventRow(
            title: record.title, when: when,
            detail: report.results.isEmpty ? LabReportWording.notIncluded(report.resultsNotIncluded, words) ?? words.t("No results recorded.")
                : words.n(
                    "{count} result, {abnormal} outside the range", "{count} results, {abnormal} outside the range", count: report.results.count,
                    ["abnormal": "\(abnormal)"]),
            badge: report.statedStatus.flatMap { $0 == .final ? nil : LabWording.status($0, words) }, link: links.report(record.id), text: nil))
    }

    /// The row with the record's attachments.
    func attached(_ record: HealthRecord, _ row: WeeklySummary.EventRow) -> WeeklySummary.EventRow {
        var row = row
        row.attachments = AttachmentView.views(record.attachments, context)
        return row
    }

    func appointmentRows(_ week: ISOWeek) -> (held: [WeeklySummary.EventRow], coming: [WeeklySummary.EventRow]) {
        var held: [WeeklySummary.EventRow] = []
        var coming: [WeeklySummary.EventRow] = []
        for record in index.sortedHealth {
            guard case .appointment(let appointment) = record.data else { continue }
            let day = context.day(appointment.start)
            guard week.contains(day) || (week.next.contains(day) && appointment.status == .scheduled) else { continue }
            var detail = appointment.provider
            if let specialty = appointment.specialty { detail += " (\(specialty))" }
            if let location = appointment.location { detail += ", \(location)" }
            if let purpose = appointment.purpose { detail += ". \(purpose)" }
            let row = attached(record, WeeklySummary.EventRow(
                title: record.title, when: context.format.dateTime(appointment.start), detail: detail,
                badge: appointment.status == .scheduled ? nil : AppointmentWording.status(appointment.status, context.words), link: nil,
                text: context.rich(appointment.outcome ?? record.description)))
            if appointment.status == .scheduled { coming.append(row) } else { held.append(row) }
        }
        return (held, coming)
    }

    func noteRow(_ record: HealthRecord) -> WeeklySummary.EventRow? {
        switch record.data {
        case .observation(let observation):
            var detail: [String] = [ObservationWording.kind(observation.kind, context.words)]
            if let substance = observation.substance { detail.append(substance) }
            if let name = observation.name { detail.append(name) }
            detail += ObservationWording.reactions(observation, context.words)
            if let criticality = observation.criticality { detail.append(ObservationWording.criticality(criticality, context.words)) }
            if let status = observation.clinicalStatus { detail.append(ObservationWording.status(status, context.words)) }
            detail += ClinicalFactsWording.details(observation.facts, kind: observation.kind, context.words)
            if let until = ClinicalFactsWording.until(observation.facts, context.words, day: { context.format.date($0) }) {
                detail.append(until)
            }
            if let verification = observation.verificationStatus.flatMap({ ObservationWording.verification($0, context.words) }) {
                detail.append(verification)
            }
            return attached(record, WeeklySummary.EventRow(
                title: record.title, when: context.format.dateTime(record.date), detail: detail.joined(separator: ", "),
                badge: nil, link: nil, text: context.rich(observation.text ?? record.description)))
        case .document(let document) where document.saysWhatIsNotShown:
            let parts = document.notShown ?? []
            var details: [String] = []
            if !parts.isEmpty {
                details.append(context.words.n(
                    "This document also holds {count} section not shown here: {sections}.",
                    "This document also holds {count} sections not shown here: {sections}.",
                    count: parts.count, ["sections": parts.joined(separator: "; ")]))
            }
            if document.otherPatientRecords > 0, !document.otherPatientParts.isEmpty {
                details.append(context.words.n(
                    "This document also holds {count} record that names another patient; it is not shown here: {records}.",
                    "This document also holds {count} records that name another patient; they are not shown here: {records}.",
                    count: document.otherPatientRecords, ["records": document.otherPatientParts.joined(separator: "; ")]))
            } else if document.otherPatientRecords > 0 {
                details.append(context.words.n(
                    "This document also holds {count} record that names another patient; it is not shown here.",
                    "This document also holds {count} records that name another patient; they are not shown here.",
                    count: document.otherPatientRecords))
            }
            return WeeklySummary.EventRow(
                title: record.title, when: context.format.dateTime(record.date), detail: details.joined(separator: " "),
                badge: nil, link: nil, text: nil)
        case .document(let document) where document.labReport == nil:
            return attached(record, WeeklySummary.EventRow(
                title: record.title, when: context.format.dateTime(record.date), detail: context.words.t("document ({kind})", ["kind": DocumentWording.kind(document.kind, context.words)]),
                badge: nil, link: nil, text: document.plainText.map(RichText.preformatted) ?? context.rich(record.description)))
        default:
            return nil
        }
    }
}

/// Words for observation kinds.
public enum ObservationWording {
    /// An allergy's reactions in the reader's words, as parts of its detail: one reaction is
    /// "reaction: Hives" and "mild"; several are one part, each with its own severity,
    /// "reactions: Hives (mild); Anaphylaxis (severe)"; a severity stated for the allergy as a whole
    /// beside several reactions is said as that, never as one reaction's.
    public static func reactions(_ allergy: Observation, _ words: Localizer) -> [String] {
        let reactions = allergy.reactions
        if reactions.count == 1, let only = reactions.first {
            return [only.manifestation.map { words.t("reaction: {reaction}", ["reaction": $0]) }, only.severity.map { severity($0, words) }]
                .compactMap { $0 }
        }
        guard !reactions.isEmpty else { return [] }
        let items = reactions.map { reaction -> String in
            switch (reaction.manifestation, reaction.severity) {
            case let (manifestation?, severity?):
                words.t("{reaction} ({severity})", context: "allergy reaction", ["reaction": manifestation, "severity": Self.severity(severity, words)])
            case let (manifestation?, nil): manifestation
            case let (nil, severity?):
                words.t("severity of the allergy as a whole: {severity}", ["severity": Self.severity(severity, words)])
            case (nil, nil): ""
            }
        }.filter { !$0.isEmpty }
        return [words.t("reactions: {reactions}", ["reactions": items.joined(separator: "; ")])]
    }

    /// A reaction severity FHIR codes (mild, moderate, severe) in the reader's words; any other text as written.
    public static func severity(_ severity: String, _ words: Localizer) -> String {
        switch severity.lowercased() {
        case "mild": words.t("mild", context: "reaction severity")
        case "moderate": words.t("moderate", context: "reaction severity")
        case "severe": words.t("severe", context: "reaction severity")
        default: severity
        }
    }

    public static func kind(_ kind: Observation.Kind, _ words: Localizer = .english) -> String {
        switch kind {
        case .note: words.t("note")
        case .allergy: words.t("allergy")
        case .condition: words.t("condition")
        case .immunization: words.t("immunisation")
        case .procedure: words.t("procedure")
        case .device: words.t("medical device")
        case .advanceDirective: words.t("advance directive")
        case .goal: words.t("goal", context: "care plan")
        case .plan: words.t("planned care")
        case .finding: words.t("finding", context: "clinical")
        }
    }
}
