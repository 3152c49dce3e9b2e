/// One medication order with its dose log.
public struct Medication: Sendable, Hashable {
    public enum Status: String, Sendable, Hashable, CaseIterable { case active, stopped, onHold }
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

    public init(
        name: String, strength: String? = nil, dose: Quantity? = nil, form: String? = nil, route: String? = nil,
        schedule: DoseSchedule? = nil, frequency: DoseFrequency? = nil, asNeeded: Bool = false, maxDailyDoses: Int? = nil,
        startDate: CareDate, endDate: CareDate? = nil, status: Status = .active, prescriber: String? = nil, reason: String? = nil,
        instructions: String? = nil, rxnorm: String? = nil, administrations: [Administration] = [],
        list: SourceList? = nil
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
