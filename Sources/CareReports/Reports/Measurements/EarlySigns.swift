import Foundation

/// The early warning signs carereport flags with a person's own history: a reading far from the usual,
/// a symptom that is new, a fall or near-fall. The thresholds and their sources are in docs/thresholds.md.
struct EarlySigns: Sendable {
    /// A reading's flag and, when it comes from the person's usual values, why.
    struct Flag: Sendable, Hashable {
        let direction: String
        let reason: String?
        /// True when the reading is inside the usual adult range and flagged only against the person's usual.
        var personal: Bool { reason != nil }
    }

    /// How far back "the usual" and "new" look, and how many readings make a usual value.
    static let lookBackDays = 28
    static let baselineReadings = 3
    /// A rise over the usual temperature that counts as fever in older adults (IDSA 2008): 1.1 °C / 2 °F.
    static let feverRise: [String: Double] = ["°c": 1.1, "c": 1.1, "cel": 1.1, "°f": 2.0, "f": 2.0, "[degf]": 2.0]
    /// A fall in systolic pressure below the usual that counts as low for this person: 20 mmHg.
    static let systolicDrop = 20.0

    /// The reader's readings in time order.
    let measurements: SortedReadings
    private let symptoms: [(date: Date, name: String)]
    /// Each day's signs told by symptoms and notes (dizziness, a fall, …), to explain a reading that day.
    private let daySigns: [LocalDate: Set<WarningWords.Sign>]
    /// The days a medicine acting on a measure started, changed dose or stopped: the usual restarts there.
    private let regimenChanges: [Measurement.Kind: [Date]]
    private let zone: TimeZone
    private let format: DisplayFormat
    private let flags = FlagMemo()

    init(_ context: ReportContext, changes: MedicationChangeMarks? = nil) {
        zone = context.timeZone
        format = context.format
        var symptoms: [(date: Date, name: String)] = []
        var daySigns: [LocalDate: Set<WarningWords.Sign>] = [:]
        if let positions = context.records.positions {
            let facts = positions.facts
            // The circle's facts hold each record's dates and signs, and its readings in time
            // order, worked out once for every reader: this reader's are those they see.
            let dates = facts.recordDates(in: zone)
            for position in positions.health {
                let record = facts.health[position]
                let known = dates.health[position]
                if case .symptom(let symptom) = record.data { symptoms.append((known.resolved, EarlySigns.key(symptom.name))) }
                if !known.signs.isEmpty { daySigns[known.day, default: []].formUnion(known.signs) }
            }
            let order = dates.measurementsByDate
            measurements = SortedReadings(all: dates.readings, visible: order.indices.filter { positions.healthMask[order[$0]] })
        } else {
            var readings: [(date: Date, measurement: Measurement)] = []
            for record in context.records.healthRecords {
                switch record.data {
                case .measurement(let measurement): readings.append((record.date.resolved(in: zone), measurement))
                case .symptom(let symptom): symptoms.append((record.date.resolved(in: zone), EarlySigns.key(symptom.name)))
                default: break
                }
                let signs = EarlySigns.warningSigns(record)
                if !signs.isEmpty { daySigns[record.date.localDay(in: zone), default: []].formUnion(signs) }
            }
            let sorted = readings.sorted { $0.date < $1.date }
            measurements = SortedReadings(all: sorted, visible: Array(sorted.indices))
        }
        self.symptoms = symptoms
        self.daySigns = daySigns
        var regimen: [Measurement.Kind: [Date]] = [:]
        for mark in changes?.marks ?? [] {
            for kind in mark.measures { regimen[kind, default: []].append(mark.day.midnight(in: zone)) }
        }
        self.regimenChanges = regimen
    }

    /// The reading's flag: the usual adult range first, then the person's own usual values.
    /// `measurement` is the record's own; each record's flag is worked out once (a week's summary
    /// asks for it for the table of readings and twice for the needs-attention list).
    func flag(_ record: HealthRecord, _ measurement: Measurement) -> Flag? {
        flags.value(record) { ownFlag(record, measurement) }
    }

    private func ownFlag(_ record: HealthRecord, _ measurement: Measurement) -> Flag? {
        if let direction = MeasurementRanges.flag(measurement) { return Flag(direction: direction, reason: nil) }
        let moment = record.date.resolved(in: zone)
        switch measurement.kind {
        case .temperature:
            guard let value = measurement.value, let rise = EarlySigns.feverRise[measurement.unit.lowercased()],
                let usual = baseline(measurement, before: moment, value: { $0.value }), value - usual >= rise
            else { return nil }
            return Flag(
                direction: "high",
                reason: format.words.t(
                    "{difference} {unit} above the usual {usual} {unit}",
                    ["difference": format.number(value - usual), "unit": measurement.unit, "usual": format.number(usual)]))
        case .bloodPressure:
            guard let systolic = measurement.systolic,
                let usual = baseline(measurement, before: moment, value: { $0.systolic }), usual - systolic >= EarlySigns.systolicDrop
            else { return nil }
            return Flag(
                direction: "low",
                reason: format.words.t(
                    "systolic {difference} {unit} below the usual {usual} {unit}",
                    ["difference": format.number(usual - systolic), "unit": measurement.unit, "usual": format.number(usual)]))
        default:
            return nil
        }
    }

    /// The median of the same kind of reading, in the same unit, in the weeks before `moment` and
    /// since the last change of a medicine acting on it (the usual of the current regimen).
    private func baseline(_ measurement: Measurement, before moment: Date, value: (Measurement) -> Double?) -> Double? {
        let from = max(moment.addingTimeInterval(-Double(EarlySigns.lookBackDays) * 86_400), regimenStart(measurement.kind, at: moment) ?? .distantPast)
        var values: [Double] = []
        for index in measurements.range(from: from, before: moment) {
            let reading = measurements[index].measurement
            if reading.kind == measurement.kind, reading.unit == measurement.unit, let number = value(reading) { values.append(number) }
        }
        values.sort()
        guard values.count >= EarlySigns.baselineReadings else { return nil }
        let middle = values.count / 2
        return values.count % 2 == 1 ? values[middle] : (values[middle - 1] + values[middle]) / 2
    }

    /// The usual systolic pressure in the weeks before `start` (a medicine change): the median of
    /// the readings in the same unit over ``lookBackDays`` before it; nil below ``baselineReadings``.
    func systolicUsual(before start: Date, unit: String) -> Double? {
        let from = start.addingTimeInterval(-Double(EarlySigns.lookBackDays) * 86_400)
        var values: [Double] = []
        for index in measurements.range(from: from, before: start) {
            let reading = measurements[index].measurement
            if reading.kind == .bloodPressure, reading.unit == unit, let systolic = reading.systolic { values.append(systolic) }
        }
        values.sort()
        guard values.count >= EarlySigns.baselineReadings else { return nil }
        let middle = values.count / 2
        return values.count % 2 == 1 ? values[middle] : (values[middle - 1] + values[middle]) / 2
    }

    /// The start of the day of the last medicine change acting on `kind` at or before `moment`.
    func regimenStart(_ kind: Measurement.Kind, at moment: Date) -> Date? {
        regimenChanges[kind]?.filter { $0 <= moment }.max()
    }

    /// Readings of `kind` since the regimen's last change, up to `moment`: while fewer than
    /// ``baselineReadings``, there is no usual value yet.
    func readingsSinceChange(_ kind: Measurement.Kind, at moment: Date) -> Int? {
        guard let start = regimenStart(kind, at: moment) else { return nil }
        // The readings at or after `start` and at or before `moment` (before the next instant
        // after it), found by halving the sorted readings.
        let after = Date(timeIntervalSinceReferenceDate: moment.timeIntervalSinceReferenceDate.nextUp)
        var count = 0
        for index in measurements.range(from: start, before: after) where measurements[index].measurement.kind == kind { count += 1 }
        return count
    }

    /// True when a symptom or note of the reading's day tells of what a low reading explains:
    /// dizziness, a fall or fainting.
    func explained(_ record: HealthRecord) -> Bool {
        guard let signs = daySigns[record.date.localDay(in: zone)] else { return false }
        return !signs.isDisjoint(with: [.dizziness, .fall, .fainting, .confusion])
    }

    /// The sign of the reading's day that would explain a low pressure, the gravest first (a fall,
    /// fainting, dizziness, confusion); nil when no symptom or note of that day tells of one.
    func explainingSign(_ record: HealthRecord) -> WarningWords.Sign? {
        guard let signs = daySigns[record.date.localDay(in: zone)] else { return nil }
        return [WarningWords.Sign.fall, .fainting, .dizziness, .confusion].first(where: signs.contains)
    }

    /// True when no symptom of the same name was recorded in the weeks before this one.
    func isNew(_ record: HealthRecord, _ symptom: Symptom) -> Bool {
        let moment = record.date.resolved(in: zone)
        let from = moment.addingTimeInterval(-Double(EarlySigns.lookBackDays) * 86_400)
        let name = EarlySigns.key(symptom.name)
        return !symptoms.contains { $0.name == name && $0.date >= from && $0.date < moment }
    }

    /// True for a note or symptom that tells of a fall or a near-fall.
    static func isFall(_ record: HealthRecord) -> Bool { warningSigns(record).contains(.fall) }

    /// The warning signs a note or symptom tells of, in any shipped language (`WarningWords`).
    static func warningSigns(_ record: HealthRecord) -> Set<WarningWords.Sign> {
        var texts = [record.title, record.description ?? ""]
        switch record.data {
        case .observation(let observation) where observation.kind == .note: texts.append(observation.text ?? "")
        case .symptom(let symptom): texts += [symptom.name, symptom.notes ?? ""]
        default: return []
        }
        return Set(texts.flatMap(WarningWords.signs))
    }

    private static func key(_ name: String) -> String { name.trimmingSpaces().lowercased() }
}

/// The flags of one reader's readings, by record: each record is kept with its flag, so its
/// identity stays its own while the memo lives.
private final class FlagMemo: @unchecked Sendable {
    private let lock = NSLock()
    private var flags: [ObjectIdentifier: (record: HealthRecord, flag: EarlySigns.Flag?)] = [:]

    func value(_ record: HealthRecord, _ compute: () -> EarlySigns.Flag?) -> EarlySigns.Flag? {
        if let found = lock.withLock({ flags[record.identity] }) { return found.flag }
        let flag = compute()
        lock.withLock { flags[record.identity] = (record, flag) }
        return flag
    }
}

/// Readings in time order: the reader's own, or the circle's (shared by its readers, see
/// ``RecordDates``) of which the reader sees those at `visible`: no reader copies them.
struct SortedReadings: Sendable {
    let all: [(date: Date, measurement: Measurement)]
    /// Increasing indexes into `all`.
    let visible: [Int]

    var count: Int { visible.count }

    subscript(index: Int) -> (date: Date, measurement: Measurement) { all[visible[index]] }

    /// The indexes (into the visible readings) of those taken at or after `from` and before `end`,
    /// found by halving.
    func range(from: Date, before end: Date) -> Range<Int> {
        func firstIndex(notBefore moment: Date) -> Int {
            var low = 0
            var high = visible.count
            while low < high {
                let middle = (low + high) / 2
                if all[visible[middle]].date < moment { low = middle + 1 } else { high = middle }
            }
            return low
        }
        let start = firstIndex(notBefore: from)
        return start..<max(start, firstIndex(notBefore: end))
    }
}
