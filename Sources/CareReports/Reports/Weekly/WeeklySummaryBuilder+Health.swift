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
            let start = context.day(medication.startDate)
            if week.contains(start) { changes.append(words.t("started {day}", ["day": context.format.day(start)])) }
            if let end = medication.endDate.map(context.day), week.contains(end) { changes.append(words.t("stopped {day}", ["day": context.format.day(end)])) }
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

    /// The medication orders active at some point of `week` (and started by today), with their doses.
    func medicationsActive(in week: ISOWeek) -> [WeeklyIndex.MedicationEntry] {
        index.medications.filter { entry in
            entry.start <= week.sunday && (entry.end.map { $0 >= week.monday } ?? true) && entry.start <= context.today
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
                reading.flagLabel = flag.map { $0.direction == "high" ? context.words.t("high", context: "reading") : context.words.t("low", context: "reading") }
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
            return WeeklySummary.MeasurementGroup(
                kind: MeasurementRanges.kindName(kind, context.words), unit: last.1.unit, latest: MeasurementRanges.valueText(last.1, context.format),
                minimum: MeasurementRanges.valueText(low, context.format), maximum: MeasurementRanges.valueText(high, context.format),
                outOfRange: rows.filter { $0.row.flag != nil }.count,
                chart: charts.measurementChart(kind: kind, readings: readings, id: "week-\(kind.rawValue)", events: events),
                readings: rows.map(\.row), doseNote: MedicationChangeMarks.firstWeekNote(marks, format: context.format))
        }
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
            detail: words.n(
                "{count} result, {abnormal} outside the range", "{count} results, {abnormal} outside the range", count: report.results.count,
                ["abnormal": "\(abnormal)"]),
            badge: report.status == .final ? nil : LabWording.status(report.status, words), link: links.report(record.id), text: nil))
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
            if let reaction = observation.reaction { detail.append(context.words.t("reaction: {reaction}", ["reaction": reaction])) }
            if let status = observation.clinicalStatus { detail.append(ObservationWording.status(status, context.words)) }
            return attached(record, WeeklySummary.EventRow(
                title: record.title, when: context.format.dateTime(record.date), detail: detail.joined(separator: ", "),
                badge: nil, link: nil, text: context.rich(observation.text ?? record.description)))
        case .document(let document) where document.labReport == nil:
            return attached(record, WeeklySummary.EventRow(
                title: record.title, when: context.format.dateTime(record.date), detail: context.words.t("document ({kind})", ["kind": DocumentWording.kind(document.kind, context.words)]),
                badge: nil, link: nil, text: context.rich(record.description)))
        default:
            return nil
        }
    }
}

/// Words for observation kinds.
public enum ObservationWording {
    public static func kind(_ kind: Observation.Kind, _ words: Localizer = .english) -> String {
        switch kind {
        case .note: words.t("note")
        case .allergy: words.t("allergy")
        case .condition: words.t("condition")
        case .immunization: words.t("immunisation")
        }
    }
}
