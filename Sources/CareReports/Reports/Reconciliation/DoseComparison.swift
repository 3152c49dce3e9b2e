import Foundation

/// The amount of one dose and the doses a day of an order, in comparable units
/// (docs/reconciliation.md, "Comparing doses"): a dose of "1 tablet" of a 500 MG tablet is 500 mg;
/// grams and micrograms are milligrams; times of day and rates are doses a day. Nil where the order
/// does not state it: never guessed, and then not compared.
struct DoseComparison: Sendable {
    let amount: Quantity?
    let perDay: Double?
    let asNeeded: Bool

    init(_ medication: Medication, name: MedicineName) {
        asNeeded = medication.asNeeded
        amount = Self.amount(medication, name: name)
        // Several dosage instructions (weekdays and weekends) are no one rate either.
        perDay = medication.asNeeded || !medication.moreDosages.isEmpty ? nil : Self.perDay(medication)
    }

    /// True when both state the thing and they differ: the amount (in one unit), the doses a day, or
    /// one as needed and one scheduled. Amounts in units that do not convert ("[iU]" and "units",
    /// "mL" and "mg") are not compared: never called a difference the sources do not state.
    func differs(from other: DoseComparison) -> Bool {
        if asNeeded != other.asNeeded { return true }
        if comparable(with: other), let a = amount, let b = other.amount, abs(a.value - b.value) > 1e-9 { return true }
        if let a = perDay, let b = other.perDay, abs(a - b) > 1e-9 { return true }
        return false
    }

    /// True when both state an amount in the same unit (else the comparison says the dose could not be compared).
    func comparable(with other: DoseComparison) -> Bool {
        guard let a = amount, let b = other.amount else { return false }
        return a.unit == b.unit
    }

    static let countUnits: Set<String> = [
        "", "1", "{tbl}", "{tablet}", "tablet", "tablets", "tab", "tabs", "capsule", "capsules", "cap", "{capsule}", "each", "ea", "{each}",
        "unit of presentation", "dose", "doses", "{dose}", "patch", "puff", "puffs", "{puff}",
    ]

    static let milligrams: [String: Double] = ["mg": 1, "milligram": 1, "milligrams": 1, "g": 1000, "gram": 1000, "grams": 1000,
                                               "mcg": 0.001, "ug": 0.001, "µg": 0.001, "microgram": 0.001, "micrograms": 0.001]

    static func amount(_ medication: Medication, name: MedicineName) -> Quantity? {
        // A range or several dosage instructions is no one amount to compare.
        guard let dose = medication.dose, medication.doseHigh == nil, medication.moreDosages.isEmpty else { return nil }
        let unit = dose.unit.lowercased().trimmingCharacters(in: .whitespaces)
        if let factor = milligrams[unit] { return Quantity(value: dose.value * factor, unit: "mg") }
        if countUnits.contains(unit), let strength = name.strength, let factor = milligrams[strength.unit.lowercased()] {
            return Quantity(value: dose.value * strength.value * factor, unit: "mg")
        }
        return countUnits.contains(unit) ? nil : Quantity(value: dose.value, unit: unit)
    }

    static func perDay(_ medication: Medication) -> Double? {
        if let schedule = medication.schedule, !schedule.times.isEmpty {
            let days = schedule.daysOfWeek.isEmpty ? 7 : Set(schedule.daysOfWeek).count
            return Double(schedule.times.count * days) / 7
        }
        guard let frequency = medication.frequency, let period = frequency.period, period > 0, let unit = frequency.unit else { return nil }
        let count = Double(frequency.count ?? 1)
        let days: Double
        switch unit {
        case .second: days = period / 86_400
        case .minute: days = period / 1_440
        case .hour: days = period / 24
        case .day: days = period
        case .week: days = period * 7
        case .month: days = period * 30
        case .year: days = period * 365
        }
        return count / days
    }
}
