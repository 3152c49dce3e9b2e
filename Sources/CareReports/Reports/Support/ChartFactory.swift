import Foundation

/// Turns report data into the chart renderers' plain inputs and returns inline SVG.
struct ChartFactory: Sendable {
    let context: ReportContext

    /// The charts' words in the reader's language.
    var chartWords: ChartWords {
        let words = context.words
        guard !words.isEnglish else { return .english }
        var chart = ChartWords()
        chart.high = words.t("high", context: "chart")
        chart.low = words.t("low", context: "chart")
        chart.aboveRange = words.t("above range (high)")
        chart.belowRange = words.t("below range (low)")
        chart.noReading = words.t("no reading")
        chart.referenceRange = words.t("reference range {range}")
        chart.noReferenceRange = words.t("no reference range")
        chart.blankNotScheduled = words.t("blank: not scheduled")
        chart.decimalMark = context.format.decimalMark
        chart.doseStatuses = [
            .takenOnTime: words.t("taken on time", context: "dose"), .takenLate: words.t("taken late", context: "dose"),
            .missed: words.t("missed", context: "dose"), .skipped: words.t("skipped", context: "dose"),
            .asNeeded: words.t("as-needed use", context: "dose"), .notRecorded: words.t("not recorded", context: "dose"),
            .afterExport: words.t("after the export, not known", context: "dose"), .notScheduled: words.t("not scheduled", context: "dose"),
        ]
        return chart
    }

    /// A measurement series of one week or period; blood pressure draws systolic and diastolic.
    /// `events` (medication changes) are drawn as numbered vertical lines.
    /// A care-plan goal on the measure (``GoalBand``) is drawn as the band instead of the usual
    /// range, labelled "goal …" and said in the chart's description.
    func measurementChart(kind: Measurement.Kind, readings: [(HealthRecord, Measurement)], id: String, events: [ChartEvent] = [], goal: GoalBand? = nil) -> String? {
        guard readings.count >= 2 else { return nil }
        let words = context.words
        let name = MeasurementRanges.kindName(kind, words)
        let unit = readings.last!.1.unit
        func point(_ record: HealthRecord, _ value: Double?) -> ChartPoint? {
            guard let value else { return nil }
            let instant = record.date.resolved(in: context.timeZone)
            return ChartPoint(x: instant.timeIntervalSince1970, y: value, label: context.format.dateTime(record.date))
        }
        var series: [ChartSeries] = []
        var band: ReferenceBand?
        if kind == .bloodPressure {
            series.append(ChartSeries(name: words.t("Systolic"), points: readings.compactMap { point($0.0, $0.1.systolic) }))
            series.append(ChartSeries(name: words.t("Diastolic"), points: readings.compactMap { point($0.0, $0.1.diastolic) }))
        } else {
            series.append(ChartSeries(name: name, points: readings.filter { $0.1.unit == unit }.compactMap { point($0.0, $0.1.value) }))
            if let range = MeasurementRanges.range(for: kind, unit: unit) { band = ReferenceBand(low: range.low, high: range.high) }
        }
        var chart = LineChart(
            title: words.n("{name}, {count} reading", "{name}, {count} readings", count: readings.count, ["name": name]),
            description: describe(series, unit: LabUnitText.display(unit, words)), id: id, unit: LabUnitText.display(unit, words), series: series, band: band,
            xColumnTitle: words.t("Date"), emptyMessage: words.t("No readings in this period."))
        chart.events = events
        chart.words = chartWords
        if let goal {
            chart.band = goal.band
            chart.words.referenceRange = goal.label
            chart.words.aboveRange = words.t("above the goal", context: "chart")
            chart.words.belowRange = words.t("below the goal", context: "chart")
            chart.description += " " + goal.sentence
        }
        chart.labelSize = context.display.largeText ? LineChart.largeFontSize : LineChart.fontSize
        if !events.isEmpty {
            chart.description += " " + words.t(
                "Medication changes: {changes}.",
                ["changes": events.enumerated().map { "\($0.offset + 1). \($0.element.label)" }.joined(separator: "; ")])
        }
        return chart.svg()
    }

    /// An analyte's trend over its reports in the unit of its first result (other units converted
    /// where carereport knows how, left off otherwise), with the latest reference range shaded.
    func analyteChart(_ analyte: LabCatalog.Analyte, id: String) -> String? {
        let unit = analyte.unit
        let points = analyte.points.compactMap { point -> ChartPoint? in
            // A result of unknown date has no place on a time axis.
            guard let value = LabUnits.number(point.result, in: unit), !point.collected.isUnknown else { return nil }
            let instant = point.collected.resolved(in: context.timeZone)
            return ChartPoint(x: instant.timeIntervalSince1970, y: value, label: context.format.date(point.collected))
        }
        guard !points.isEmpty else { return nil }
        // The latest range given in the chart's unit, else the latest one converted to it.
        let range = analyte.points.last { ($0.result.unit ?? "") == unit }?.result.referenceRange
            ?? analyte.points.reversed().lazy.compactMap { LabUnits.range($0.result, in: unit) }.first
        let band = range.flatMap { $0.low != nil || $0.high != nil ? ReferenceBand(low: $0.low, high: $0.high) : nil }
        let series = [ChartSeries(name: analyte.name, points: points)]
        var chart = LineChart(
            title: context.words.t("{name} over time", ["name": analyte.name]), description: describe(series, unit: LabUnitText.display(unit)), id: id,
            unit: LabUnitText.display(unit), series: series, band: band,
            xColumnTitle: context.words.t("Date"), emptyMessage: context.words.t("No readings in this period."))
        chart.words = chartWords
        chart.labelSize = context.display.largeText ? LineChart.largeFontSize : LineChart.fontSize
        return chart.svg()
    }

    /// The trend in words, for the chart's description.
    private func describe(_ series: [ChartSeries], unit: String) -> String {
        let format = context.format
        return series.map { line in
            guard let first = line.points.first, let last = line.points.last else { return format.words.t("{name}: no values.", ["name": line.name]) }
            let values = line.points.map(\.y)
            return format.words.t(
                "{name} from {first} to {last} {unit}, lowest {lowest}, highest {highest}.",
                ["name": line.name, "first": format.number(first.y), "last": format.number(last.y), "unit": unit,
                 "lowest": format.number(values.min()!), "highest": format.number(values.max()!)])
        }.joined(separator: " ")
    }

    /// The dose calendar of a medication: one row per scheduled time (or "as needed"), from the course
    /// start or the period start (`--from`), whichever is later, as the page's counts (but no earlier
    /// than the month of its first dose), to today, the course end or the period end, whichever is earliest.
    func doseCalendar(medication: Medication, slots events: [DoseEvent], id: String) -> String? {
        let zone = context.timeZone
        guard case (var from, let last)? = MedicationDays.span(medication, context: context) else { return nil }
        // Bounded by the data, not by the start date: the calendar begins with the month of the first
        // dose it shows (days before it would be blank), so a course started in 1900 is not a
        // calendar of every day since.
        let firstShown = events.lazy.map { LocalDate($0.moment, in: zone) }.min() ?? last
        if let month = LocalDate(year: firstShown.year, month: firstShown.month, day: 1), month > from { from = month }
        let times = medication.schedule?.times ?? []
        var slots = medication.asNeeded ? [] : times.map { DoseSlot(label: $0.description) }
        let asNeededLabel = context.words.t("As needed")
        if medication.asNeeded || events.contains(where: { $0.outcome == .asNeeded }) { slots.append(DoseSlot(label: asNeededLabel)) }
        guard !slots.isEmpty else { return nil }
        var byDay: [LocalDate: [DoseEvent]] = [:]
        for event in events { byDay[LocalDate(event.moment, in: zone), default: []].append(event) }
        var months: [(first: LocalDate, last: LocalDate, days: [DoseDay])] = []
        // Slots due later on the day the data ends are not known yet: said so, not left blank.
        let dataDay = context.today
        let dataTime = context.format.time(context.dataUntil)
        let timeTexts = times.map(\.description)
        var day = from
        while day <= last {
            let todays = byDay[day] ?? []
            var cells: [DoseCell] = []
            if !medication.asNeeded {
                // Each of the day's scheduled times written once, not once per slot it is compared with.
                let scheduledTimes = todays.map { $0.scheduledAt.map(context.format.time) }
                for time in timeTexts {
                    let match = scheduledTimes.firstIndex { $0 == time }.map { todays[$0] }
                    cells.append(match.map(cell) ?? (day == dataDay && time > dataTime ? DoseCell(.afterExport) : DoseCell(.notScheduled)))
                }
            }
            if slots.last?.label == asNeededLabel {
                let uses = todays.filter { $0.outcome == .asNeeded }.count
                cells.append(uses == 0 ? DoseCell(.notScheduled) : DoseCell(.asNeeded, detail: context.words.n("{count} use", "{count} uses", count: uses)))
            }
            let entry = DoseDay(
                day: day.daysSinceEpoch, label: context.format.day(day), shortLabel: "\(day.day)", cells: cells,
                month: "\(context.format.month(day.month)) \(day.year)")
            if let open = months.last, open.first.month == day.month, open.first.year == day.year {
                months[months.count - 1] = (open.first, day, open.days + [entry])
            } else {
                months.append((day, day, [entry]))
            }
            day = day.adding(days: 1)
        }
        // One calendar per month, as on a wall: each fits a printed page, and the months read in order.
        let calendars = months.map { month in
            var calendar = DoseCalendar(
                title: context.words.t(
                    "{medication} doses, {first} to {last}",
                    ["medication": medication.name, "first": context.format.shortDay(month.first),
                     "last": "\(context.format.shortDay(month.last)) \(month.last.year)"]),
                description: context.words.t(
                    "Each day's doses from {first} to {last}, a block of rows per week: taken on time, taken late, missed, skipped, as needed or not recorded.",
                    ["first": context.format.day(month.first), "last": context.format.day(month.last)]),
                id: "\(id)-\(month.first.year)-\(month.first.month < 10 ? "0" : "")\(month.first.month)", slots: slots, days: month.days,
                weekdayNames: (1...7).map(context.format.weekday), dayColumnTitle: context.words.t("Day"),
                emptyMessage: context.words.t("No doses scheduled in this period."))
            calendar.words = chartWords
            return calendar
        }
        guard !calendars.isEmpty, !calendars.contains(where: \.isEmpty) else { return nil }
        return calendars.map { $0.svg() }.joined(separator: "\n")
    }

    private func cell(_ event: DoseEvent) -> DoseCell {
        let taken = event.takenAt.map { context.words.t("at {time}", ["time": context.format.time($0)]) }
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
