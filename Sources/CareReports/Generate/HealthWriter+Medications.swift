/// Medication orders and their dose logs.
extension HealthWriter {
    // MARK: medications and dose logs

    mutating func writeMedications() throws {
        var pool = Self.drugs
        var chosen: [Drug] = []
        for _ in 0..<rng.int(4...5) { chosen.append(pool.remove(at: rng.int(0...(pool.count - 1)))) }
        let middle = plan.firstDay + (plan.lastDay - plan.firstDay) / 2
        // The first drug is changed halfway: the old order is stopped, a double-strength one starts.
        let first = chosen[0]
        try writeMedication(first, strength: first.strength, from: plan.firstDay, to: middle - 1, status: "stopped", privacy: .caregivers)
        try writeMedication(first, strength: first.strength * 2, from: middle, to: nil, status: "active", privacy: .caregivers)
        for drug in chosen.dropFirst() {
            try writeMedication(drug, strength: drug.strength, from: plan.firstDay, to: nil, status: "active", privacy: .caregivers)
        }
        try writeMedication(Self.vitaminD, strength: Self.vitaminD.strength, from: plan.firstDay, to: nil, status: "active", privacy: .caregivers)
        if rng.chance(0.5) {
            try writeMedication(Self.sertraline, strength: 50, from: plan.firstDay + min(14, (plan.lastDay - plan.firstDay) / 2), to: nil, status: "active", privacy: .restricted)
        }
        try writeMedication(Self.acetaminophen, strength: 500, from: plan.firstDay, to: nil, status: "active", privacy: .circle)
    }

    mutating func writeMedication(_ drug: Drug, strength: Int, from: Int, to: Int?, status: String, privacy: PrivacyLevel) throws {
        let prn = drug.times.isEmpty
        let title = prn ? "\(drug.name) \(strength) \(drug.unit) when needed" : "\(drug.name) \(strength) \(drug.unit), \(Self.frequency(drug))"
        begin(
            "medication", title, day: from, minute: drug.times.first ?? 540, by: plan.caregiver, privacy: privacy,
            visibleTo: [plan.caregiver, plan.otherCaregiver], description: to == nil ? nil : "Replaced by the \(strength * 2) \(drug.unit) order.",
            createdLater: -14)
        w.field("name", drug.name)
        w.field("strength", "\(strength) \(drug.unit)")
        w.key("dose")
        w.beginObject()
        w.field("value", int: strength)
        w.field("unit", drug.unit)
        w.endObject()
        w.field("form", drug.form)
        w.field("route", "oral")
        if !prn {
            w.key("schedule")
            w.beginObject()
            w.key("times")
            w.beginArray()
            for time in drug.times { w.timeOfDay(time) }
            w.endArray()
            if drug.weekly {
                w.key("daysOfWeek")
                w.beginArray()
                w.int(7)
                w.endArray()
            }
            w.endObject()
        }
        w.field("asNeeded", bool: prn)
        if prn { w.field("maxDailyDoses", int: 4) }
        w.field("startDate", day: from)
        if let to { w.field("endDate", day: to) }
        w.field("status", status)
        w.field("prescriber", Names.providers[0].0)
        w.field("reason", drug.reason)
        w.field("instructions", prn ? "One tablet when needed, at least 4 hours apart. **No more than 4 in a day.**" : "Take with a glass of water. Do *not* double up after a missed dose.")
        w.field("rxnorm", drug.rxnorm)
        w.key("administrations")
        w.beginArray()
        for day in from...(to ?? plan.lastDay) {
            if prn {
                for _ in 0..<[0, 0, 1, 1, 2][rng.int(0...4)] { writePRNDose(day, strength: strength, unit: drug.unit) }
            } else if !drug.weekly || LocalDate(daysSinceEpoch: day).isoWeekday == 7 {
                for time in drug.times { writeScheduledDose(day, time) }
            }
            try w.flushIfFull()
        }
        w.endArray()
        end()
    }

    static func frequency(_ drug: Drug) -> String {
        if drug.weekly { return "every Sunday" }
        switch drug.times.count {
        case 1: return drug.times[0] < 720 ? "each morning" : "each evening"
        case 2: return "twice a day"
        default: return "three times a day"
        }
    }

    mutating func recorder(_ day: Int, _ time: Int) -> CirclePlan.Person {
        if day < plan.aideLeftDay, time < 720, LocalDate(daysSinceEpoch: day).isoWeekday <= 5 { return plan.aide }
        return rng.pick([plan.caregiver, plan.caregiver, plan.otherCaregiver, plan.recipient])
    }

    mutating func writeScheduledDose(_ day: Int, _ time: Int) {
        administrations += 1
        let roll = rng.unit()
        let lastEvening = day == plan.lastDay
        w.beginObject()
        w.field("scheduledAt", day: day, minute: time)
        if roll < 0.80 || lastEvening {
            w.field("takenAt", day: day, minute: time + Int(rng.gauss(12)))
            w.field("status", "taken")
            w.field("recordedBy", recorder(day, time).id)
        } else if roll < 0.89 {
            w.field("takenAt", day: day, minute: time + rng.int(65...200))
            w.field("status", "taken")
            w.field("recordedBy", recorder(day, time).id)
            if rng.chance(0.5) { w.field("note", rng.pick(["Slept in", "Remembered after the phone call", "Taken when she got back from the shops"])) }
        } else if roll < 0.95 {
            w.field("status", "missed")
            if rng.chance(0.3) { w.field("note", "Found in the pill box the next morning") }
        } else {
            w.field("status", "skipped")
            w.field("recordedBy", recorder(day, time).id)
            w.field("reason", rng.pick(["Felt queasy and could not face breakfast", "Out at the church lunch, dose left at home", "Asleep early, did not want to wake her"]))
        }
        w.endObject()
    }

    mutating func writePRNDose(_ day: Int, strength: Int, unit: String) {
        administrations += 1
        w.beginObject()
        w.field("takenAt", day: day, minute: rng.int(7 * 60...21 * 60))
        w.field("status", "taken")
        w.key("dose")
        w.beginObject()
        w.field("value", int: strength)
        w.field("unit", unit)
        w.endObject()
        w.field("recordedBy", recorder(day, 800).id)
        if rng.chance(0.3) { w.field("reason", rng.pick(["Knees sore after the walk", "Headache", "Back ache after gardening"])) }
        w.endObject()
    }

}
