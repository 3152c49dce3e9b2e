import Foundation

/// Turns report data into the chart renderers' plain inputs and returns inline SVG.
struct ChartFactory {
    let context: ReportContext

    /// A measurement series of one week or period; blood pressure draws systolic and diastolic.
    func measurementChart(kind: Measurement.Kind, readings: [(HealthRecord, Measurement)], id: String) -> String? {
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
        let chart = LineChart(
            title: "\(name), \(readings.count) readings", description: describe(series, unit: unit), id: id, unit: unit,
            series: series, band: band)
        return chart.svg()
    }

    /// An analyte's trend over its reports, with the latest reference range shaded.
    func analyteChart(_ analyte: LabCatalog.Analyte, id: String) -> String? {
        let unit = analyte.units.first ?? ""
        let points = analyte.points.compactMap { point -> ChartPoint? in
            guard (point.result.unit ?? "") == unit, case .number(let value) = point.result.value else { return nil }
            let instant = point.entry.collected.resolved(in: context.timeZone)
            return ChartPoint(x: instant.timeIntervalSince1970, y: value, label: context.format.day(context.day(point.entry.collected)))
        }
        guard !points.isEmpty else { return nil }
        let range = analyte.points.last { ($0.result.unit ?? "") == unit }?.result.referenceRange
        let band = range.flatMap { $0.low != nil || $0.high != nil ? ReferenceBand(low: $0.low, high: $0.high) : nil }
        let series = [ChartSeries(name: analyte.name, points: points)]
        return LineChart(
            title: "\(analyte.name) over time", description: describe(series, unit: unit), id: id, unit: unit, series: series,
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

    /// The dose calendar picture of a medication (filled in when the calendar renderer is ready).
    func doseCalendar(medication: Medication, slots: [DoseEvent], id: String) -> String? {
        nil
    }
}
