import Foundation

/// The history of each medicine across its orders. The export keeps one record per order: a dose
/// change stops the old order and starts a new one. Orders of the same medicine (same name, both
/// scheduled or both as-needed) form one chain, oldest first; each step between two orders is a
/// dated change ("increased 10 → 20 mg"). Only the orders given (the viewer's) are chained, so an
/// order the viewer may not see leaves no trace in another's history.
public struct DoseHistory: Sendable {
    public typealias Order = (record: HealthRecord, medication: Medication)

    /// One dated event of a chain.
    public struct Change: Sendable {
        public enum Kind: String, Sendable, Hashable {
            case started, increased, decreased, changed, renewed, restarted, onHold, stopped
        }

        public let kind: Kind
        /// The day it took effect; nil for "on hold", which the export does not date.
        public let day: LocalDate?
        /// A start the source gives at less than a day's precision (`2015`, `Jan 2015`) or as
        /// unknown; `day` is then nil, so no page shows a day the source does not state.
        public var statedDate: CareDate?
        /// The order it came from (nil for the first start) and the order it led to (nil for a stop or hold).
        public let fromRecordId: String?
        public let toRecordId: String?
        /// What changed, without the date, as a message (`increased {from} → {to}`) and its values.
        public let message: String
        public let values: [String: String]
        /// The doses behind `values` ("amount", "from", "to": a whole amount; "unit": its unit), worded again in the reader's language.
        let doses: [String: Quantity]
        /// The high bound of a dose stated as a range ("1–2 tablets"), under the key of its dose.
        let highs: [String: Double]
        /// The orders whose schedules `values` "from" and "to" word, worded again in the reader's language.
        var schedules: [String: Medication] = [:]

        init(
            kind: Kind, day: LocalDate?, fromRecordId: String?, toRecordId: String?, words: (message: String, values: [String: String]),
            doses: [String: Quantity] = [:], highs: [String: Double] = [:]
        ) {
            (self.kind, self.day, self.fromRecordId, self.toRecordId) = (kind, day, fromRecordId, toRecordId)
            (self.message, self.values, self.doses, self.highs) = (words.message, words.values, doses, highs)
        }

        /// What changed, without the date: "increased 10 → 20 mg", "started 10 mg", "on hold".
        public var words: String { Localizer.fill(message, values) }

        /// What changed in the reader's language, numbers with its decimal mark.
        public func words(_ format: DisplayFormat) -> String {
            if format.words.isEnglish && doses.isEmpty && schedules.isEmpty { return words }
            var localized = values.mapValues(format.localized)
            for (key, dose) in doses {
                localized[key] = key == "unit" ? DoseText.unit(dose, format) : DoseText.amount(dose, format, high: highs[key])
            }
            for (key, order) in schedules { localized[key] = DoseHistory.times(order, format) }
            return format.words.t(message, localized)
        }

        /// True for the changes between two orders of a medicine (the dose or the schedule).
        public var isDoseChange: Bool { kind == .increased || kind == .decreased || kind == .changed }
    }

    /// The orders of one medicine, oldest first, and the changes that led from one to the next.
    public struct Chain: Sendable {
        public let orders: [Order]
        public let changes: [Change]

        public var latest: Order { orders[orders.count - 1] }
        public var recordIds: [String] { orders.map(\.record.id) }
    }

    public let chains: [Chain]
    private let chainIndex: [String: Int]

    public init(_ orders: [Order], timeZone: TimeZone) {
        var groups: [String: [Order]] = [:]
        var keys: [String] = []
        for order in orders {
            let key = DoseHistory.key(order.medication)
            if groups[key] == nil { keys.append(key) }
            groups[key, default: []].append(order)
        }
        var chains: [Chain] = []
        var index: [String: Int] = [:]
        for key in keys.sorted() {
            let sorted = groups[key]!.sorted {
                let (a, b) = ($0.medication.startDate.resolved(in: timeZone), $1.medication.startDate.resolved(in: timeZone))
                return a != b ? a < b : $0.record.id < $1.record.id
            }
            for order in sorted { index[order.record.id] = chains.count }
            chains.append(Chain(orders: sorted, changes: DoseHistory.changes(sorted, timeZone: timeZone)))
        }
        self.chains = chains
        self.chainIndex = index
    }

    /// The chain an order belongs to.
    public func chain(containing recordId: String) -> Chain? { chainIndex[recordId].map { chains[$0] } }

    /// The same medicine: its name without case or spacing differences, and whether it is as-needed.
    /// A planned, not-taken or unknown order is never a step of a medicine in use: it is a chain of
    /// its own (a planned dose is not "increased" from the current one, nor the current one hidden).
    static func key(_ medication: Medication) -> String {
        let name = medication.name.lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " ")
        return "\(name)|\(medication.asNeeded ? "prn" : "scheduled")\(medication.isNotInUse ? "|\(medication.status.rawValue)" : "")"
    }

    static func changes(_ orders: [Order], timeZone: TimeZone) -> [Change] {
        var changes: [Change] = []
        for (position, order) in orders.enumerated() {
            let medication = order.medication
            let start = medication.startDate.localDay(in: timeZone)
            // Never taken: nothing started, nothing to mark on a chart.
            if medication.isNotInUse { continue }
            if position == 0 {
                var started = Change(
                    kind: .started, day: medication.startDate.isFullDate ? start : nil, fromRecordId: nil, toRecordId: order.record.id,
                    words: hasAmount(medication) ? (Localizer.noop("started {amount}"), ["amount": amount(medication)]) : (Localizer.noop("started"), [:]),
                    doses: doses(["amount": medication]), highs: highs(["amount": medication]))
                if !medication.startDate.isFullDate { started.statedDate = medication.startDate }
                changes.append(started)
            } else {
                let previous = orders[position - 1]
                let previousEnd = previous.medication.endDate?.localDay(in: timeZone)
                if let previousEnd, start.daysSinceEpoch - previousEnd.daysSinceEpoch > 1 {
                    changes.append(Change(kind: .stopped, day: previousEnd, fromRecordId: previous.record.id, toRecordId: nil,
                                          words: (Localizer.noop("stopped {amount}"), ["amount": amount(previous.medication)]), doses: doses(["amount": previous.medication]), highs: highs(["amount": previous.medication])))
                    changes.append(Change(kind: .restarted, day: start, fromRecordId: previous.record.id, toRecordId: order.record.id,
                                          words: hasAmount(medication) ? (Localizer.noop("restarted {amount}"), ["amount": amount(medication)]) : (Localizer.noop("restarted"), [:]),
                                          doses: doses(["amount": medication]), highs: highs(["amount": medication])))
                } else {
                    let (kind, words) = step(from: previous.medication, to: medication)
                    var stepDoses: [String: Quantity] = [:]
                    if let a = previous.medication.dose, let b = medication.dose {
                        stepDoses = words.values["unit"] != nil ? ["unit": b] : words.values["from"] == amount(previous.medication) ? ["from": a, "to": b] : [:]
                    }
                    var change = Change(
                        kind: kind, day: start, fromRecordId: previous.record.id, toRecordId: order.record.id, words: words, doses: stepDoses)
                    if words.message == "schedule changed {from} → {to}" { change.schedules = ["from": previous.medication, "to": medication] }
                    if words.message == "changed {from}, {fromTimes} → {to}, {toTimes}" {
                        change.schedules = ["fromTimes": previous.medication, "toTimes": medication]
                    }
                    changes.append(change)
                }
            }
        }
        let last = orders[orders.count - 1]
        switch last.medication.status {
        case .stopped:
            changes.append(Change(kind: .stopped, day: last.medication.endDate?.localDay(in: timeZone), fromRecordId: last.record.id,
                                  toRecordId: nil, words: (Localizer.noop("stopped"), [:])))
        case .onHold:
            changes.append(Change(kind: .onHold, day: nil, fromRecordId: last.record.id, toRecordId: nil, words: (Localizer.noop("on hold"), [:])))
        case .active, .planned, .notTaken, .unknown:
            break
        }
        return changes
    }

    /// The change from one order to the next: the dose when it differs, else the schedule. A dose
    /// is "increased" or "decreased" only on the same schedule: 4 a day to 10 every 2 weeks is a
    /// change of both, said with both, never a direction worked out from the count alone.
    static func step(from old: Medication, to new: Medication) -> (Change.Kind, (message: String, values: [String: String])) {
        if let a = old.dose, let b = new.dose, a.value != b.value || a.unit.lowercased() != b.unit.lowercased(), times(old) != times(new) {
            return (.changed, (Localizer.noop("changed {from}, {fromTimes} → {to}, {toTimes}"), [
                "from": amount(old), "fromTimes": times(old), "to": amount(new), "toTimes": times(new),
            ]))
        }
        if let a = old.dose, let b = new.dose, a.unit.lowercased() == b.unit.lowercased(), a.value != b.value {
            let values = ["from": DisplayFormat.number(a.value), "to": DisplayFormat.number(b.value), "unit": DoseText.unit(b, english)]
            if b.value > a.value { return (.increased, (Localizer.noop("increased {from} → {to} {unit}"), values)) }
            return (.decreased, (Localizer.noop("decreased {from} → {to} {unit}"), values))
        }
        let (oldAmount, newAmount) = (amount(old), amount(new))
        if oldAmount != newAmount { return (.changed, (Localizer.noop("changed {from} → {to}"), ["from": oldAmount, "to": newAmount])) }
        let (oldTimes, newTimes) = (times(old), times(new))
        if oldTimes != newTimes { return (.changed, (Localizer.noop("schedule changed {from} → {to}"), ["from": oldTimes, "to": newTimes])) }
        return (.renewed, (Localizer.noop("renewed, same dose"), [:]))
    }

    /// `10 mg`, `2 puffs`: the dose, else the strength, else the name.
    static func amount(_ medication: Medication) -> String {
        if let dose = medication.dose { return DoseText.amount(dose, english, high: medication.doseHigh) }
        return medication.strength ?? medication.name
    }

    /// True when an order states a dose or a strength: "started" alone, not "started Amlodipine", when it states neither.
    static func hasAmount(_ medication: Medication) -> Bool { medication.dose != nil || medication.strength != nil }

    /// The doses of `medications` under their keys, for wording again in the reader's language.
    static func doses(_ medications: [String: Medication]) -> [String: Quantity] {
        medications.compactMapValues(\.dose)
    }

    /// The high bounds of the doses of `medications` stated as ranges, under their keys.
    static func highs(_ medications: [String: Medication]) -> [String: Double] {
        medications.compactMapValues { $0.dose == nil ? nil : $0.doseHigh }
    }

    static let english = DisplayFormat(timeZone: TimeZone(identifier: "UTC")!)

    /// `08:00, 20:00`, else the stated frequency ("every 12 hours"), else "as needed" / "no times".
    static func times(_ medication: Medication, _ format: DisplayFormat = english) -> String {
        guard let schedule = medication.schedule, !schedule.times.isEmpty else {
            if let frequency = medication.frequency, !frequency.isEmpty { return DoseText.frequency(frequency, format) }
            return medication.asNeeded ? format.words.t("as needed") : format.words.t("no times")
        }
        return schedule.times.map(\.description).joined(separator: ", ")
    }
}
