import Foundation

extension VisitSummaryBuilder {
    /// Every kind of reading taken in the period: latest, lowest, highest and the trend in words.
    /// One row per kind and unit (and per LOINC code for "other"): readings in different units are
    /// never compared with each other.
    func vitalRows() -> [VisitSummary.VitalRow] {
        vitalGroups().compactMap { row($0, anyDate: false) }
    }

    /// The period's rows; when no reading lies in the period (an old document, an export that
    /// stopped recording), the latest reading of each kind whatever its date, with the lowest and
    /// highest of all of them and their dates, and true to say so. A doctor handed the page sees
    /// the latest vital signs there are, never an empty section beside data.
    func vitalRowsOrLatest() -> ([VisitSummary.VitalRow], Bool) {
        let rows = vitalRows()
        guard rows.isEmpty else { return (rows, false) }
        let latest = vitalGroups(inPeriodOnly: false).compactMap { row($0, anyDate: true) }
        return (latest, !latest.isEmpty)
    }

    private func row(_ readings: [(HealthRecord, Measurement)], anyDate: Bool) -> VisitSummary.VitalRow? {
        guard let (lastRecord, last) = readings.last, let (firstRecord, _) = readings.first else { return nil }
        let kind = last.kind
        let name = kind == .other ? lastRecord.title : MeasurementRanges.kindName(kind, context.words)
        let (lowest, highest) = kind == .bloodPressure ? pressureExtremes(readings) : singleExtremes(readings)
        var trend = VitalTrend.words(kind, readings.map(\.1), context.format)
        let span = lastRecord.date.resolved(in: context.timeZone).timeIntervalSince(firstRecord.date.resolved(in: context.timeZone))
        if anyDate, readings.count > 1, span > Double(VisitPeriod.defaultDays) * 86_400 {
            // Readings spread over more than a period are not one period: halves of them would compare years, not weeks.
            trend = context.words.t(
                "Not assessed: the readings span {first} to {last}.",
                ["first": when(firstRecord.date), "last": when(lastRecord.date)])
        }
        var row = VisitSummary.VitalRow(
            kind: "\(name), \(LabUnitText.display(last.unit, context.words))",
            latest: "\(Self.number(last, context.format)) (\(when(lastRecord.date)))" + flagWords(MeasurementRanges.flag(last)),
            lowest: lowest, highest: highest, readings: readings.count, trend: trend)
        row.flags = vitalFlags(readings.map(\.1))
        return row
    }

    /// The period's readings (or, with `inPeriodOnly` false, all of them) grouped by kind and unit
    /// (and LOINC code for "other"), oldest first in each group, the groups in the order of `Measurement.Kind`.
    func vitalGroups(inPeriodOnly: Bool = true) -> [[(HealthRecord, Measurement)]] {
        var groups: [String: [(HealthRecord, Measurement)]] = [:]
        var order: [(rank: Int, key: String)] = []
        // A reading of unknown date is never in the period, and never the latest over a dated one.
        for record in byDate where !inPeriodOnly || (inPeriod(record.date) && !record.date.isUnknown) {
            guard case .measurement(let measurement) = record.data else { continue }
            let key = "\(measurement.kind.rawValue)|\(measurement.unit.lowercased())|\(measurement.kind == .other ? measurement.loinc ?? record.title : "")"
            if groups[key] == nil { order.append((Measurement.Kind.allCases.firstIndex(of: measurement.kind)!, key)) }
            groups[key, default: []].append((record, measurement))
        }
        return order.sorted { $0.rank != $1.rank ? $0.rank < $1.rank : $0.key < $1.key }.compactMap { groups[$0.key] }.map { group in
            group.filter { $0.0.date.isUnknown } + group.filter { !$0.0.date.isUnknown }
        }
    }

    /// Each with its date: "71.3 kg (3 Mar)".
    private func singleExtremes(_ readings: [(HealthRecord, Measurement)]) -> (String, String) {
        let low = readings.min { ($0.1.value ?? 0) < ($1.1.value ?? 0) }!
        let high = readings.max { ($0.1.value ?? 0) < ($1.1.value ?? 0) }!
        return (dated(low), dated(high))
    }

    /// Blood pressure on both numbers: the reading with the lowest (highest) systolic, and the
    /// lowest (highest) diastolic too when another reading had it.
    private func pressureExtremes(_ readings: [(HealthRecord, Measurement)]) -> (String, String) {
        let systolic: ((HealthRecord, Measurement)) -> Double = { $0.1.systolic ?? 0 }
        let diastolic: ((HealthRecord, Measurement)) -> Double = { $0.1.diastolic ?? 0 }
        let lowSys = readings.min { (systolic($0), diastolic($0)) < (systolic($1), diastolic($1)) }!
        let highSys = readings.max { (systolic($0), diastolic($0)) < (systolic($1), diastolic($1)) }!
        let lowDia = readings.min { (diastolic($0), systolic($0)) < (diastolic($1), systolic($1)) }!
        let highDia = readings.max { (diastolic($0), systolic($0)) < (diastolic($1), systolic($1)) }!
        var low = dated(lowSys)
        if diastolic(lowDia) < diastolic(lowSys) { low += "; \(dated(lowDia))" }
        var high = dated(highSys)
        if diastolic(highDia) > diastolic(highSys) { high += "; \(dated(highDia))" }
        return (low, high)
    }

    private func dated(_ reading: (HealthRecord, Measurement)) -> String {
        "\(Self.number(reading.1, context.format)) (\(when(reading.0.date)))"
    }

    /// `126/75`, `70.7`: the value without its unit (the row names the unit).
    static func number(_ measurement: Measurement, _ format: DisplayFormat) -> String {
        if measurement.kind == .bloodPressure {
            return "\(format.number(measurement.systolic ?? 0))/\(format.number(measurement.diastolic ?? 0))"
        }
        return format.number(measurement.value ?? 0)
    }
}

/// The trend of a series of readings in words: the later half's mean against the earlier half's,
/// with a threshold that fits each measure (see docs/visit-summary.md).
enum VitalTrend {
    /// The change that counts as a change: absolute for measures on a fixed scale, relative otherwise.
    static func threshold(_ kind: Measurement.Kind, unit: String) -> (absolute: Double?, relative: Double?) {
        switch kind {
        case .bloodPressure: (5, nil)  // mmHg, systolic and diastolic each
        case .heartRate: (5, nil)  // beats a minute
        case .temperature: (unit.lowercased().contains("f") ? 0.5 : 0.3, nil)  // °F, °C
        case .oxygenSaturation: (2, nil)  // percentage points
        case .respiratoryRate: (2, nil)
        case .painScore: (1, nil)
        case .weight: (nil, 0.02)  // 2 % of body weight
        case .bloodGlucose: (nil, 0.10)
        case .other: (nil, 0.05)
        }
    }

    static func words(_ kind: Measurement.Kind, _ readings: [Measurement], _ format: DisplayFormat = DisplayFormat(timeZone: TimeZone(secondsFromGMT: 0)!)) -> String {
        let words = format.words
        guard readings.count >= 4 else { return readings.count == 1 ? words.t("one reading") : words.t("too few readings for a trend") }
        let unit = readings[0].unit
        let (absolute, relative) = threshold(kind, unit: unit)
        func means(_ key: (Measurement) -> Double) -> (Double, Double) {
            let half = readings.count / 2
            let first = readings[..<half].map(key).reduce(0, +) / Double(half)
            let second = readings[half...].map(key).reduce(0, +) / Double(readings.count - half)
            return (first, second)
        }
        func direction(_ first: Double, _ second: Double) -> Int {
            let limit = absolute ?? abs(first) * (relative ?? 0.05)
            return second - first > limit ? 1 : first - second > limit ? -1 : 0
        }
        let number = { (value: Double) in format.number(value, maxDecimals: kind == .temperature || kind == .weight ? 1 : 0) }
        if kind == .bloodPressure {
            let (s1, s2) = means { $0.systolic ?? 0 }
            let (d1, d2) = means { $0.diastolic ?? 0 }
            let move = direction(s1, s2) != 0 ? direction(s1, s2) : direction(d1, d2)
            return words.t(
                "{trend} (average {from} → {to})", ["trend": arrow(move, words), "from": "\(number(s1))/\(number(d1))", "to": "\(number(s2))/\(number(d2))"])
        }
        let (first, second) = means { $0.value ?? 0 }
        return words.t("{trend} (average {from} → {to})", ["trend": arrow(direction(first, second), words), "from": number(first), "to": number(second)])
    }

    static func arrow(_ move: Int, _ words: Localizer = .english) -> String {
        move > 0 ? words.t("↑ rising") : move < 0 ? words.t("↓ falling") : words.t("→ steady")
    }
}
