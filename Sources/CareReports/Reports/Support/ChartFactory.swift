import Foundation

/// Turns report data into the chart renderers' plain inputs and returns inline SVG.
struct ChartFactory: Sendable {
    let context: ReportContext

    /// A measurement series of one week or period; blood pressure draws systolic and diastolic.
    /// `events` (medication changes) are drawn as numbered vertical lines.
    func measurementChart(kind: Measurement.Kind, readings: [(HealthRecord, Measurement)], id: String, events: [ChartEvent] = []) -> String? {
        guard readings.count >= 2 else { return nil }
        let name = MeasurementRanges.kindName(kind)
        let unit = readings.last!.1.unit
        func point(_ record: HealthRecord, _ value: Double?) -> ChartPoint? {
            guard let value else { return nil }
            let instant = record.date.resolved(in: context.timeZone)
            return ChartPoint(x: instant.timeIntervalSince1970, y: value, label: context.format.dateTime(record.date))
        }
        var series: [ChartSeries] = []
        var band: ReferenceBand?
        if kind == .bloodPressure {
            series.append(ChartSeries(name: "Systolic", points: readings.compactMap { point($0.0, $0.1.systolic) }))
            series.append(ChartSeries(name: "Diastolic", points: readings.compactMap { point($0.0, $0.1.diastolic) }))
        } else {
            series.append(ChartSeries(name: name, points: readings.filter { $0.1.unit == unit }.compactMap { point($0.0, $0.1.value) }))
            if let range = MeasurementRanges.range(for: kind, unit: unit) { band = ReferenceBand(low: range.low, high: range.high) }
        }
        var chart = LineChart(
            title: "\(name), \(readings.count) readings", description: describe(series, unit: unit), id: id, unit: unit,
            series: series, band: band)
        chart.events = events
        if !events.isEmpty {
            chart.description += " Medication changes: " + events.enumerated().map { "\($0.offset + 1). \($0.element.label)" }.joined(separator: "; ") + "."
        }
        return chart.svg()
    }

    /// An analyte's trend over its reports in the unit of its first result (other units converted
    /// where carereport knows how, left off otherwise), with the latest reference range shaded.
    func analyteChart(_ analyte: LabCatalog.Analyte, id: String) -> String? {
        let unit = analyte.unit
        let points = analyte.points.compactMap { point -> ChartPoint? in
            guard let value = LabUnits.number(point.result, in: unit) else { return nil }
            let instant = point.entry.collected.resolved(in: context.timeZone)
            return ChartPoint(x: instant.timeIntervalSince1970, y: value, label: context.format.day(context.day(point.entry.collected)))
        }
        guard !points.isEmpty else { return nil }
        // The latest range given in the chart's unit, else the latest one converted to it.
        let range = analyte.points.last { ($0.result.unit ?? "") == unit }?.result.referenceRange
            ?? analyte.points.reversed().lazy.compactMap { LabUnits.range($0.result, in: unit) }.first
        let band = range.flatMap { $0.low != nil || $0.high != nil ? ReferenceBand(low: $0.low, high: $0.high) : nil }
        let series = [ChartSeries(name: analyte.name, points: points)]
        return LineChart(
            title: "\(analyte.name) over time", description: describe(series, unit: LabUnitText.display(unit)), id: id, unit: LabUnitText.display(unit), series: series,
            band: band
        ).svg()
    }

    /// The trend in words, for the chart's description.
    private func describe(_ series: [ChartSeries], unit: String) -> String {
        series.map { line in
            guard let first = line.points.first, let last = line.points.last else { return "\(line.name): no values." }
            let values = line.points.map(\.y)
            return "\(line.name) from \(DisplayFormat.number(first.y)) to \(DisplayFormat.number(last.y)) \(unit), "
                + "lowest \(DisplayFormat.number(values.min()!)), highest \(DisplayFormat.number(values.max()!))."
        }.joined(separator: " ")
    }

    /// The dose calendar of a medication: one row per scheduled time (or "as needed"), from the course
    /// start or the period start (`--from`), whichever is later, as the page's counts, to today, the
    /// course end or the period end, whichever is earliest.
    func doseCalendar(medication: Medication, slots events: [DoseEvent], id: String) -> String? {
        let zone = context.timeZone
        guard let (from, last) = MedicationDays.span(medication, context: context) else { return nil }
        let times = medication.schedule?.times ?? []
        var slots = medication.asNeeded ? [] : times.map { DoseSlot(label: $0.description) }
        if medication.asNeeded || events.contains(where: { $0.outcome == .asNeeded }) { slots.append(DoseSlot(label: "As needed")) }
        guard !slots.isEmpty else { return nil }
        var byDay: [LocalDate: [DoseEvent]] = [:]
        for event in events { byDay[LocalDate(event.moment, in: zone), default: []].append(event) }
        var months: [(first: LocalDate, last: LocalDate, days: [DoseDay])] = []
        // Slots due later on the day the data ends are not known yet: said so, not left blank.
        let dataDay = context.today
        let dataTime = context.format.time(context.dataUntil)
        var day = from
        while day <= last {
            let todays = byDay[day] ?? []
            var cells: [DoseCell] = []
            if !medication.asNeeded {
                for time in times {
                    let match = todays.first { event in
                        guard let scheduled = event.scheduledAt else { return false }
                        return context.format.time(scheduled) == time.description
                    }
                    cells.append(match.map(cell) ?? (day == dataDay && time.description > dataTime ? DoseCell(.afterExport) : DoseCell(.notScheduled)))
                }
            }
            if slots.last?.label == "As needed" {
                let uses = todays.filter { $0.outcome == .asNeeded }.count
                cells.append(uses == 0 ? DoseCell(.notScheduled) : DoseCell(.asNeeded, detail: "\(uses) use\(uses == 1 ? "" : "s")"))
            }
            let entry = DoseDay(
                day: day.daysSinceEpoch, label: context.format.day(day), shortLabel: "\(day.day)", cells: cells,
                month: "\(DisplayFormat.months[day.month - 1]) \(day.year)")
            if let open = months.last, open.first.month == day.month, open.first.year == day.year {
                months[months.count - 1] = (open.first, day, open.days + [entry])
            } else {
                months.append((day, day, [entry]))
            }
            day = day.adding(days: 1)
        }
        // One calendar per month, as on a wall: each fits a printed page, and the months read in order.
        let calendars = months.map { month in
            DoseCalendar(
                title: "\(medication.name) doses, \(context.format.shortDay(month.first)) to \(context.format.shortDay(month.last)) \(month.last.year)",
                description: "Each day's doses from \(context.format.day(month.first)) to \(context.format.day(month.last)), a block of rows "
                    + "per week: taken on time, taken late, missed, skipped, as needed or not recorded.",
                id: "\(id)-\(month.first.year)-\(month.first.month < 10 ? "0" : "")\(month.first.month)", slots: slots, days: month.days)
        }
        guard !calendars.isEmpty, !calendars.contains(where: \.isEmpty) else { return nil }
        return calendars.map { $0.svg() }.joined(separator: "\n")
    }

    private func cell(_ event: DoseEvent) -> DoseCell {
        let taken = event.takenAt.map { "at \(context.format.time($0))" }
        switch event.outcome {
        case .onTime: return DoseCell(.takenOnTime, detail: taken)
        case .late: return DoseCell(.takenLate, detail: taken)
        case .missed: return DoseCell(.missed)
        case .skipped: return DoseCell(.skipped, detail: event.administration?.reason)
        case .notRecorded: return DoseCell(.notRecorded)
        case .asNeeded: return DoseCell(.asNeeded, detail: taken)
        }
    }
}
