import Foundation

extension VisitSummaryBuilder {
    /// Results from reports collected in the period (else the latest report), abnormal first.
    func resultRows() -> [VisitSummary.ResultRow] {
        var entries = catalog.reports.filter { inPeriod($0.collected) }
        if entries.isEmpty, let latest = catalog.reports.first { entries = [latest] }
        var rows: [(abnormal: Bool, order: Int, row: VisitSummary.ResultRow)] = []
        for entry in entries {
            for result in entry.report.results {
                let flag = FlagView(result)
                let analyte = catalog.analyte(LabValueText.analyteKey(result))
                let previous = analyte?.points.last {
                    $0.entry.collected.resolved(in: context.timeZone) < entry.collected.resolved(in: context.timeZone)
                }
                let row = VisitSummary.ResultRow(
                    name: result.name, value: LabValueText.value(result) + (result.unit.map { " \($0)" } ?? ""),
                    range: LabValueText.range(result.referenceRange), flag: flag,
                    date: context.format.shortDay(context.day(entry.collected)),
                    previous: previous.map { "\(LabValueText.value($0.result)) \($0.result.unit ?? "")".trimmingCharacters(in: .whitespaces) } ?? "")
                rows.append(((flag.map { $0.label != "Normal" } ?? false), rows.count, row))
            }
        }
        return rows.sorted { $0.abnormal != $1.abnormal ? $0.abnormal : $0.order < $1.order }.map(\.row)
    }

    /// Vital signs in the period: latest, lowest, highest and the trend in words.
    func vitalRows() -> [VisitSummary.VitalRow] {
        var byKind: [Measurement.Kind: [(HealthRecord, Measurement)]] = [:]
        for record in sorted(context.records.healthRecords) where inPeriod(record.date) {
            if case .measurement(let measurement) = record.data { byKind[measurement.kind, default: []].append((record, measurement)) }
        }
        return Measurement.Kind.allCases.compactMap { kind in
            guard let readings = byKind[kind], let last = readings.last?.1 else { return nil }
            let key: (Measurement) -> Double = { kind == .bloodPressure ? ($0.systolic ?? 0) : ($0.value ?? 0) }
            let low = readings.min { key($0.1) < key($1.1) }!.1
            let high = readings.max { key($0.1) < key($1.1) }!.1
            return VisitSummary.VitalRow(
                kind: MeasurementRanges.kindName(kind), latest: MeasurementRanges.valueText(last),
                lowest: MeasurementRanges.valueText(low), highest: MeasurementRanges.valueText(high), readings: readings.count,
                trend: trend(readings.map { key($0.1) }))
        }
    }

    /// "rising", "falling" or "steady": the later half's mean against the earlier half's, beyond 3%.
    func trend(_ values: [Double]) -> String {
        guard values.count >= 4 else { return "too few readings" }
        let half = values.count / 2
        let first = values[..<half].reduce(0, +) / Double(half)
        let second = values[half...].reduce(0, +) / Double(values.count - half)
        guard first != 0 else { return "steady" }
        let change = (second - first) / abs(first)
        if change > 0.03 { return "↑ rising" }
        if change < -0.03 { return "↓ falling" }
        return "→ steady"
    }

    func symptomRows() -> [VisitSummary.SymptomRow] {
        var order: [String] = []
        var groups: [String: [(HealthRecord, Symptom)]] = [:]
        for record in sorted(context.records.healthRecords) where inPeriod(record.date) {
            guard case .symptom(let symptom) = record.data else { continue }
            let key = symptom.name.lowercased()
            if groups[key] == nil { order.append(key) }
            groups[key, default: []].append((record, symptom))
        }
        return order.map { key in
            let group = groups[key]!
            let worst = group.map(\.1.severity).max() ?? 0
            return VisitSummary.SymptomRow(
                name: group.count == 1 ? group[0].0.title : group[0].1.name,
                firstSeen: context.format.day(context.day(group[0].0.date)), worst: "\(worst) of 10", times: group.count)
        }
        .sorted { $0.worst != $1.worst ? $0.worst > $1.worst : $0.name < $1.name }
    }

    func appointmentLines() -> [VisitSummary.Line] {
        sorted(context.records.healthRecords).compactMap { record in
            guard case .appointment(let appointment) = record.data else { return nil }
            let start = appointment.start.resolved(in: context.timeZone)
            guard start >= since || appointment.status == .scheduled && start >= context.now else { return nil }
            let status = appointment.status == .scheduled ? (start >= context.now ? "coming" : "scheduled") : appointment.status.rawValue
            return VisitSummary.Line(
                text: "\(context.format.dateTime(appointment.start)): \(record.title)",
                detail: "\(appointment.provider)\(appointment.specialty.map { ", \($0)" } ?? ""); \(status)")
        }
    }

    /// Open tasks tagged `ask-doctor`: the questions to raise.
    func questionLines() -> [VisitSummary.Line] {
        context.records.tasks.filter { $0.tags.contains("ask-doctor") && ($0.status == .pending || $0.status == .inProgress) }
            .sorted { ($0.dueDate.resolved(in: context.timeZone), $0.id) < ($1.dueDate.resolved(in: context.timeZone), $1.id) }
            .map { task in
                VisitSummary.Line(text: task.title, detail: context.text.renderer.plainText(task.description ?? ""))
            }
    }
}
