/// One medication order with its dose log.
public struct Medication: Sendable, Hashable {
    /// The status as the source states it. `planned` (FHIR MedicationRequest intent proposal or plan,
    /// or status draft; MedicationStatement `intended`; C-CDA mood INT, RQO, PRP), `notTaken` (FHIR
    /// `not-taken`) and `unknown` (FHIR `unknown`) are not on the current list and never counted as
    /// taken (docs/clinical-imports.md, "Planned, not taken and unknown medicines").
    public enum Status: String, Sendable, Hashable, CaseIterable { case active, stopped, onHold, planned, notTaken, unknown }
    /// What a planned order is, as stated: FHIR `MedicationRequest.intent` proposal, plan or order
    /// (a draft order), C-CDA mood PRP, INT or RQO.
    public enum Intent: String, Sendable, Hashable, CaseIterable { case proposal, plan, order }

    /// One more dosage instruction of the order (FHIR `dosageInstruction[1…]`), as stated: the order's
    /// own fields hold its first.
    public struct Dosage: Sendable, Hashable {
        public let dose: Quantity?
        public let doseHigh: Double?
        public let schedule: DoseSchedule?
        public let frequency: DoseFrequency?
        public let asNeeded: Bool
        public let text: String?

        public init(dose: Quantity? = nil, doseHigh: Double? = nil, schedule: DoseSchedule? = nil, frequency: DoseFrequency? = nil,
                    asNeeded: Bool = false, text: String? = nil) {
            self.dose = dose
            self.doseHigh = doseHigh
            self.schedule = schedule
            self.frequency = frequency
            self.asNeeded = asNeeded
            self.text = text
        }
    }
    /// Which list of a discharge document the order comes from: its discharge medications (the
    /// current list), or another list of it (admission or hospital medications), which is not current.
    public enum SourceList: String, Sendable, Hashable { case discharge, notCurrent }

    public let name: String
    public let strength: String?
    public let dose: Quantity?
    public let form: String?
    public let route: String?
    public let schedule: DoseSchedule?
    /// The rate or event the order states ("3 times a day", "before meals"), beside or instead of clock times.
    public let frequency: DoseFrequency?
    public let asNeeded: Bool
    public let maxDailyDoses: Int?
    public let startDate: CareDate
    public let endDate: CareDate?
    public let status: Status
    public let prescriber: String?
    public let reason: String?
    public let instructions: String?
    public let rxnorm: String?
    public let administrations: [Administration]
    /// The discharge document's list the order comes from; nil for any other source.
    public let list: SourceList?
    /// A dose stated as a range (C-CDA `doseQuantity` IVL_PQ low/high, FHIR `doseRange`): its high
    /// bound, in the unit of `dose` (the low bound).
    public let doseHigh: Double?
    /// The order's dosage instructions after the first, each as stated.
    public let moreDosages: [Dosage]
    /// A planned order's intent as stated; nil for a statement (FHIR `intended`) and any other status.
    public let intent: Intent?
    /// True for a FHIR MedicationRequest `draft`: written, not yet actionable.
    public let draft: Bool
    /// Why it is held, stopped or not taken, as stated (FHIR `statusReason`).
    public let statusReason: String?
    /// True when `startDate` is the day the order was written (FHIR `authoredOn`), not a start of taking it.
    public let startIsAuthored: Bool

    /// True when the source says it is taken now or held: on the current list (active, on hold).
    public var isCurrentStatus: Bool { status == .active || status == .onHold }
    /// True for a planned, not-taken or unknown medicine: never current, never counted as taken or stopped.
    public var isNotInUse: Bool { status == .planned || status == .notTaken || status == .unknown }

    public init(
        name: String, strength: String? = nil, dose: Quantity? = nil, form: String? = nil, route: String? = nil,
        schedule: DoseSchedule? = nil, frequency: DoseFrequency? = nil, asNeeded: Bool = false, maxDailyDoses: Int? = nil,
        startDate: CareDate, endDate: CareDate? = nil, status: Status = .active, prescriber: String? = nil, reason: String? = nil,
        instructions: String? = nil, rxnorm: String? = nil, administrations: [Administration] = [],
        list: SourceList? = nil, doseHigh: Double? = nil, moreDosages: [Dosage] = [], intent: Intent? = nil, draft: Bool = false,
        statusReason: String? = nil, startIsAuthored: Bool = false
    ) {
        self.name = name
        self.strength = strength
        self.dose = dose
        self.form = form
        self.route = route
        self.schedule = schedule
        self.frequency = frequency
        self.asNeeded = asNeeded
        self.maxDailyDoses = maxDailyDoses
        self.startDate = startDate
        self.endDate = endDate
        self.status = status
        self.prescriber = prescriber
        self.reason = reason
        self.instructions = instructions
        self.rxnorm = rxnorm
        self.administrations = administrations
        self.list = list
        self.doseHigh = doseHigh
        self.moreDosages = moreDosages
        self.intent = intent
        self.draft = draft
        self.statusReason = statusReason
        self.startIsAuthored = startIsAuthored
    }

    /// The same order with `log` as its dose log.
    public func with(administrations log: [Administration]) -> Medication {
        Medication(
            name: name, strength: strength, dose: dose, form: form, route: route, schedule: schedule, frequency: frequency,
            asNeeded: asNeeded, maxDailyDoses: maxDailyDoses, startDate: startDate, endDate: endDate, status: status,
            prescriber: prescriber, reason: reason, instructions: instructions, rxnorm: rxnorm, administrations: log, list: list,
            doseHigh: doseHigh, moreDosages: moreDosages, intent: intent, draft: draft, statusReason: statusReason,
            startIsAuthored: startIsAuthored)
    }

    /// The order as one of its dosages states it (index 0 is its own first dosage), to word each alike.
    public func dosage(_ index: Int) -> Medication {
        guard index > 0, index <= moreDosages.count else { return self }
        let d = moreDosages[index - 1]
        return Medication(
            name: name, strength: strength, dose: d.dose, form: form, route: route, schedule: d.schedule, frequency: d.frequency,
            asNeeded: d.asNeeded, maxDailyDoses: nil, startDate: startDate, endDate: endDate, status: status,
            prescriber: prescriber, reason: reason, instructions: d.text, rxnorm: rxnorm, administrations: [], list: list,
            doseHigh: d.doseHigh, intent: intent, draft: draft, statusReason: statusReason, startIsAuthored: startIsAuthored)
    }
}

/// An amount with its unit, e.g. 500 mg.
public struct Quantity: Sendable, Hashable {
    public let value: Double
    public let unit: String

    public init(value: Double, unit: String) {
        self.value = value
        self.unit = unit
    }
}

/// When scheduled doses are due: local times of day, on some weekdays (all when empty).
public struct DoseSchedule: Sendable, Hashable {
    public let times: [TimeOfDay]
    public let daysOfWeek: [Int]

    public init(times: [TimeOfDay], daysOfWeek: [Int] = []) {
        self.times = times
        self.daysOfWeek = daysOfWeek
    }
}

/// A local time of day, `HH:MM`.
public struct TimeOfDay: Sendable, Hashable, Comparable, CustomStringConvertible {
    public let hour: Int
    public let minute: Int

    public init?(hour: Int, minute: Int) {
        guard (0...23).contains(hour), (0...59).contains(minute) else { return nil }
        self.hour = hour
        self.minute = minute
    }

    public var description: String { (hour < 10 ? "0" : "") + "\(hour):" + (minute < 10 ? "0" : "") + "\(minute)" }

    public static func < (lhs: TimeOfDay, rhs: TimeOfDay) -> Bool { (lhs.hour, lhs.minute) < (rhs.hour, rhs.minute) }
}

/// One entry of a dose log.
public struct Administration: Sendable, Hashable {
    public enum Status: String, Sendable, Hashable, CaseIterable { case taken, skipped, missed }

    public let scheduledAt: CareDate?
    public let takenAt: CareDate?
    public let status: Status
    public let dose: Quantity?
    public let recordedBy: String?
    public let reason: String?
    public let note: String?

    public init(
        scheduledAt: CareDate? = nil, takenAt: CareDate? = nil, status: Status, dose: Quantity? = nil,
        recordedBy: String? = nil, reason: String? = nil, note: String? = nil
    ) {
        self.scheduledAt = scheduledAt
        self.takenAt = takenAt
        self.status = status
        self.dose = dose
        self.recordedBy = recordedBy
        self.reason = reason
        self.note = note
    }
}
