/// Writes one circle's health records: observations, medication orders with their dose logs,
/// then day by day the measurements, symptoms, notes, appointments and lab reports.
struct HealthWriter {
    let plan: CirclePlan
    let w: JSONStreamWriter
    private(set) var count = 0
    private(set) var administrations = 0
    private(set) var labResults = 0
    private var rng: GeneratorRandom

    init(plan: CirclePlan, w: JSONStreamWriter) {
        self.plan = plan
        self.w = w
        rng = plan.random(3)
    }

    /// A medication as the pool holds it.
    struct Drug {
        let name: String
        let strength: Int  // in `unit`
        let unit: String
        let form: String
        let reason: String
        let rxnorm: String
        let times: [Int]  // minutes after midnight
        var weekly = false
    }

    static let drugs: [Drug] = [
        Drug(name: "Metformin", strength: 500, unit: "mg", form: "tablet", reason: "Type 2 diabetes", rxnorm: "861007", times: [480, 1080]),
        Drug(name: "Lisinopril", strength: 10, unit: "mg", form: "tablet", reason: "High blood pressure", rxnorm: "314076", times: [480]),
        Drug(name: "Atorvastatin", strength: 20, unit: "mg", form: "tablet", reason: "High cholesterol", rxnorm: "617310", times: [1260]),
        Drug(name: "Amlodipine", strength: 5, unit: "mg", form: "tablet", reason: "High blood pressure", rxnorm: "197361", times: [480]),
        Drug(name: "Levothyroxine", strength: 50, unit: "mcg", form: "tablet", reason: "Underactive thyroid", rxnorm: "966222", times: [390]),
        Drug(name: "Donepezil", strength: 5, unit: "mg", form: "tablet", reason: "Memory loss", rxnorm: "997223", times: [1260]),
        Drug(name: "Furosemide", strength: 20, unit: "mg", form: "tablet", reason: "Swollen ankles", rxnorm: "310429", times: [480, 840]),
        Drug(name: "Gabapentin", strength: 300, unit: "mg", form: "capsule", reason: "Nerve pain in the feet", rxnorm: "310431", times: [480, 840, 1260]),
        Drug(name: "Carbidopa/levodopa", strength: 100, unit: "mg", form: "tablet", reason: "Parkinson's disease", rxnorm: "197444", times: [420, 720, 1020]),
        Drug(name: "Omeprazole", strength: 20, unit: "mg", form: "capsule", reason: "Heartburn", rxnorm: "402014", times: [450]),
    ]
    static let sertraline = Drug(name: "Sertraline", strength: 50, unit: "mg", form: "tablet", reason: "Low mood", rxnorm: "312940", times: [480])
    static let vitaminD = Drug(
        name: "Vitamin D3", strength: 50_000, unit: "IU", form: "capsule", reason: "Low vitamin D", rxnorm: "2001463", times: [540], weekly: true)
    static let acetaminophen = Drug(
        name: "Acetaminophen", strength: 500, unit: "mg", form: "tablet", reason: "Osteoarthritis of the knees", rxnorm: "198440", times: [])

    mutating func write() throws {
        writeObservations()
        try writeMedications()
        for day in plan.firstDay...plan.lastDay {
            writeDay(day)
            try w.flushIfFull()
        }
        // Two appointments booked after the export's last day.
        writeAppointment(day: plan.lastDay + 3, status: "scheduled")
        writeAppointment(day: plan.lastDay + 10, status: "scheduled")
    }

    // MARK: the common fields

    private mutating func begin(
        _ type: StaticString, _ title: String, day: Int, minute: Int, by person: CirclePlan.Person, privacy: PrivacyLevel,
        visibleTo: [CirclePlan.Person] = [], description: String? = nil, createdLater: Int = 2
    ) {
        count += 1
        w.beginRecord()
        w.field("id", "\(plan.id)-hr-\(Self.sixDigits(count))")
        w.field("type", String(describing: type))
        w.field("title", title)
        if let description { w.field("description", description) }
        w.field("date", day: day, minute: minute)
        w.field("careRecipientId", plan.recipient.id)
        w.field("careCircleId", plan.id)
        plan.actor(w, "createdBy", person)
        w.field("createdAt", day: day, minute: minute + createdLater)
        w.field("privacyLevel", privacy.rawValue)
        if privacy == .restricted {
            w.key("visibleTo")
            w.beginArray()
            for person in visibleTo { w.string(person.id) }
            w.endArray()
        }
        w.key("data")
        w.beginObject()
    }

    private func end(attachment: (String, String)? = nil) {
        w.endObject()  // data
        w.key("attachments")
        w.beginArray()
        if case let (id, name)? = attachment {
            w.beginObject()
            w.field("id", id)
            w.field("fileName", name)
            w.field("mimeType", "application/pdf")
            w.field("url", "attachments/\(name)")
            w.field("sizeBytes", int: 48_000 + name.utf8.count * 1000)
            w.endObject()
        }
        w.endArray()
        w.endObject()
    }

    static func sixDigits(_ n: Int) -> String {
        let text = String(n)
        return text.count >= 6 ? text : String(repeating: "0", count: 6 - text.count) + text
    }

    // MARK: observations: allergy, conditions, immunisations

    private mutating func writeObservations() {
        let day = plan.firstDay
        let caregiver = plan.caregiver
        if rng.chance(0.7) {
            let (substance, reaction) = rng.pick([("Penicillin", "Hives"), ("Sulfa drugs", "Rash"), ("Codeine", "Vomiting"), ("Shellfish", "Swollen lips")])
            begin("observation", "\(substance) allergy with \(reaction.lowercased())", day: day, minute: 600, by: caregiver, privacy: .circle)
            w.field("kind", "allergy")
            w.field("substance", substance)
            w.field("reaction", reaction)
            w.field("severity", rng.pick(["mild", "moderate", "severe"]))
            w.field("clinicalStatus", "active")
            w.field("text", "Reaction noted in the *old* GP records; \"avoid\" is written on the front of the folder.")
        } else {
            begin("observation", "No known drug allergies", day: day, minute: 600, by: caregiver, privacy: .circle)
            w.field("kind", "allergy")
            w.field("substance", "none known")
        }
        end()
        for (index, condition) in ["Type 2 diabetes mellitus", "Essential hypertension", "Osteoarthritis of both knees"].enumerated() {
            begin("observation", "\(condition) on the problem list", day: day, minute: 605 + index, by: caregiver, privacy: .caregivers)
            w.field("kind", "condition")
            w.field("name", condition)
            w.field("clinicalStatus", "active")
            w.field("onset", day: day - rng.int(400...9000))
            end()
        }
        begin("observation", "Shingles, cleared up", day: day, minute: 609, by: caregiver, privacy: .caregivers)
        w.field("kind", "condition")
        w.field("name", "Herpes zoster")
        w.field("clinicalStatus", "resolved")
        w.field("onset", day: day - rng.int(200...700))
        end()
        for (index, vaccine) in ["Influenza vaccine, high-dose", "COVID-19 vaccine, 2024-2025 formula", "Pneumococcal conjugate vaccine"].enumerated() {
            let given = day - rng.int(20...150)
            begin("observation", "\(vaccine) at the pharmacy", day: given, minute: 660, by: caregiver, privacy: .circle, createdLater: (day - given) * 1440 + index)
            w.field("kind", "immunization")
            w.field("name", vaccine)
            w.field("text", "Given at the pharmacy, \(rng.pick(["left", "right"])) arm.")
            end()
        }
    }

    // MARK: medications and dose logs

    private mutating func writeMedications() throws {
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

    private mutating func writeMedication(_ drug: Drug, strength: Int, from: Int, to: Int?, status: String, privacy: PrivacyLevel) throws {
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

    private static func frequency(_ drug: Drug) -> String {
        if drug.weekly { return "every Sunday" }
        switch drug.times.count {
        case 1: return drug.times[0] < 720 ? "each morning" : "each evening"
        case 2: return "twice a day"
        default: return "three times a day"
        }
    }

    private mutating func recorder(_ day: Int, _ time: Int) -> CirclePlan.Person {
        if day < plan.aideLeftDay, time < 720, LocalDate(daysSinceEpoch: day).isoWeekday <= 5 { return plan.aide }
        return rng.pick([plan.caregiver, plan.caregiver, plan.otherCaregiver, plan.recipient])
    }

    private mutating func writeScheduledDose(_ day: Int, _ time: Int) {
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

    private mutating func writePRNDose(_ day: Int, strength: Int, unit: String) {
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

    // MARK: day by day

    private mutating func writeDay(_ day: Int) {
        let label = CirclePlan.label(day)
        let weekday = LocalDate(daysSinceEpoch: day).isoWeekday
        let progress = Double(day - plan.firstDay) / Double(max(1, plan.lastDay - plan.firstDay))
        // Blood pressure falls slowly as the medication is raised; glucose drifts down too.
        let systolic = Int(150 - 14 * progress + rng.gauss(8))
        let morning = 450 + rng.int(-20...25)
        writeMeasurement(
            day, morning, "Blood pressure before breakfast, \(label)", kind: "bloodPressure", systolic: systolic,
            diastolic: Int(86 - 5 * progress + rng.gauss(5)), unit: "mmHg", loinc: "85354-9", context: "seated, left arm, before breakfast",
            privacy: .circle)
        writeMeasurement(
            day, morning + 1, "Resting pulse, \(label)", kind: "heartRate", value: (72 + rng.int(-8...14)) * 10, unit: "/min", loinc: "8867-4",
            context: "seated", privacy: .caregivers)
        writeMeasurement(
            day, morning + 10, "Fasting sugar check, \(label)", kind: "bloodGlucose", value: Int((135 - 15 * progress + rng.gauss(14)) * 10),
            unit: "mg/dL", loinc: "41653-7", context: "fasting, fingerstick", privacy: .caregivers, by: plan.recipient)
        if rng.chance(0.4) {
            writeMeasurement(
                day, 1140 + rng.int(0...40), "Blood pressure in the evening, \(label)", kind: "bloodPressure", systolic: systolic - rng.int(0...10),
                diastolic: Int(82 + rng.gauss(5)), unit: "mmHg", loinc: "85354-9", context: "seated, after supper", privacy: .circle)
        }
        if weekday == 1 {
            writeMeasurement(
                day, morning + 15, "Weekly weigh-in, \(label)", kind: "weight", value: Int((71.5 - 1.2 * progress + rng.gauss(0.4)) * 10), unit: "kg",
                loinc: "29463-7", context: "bathroom scale, before breakfast", privacy: .caregivers)
        }
        if rng.chance(0.06) {
            writeMeasurement(
                day, 1200, "Temperature under the tongue, \(label)", kind: "temperature", value: 368 + rng.int(0...14), unit: "°C", loinc: "8310-5",
                context: "oral", privacy: .caregivers, by: plan.otherCaregiver)
        }
        if rng.chance(0.1) {
            writeMeasurement(
                day, 1210, "Oxygen on the finger clip, \(label)", kind: "oxygenSaturation", value: (93 + rng.int(0...5)) * 10, unit: "%",
                loinc: "59408-5", context: "at rest", privacy: .caregivers, by: plan.otherCaregiver)
        }
        if rng.chance(0.2) { writeSymptom(day, label) }
        if weekday == 3 { writeNote(day, label, week: (day - plan.firstDay) / 7) }
        let week = (day - plan.firstDay) / 7
        if weekday == 4, week % 3 == 1 { writeAppointment(day: day, status: rng.chance(0.1) ? "cancelled" : "completed") }
        if weekday == 2, week % 4 == 1 { writeLabReport(day, panel: (week / 4) % LabPanelPlan.panels.count) }
        if weekday == 5, week % 8 == 5 { writeLetter(day) }
    }

    private mutating func writeMeasurement(
        _ day: Int, _ minute: Int, _ title: String, kind: String, value: Int? = nil, systolic: Int? = nil, diastolic: Int? = nil,
        unit: String, loinc: String, context: String, privacy: PrivacyLevel, by person: CirclePlan.Person? = nil
    ) {
        begin("measurement", title, day: day, minute: minute, by: person ?? plan.recipient, privacy: privacy, createdLater: 1)
        w.field("kind", kind)
        if let value { w.field("value", tenths: value) }
        if let systolic { w.field("systolic", int: systolic) }
        if let diastolic { w.field("diastolic", int: diastolic) }
        w.field("unit", unit)
        w.field("loinc", loinc)
        w.field("context", context)
        end()
    }

    private mutating func writeSymptom(_ day: Int, _ label: String) {
        let symptoms: [(String, String, PrivacyLevel)] = [
            ("Knee aching on the stairs", "right knee", .circle), ("Dizzy when standing up", "head", .caregivers),
            ("Headache after lunch", "head", .circle), ("Poor sleep, up three times", "", .caregivers),
            ("Swollen ankles by the evening", "both ankles", .caregivers), ("Bladder urgency at night", "bladder", .restricted),
            ("Heartburn after supper", "chest", .circle), ("Feeling low and teary", "", .private),
        ]
        let (name, site, privacy) = rng.pick(symptoms)
        let person = privacy == .private ? plan.recipient : rng.pick([plan.recipient, plan.caregiver])
        begin(
            "symptom", "\(name), \(label)", day: day, minute: rng.int(8 * 60...21 * 60), by: person, privacy: privacy,
            visibleTo: [plan.caregiver], createdLater: 5)
        w.field("name", name)
        w.field("severity", int: rng.int(1...8))
        if !site.isEmpty { w.field("bodySite", site) }
        w.field("durationMinutes", int: rng.int(1...36) * 10)
        if rng.chance(0.4) { w.field("notes", "Better after a rest and a cup of tea.\nWill mention it at the next visit.") }
        end()
    }

    private mutating func writeNote(_ day: Int, _ label: String, week: Int) {
        switch week % 5 {
        case 0:
            begin("observation", "Thinking about the house, \(label)", day: day, minute: 1290, by: plan.recipient, privacy: .private)
            w.field("kind", "note")
            w.field("text", "I have not told the children yet, but I have been looking at **sheltered flats**. Not ready to talk about it.")
        case 1, 3:
            begin(
                "observation", "Exercises for the knees, \(label)", day: day, minute: 1000, by: plan.caregiver, privacy: .restricted,
                visibleTo: [plan.caregiver, plan.supporter])
            w.field("kind", "note")
            w.field("text", "The physio's sheet: 10 slow sit-to-stands, heel raises at the counter. \(plan.supporter.firstName) walks with her on Thursdays.")
        default:
            begin("observation", "How the week went, \(label)", day: day, minute: 1230, by: plan.caregiver, privacy: .caregivers)
            w.field("kind", "note")
            w.field("text", "- Ate well most days\n- Walked to the corner twice\n- Asked about the \"new\" tablets again")
        }
        end()
    }

    private mutating func writeAppointment(day: Int, status: String) {
        let (provider, specialty, location) = rng.pick(Names.providers)
        let start = 630 + 15 * rng.int(0...16)
        let restricted = specialty == "Podiatry" || specialty == "Neurology"
        begin(
            "appointment", "\(specialty) visit with \(provider)", day: day, minute: start, by: plan.caregiver,
            privacy: restricted ? .restricted : .circle, visibleTo: [plan.caregiver, plan.otherCaregiver, plan.supporter],
            createdLater: -rng.int(7...21) * 1440)
        w.field("provider", provider)
        w.field("specialty", specialty)
        w.field("location", location)
        w.field("start", day: day, minute: start)
        w.field("end", day: day, minute: start + 30)
        w.field("purpose", rng.pick(["Review of the last labs and the blood pressure log", "Routine follow-up", "Check on the new tablets"]))
        w.field("status", status)
        if status == "completed" {
            w.field("outcome", "- Blood pressure **better** on the home log\n- Keep the same doses\n- Bloods again in four weeks")
            w.field("followUpDate", day: day + 28)
        }
        end()
    }

    private mutating func writeLetter(_ day: Int) {
        begin("document", "Letter from the clinic after the visit, \(CirclePlan.label(day))", day: day, minute: 600, by: plan.caregiver, privacy: .caregivers)
        w.field("kind", "letter")
        w.field("from", Names.providers[2].0)
        w.field("summary", "No change needed; repeat in six months.")
        end(attachment: ("\(plan.id)-att-\(day)", "clinic-letter-\(day).pdf"))
    }

    // MARK: lab reports

    private mutating func writeLabReport(_ day: Int, panel index: Int) {
        let panel = LabPanelPlan.panels[index]
        let progress = Double(day - plan.firstDay) / Double(max(1, plan.lastDay - plan.firstDay))
        begin("document", "\(panel.name), \(CirclePlan.label(day)) draw", day: day, minute: 485, by: plan.caregiver, privacy: .caregivers, createdLater: 1800)
        w.field("kind", "labReport")
        w.field("laboratory", "Quest Diagnostics")
        w.field("orderedBy", Names.providers[0].0)
        w.field("collectedAt", day: day, minute: 485)
        w.field("reportedAt", day: day + 1, minute: 880)
        w.field("status", rng.chance(0.9) ? "final" : "corrected")
        w.key("panel")
        w.beginObject()
        w.field("name", panel.name)
        w.field("loinc", panel.loinc)
        w.endObject()
        w.key("results")
        w.beginArray()
        for analyte in panel.analytes {
            labResults += 1
            w.beginObject()
            w.field("name", analyte.name)
            w.field("loinc", analyte.loinc)
            if let text = analyte.text {
                let abnormal = rng.chance(0.25)
                w.field("value", abnormal ? "Trace" : text)
                w.key("referenceRange")
                w.beginObject()
                w.field("text", text)
                w.endObject()
                if abnormal { w.field("flag", "abnormal") }
            } else {
                let value = Int(((analyte.start + (analyte.end - analyte.start) * progress) * (1 + rng.gauss(0.04))) * 10)
                if let cap = analyte.reportedAbove, value > cap * 10 {
                    w.field("value", tenths: cap * 10)
                    w.field("comparator", ">")
                } else {
                    w.field("value", tenths: value)
                }
                w.field("unit", analyte.unit)
                w.key("referenceRange")
                w.beginObject()
                if let low = analyte.low { w.field("low", tenths: low) }
                if let high = analyte.high { w.field("high", tenths: high) }
                w.endObject()
                // Half the flags are written, the rest left for carereport to derive.
                if rng.chance(0.5) {
                    if let high = analyte.high, value > high { w.field("flag", value > high * 3 / 2 ? "criticalHigh" : "high") }
                    else if let low = analyte.low, value < low { w.field("flag", "low") }
                    else { w.field("flag", "normal") }
                }
            }
            w.endObject()
        }
        w.endArray()
        w.field("conclusion", "Compared with the last draw: see the trend. *Discuss at the next visit.*")
        end()
    }
}

/// The lab panels drawn in turn, every four weeks, so each analyte repeats and trends.
struct LabPanelPlan {
    struct Analyte {
        let name: String
        let loinc: String
        let unit: String
        let start: Double
        let end: Double
        let low: Int?  // tenths
        let high: Int?  // tenths
        var text: String? = nil
        var reportedAbove: Int? = nil
    }

    let name: String
    let loinc: String
    let analytes: [Analyte]

    static let panels: [LabPanelPlan] = [
        LabPanelPlan(name: "Diabetes and lipid follow-up", loinc: "24331-1", analytes: [
            Analyte(name: "Hemoglobin A1c", loinc: "4548-4", unit: "%", start: 7.9, end: 7.1, low: nil, high: 57),
            Analyte(name: "Cholesterol, total", loinc: "2093-3", unit: "mg/dL", start: 210, end: 185, low: nil, high: 2000),
            Analyte(name: "HDL cholesterol", loinc: "2085-9", unit: "mg/dL", start: 44, end: 50, low: 400, high: nil),
            Analyte(name: "LDL cholesterol (calculated)", loinc: "13457-7", unit: "mg/dL", start: 128, end: 104, low: nil, high: 1000),
            Analyte(name: "Triglycerides", loinc: "2571-8", unit: "mg/dL", start: 170, end: 150, low: nil, high: 1500),
        ]),
        LabPanelPlan(name: "Basic metabolic panel", loinc: "51990-0", analytes: [
            Analyte(name: "Glucose", loinc: "2345-7", unit: "mg/dL", start: 142, end: 120, low: 700, high: 990),
            Analyte(name: "Creatinine", loinc: "2160-0", unit: "mg/dL", start: 1.1, end: 1.2, low: 6, high: 11),
            Analyte(name: "eGFR", loinc: "33914-3", unit: "mL/min/1.73m2", start: 62, end: 56, low: 600, high: nil, reportedAbove: 60),
            Analyte(name: "Sodium", loinc: "2951-2", unit: "mmol/L", start: 139, end: 136, low: 1350, high: 1450),
            Analyte(name: "Potassium", loinc: "2823-3", unit: "mmol/L", start: 4.3, end: 4.9, low: 35, high: 51),
        ]),
        LabPanelPlan(name: "Complete blood count", loinc: "58410-2", analytes: [
            Analyte(name: "Hemoglobin", loinc: "718-7", unit: "g/dL", start: 12.4, end: 11.6, low: 120, high: 155),
            Analyte(name: "White blood cells", loinc: "6690-2", unit: "10*3/uL", start: 6.8, end: 7.2, low: 40, high: 110),
            Analyte(name: "Platelets", loinc: "777-3", unit: "10*3/uL", start: 240, end: 225, low: 1500, high: 4000),
        ]),
        LabPanelPlan(name: "Urinalysis", loinc: "24356-8", analytes: [
            Analyte(name: "Protein, urine", loinc: "2888-6", unit: "", start: 0, end: 0, low: nil, high: nil, text: "Negative"),
            Analyte(name: "Albumin/creatinine ratio", loinc: "9318-7", unit: "mg/g", start: 24, end: 34, low: nil, high: 300),
        ]),
    ]
}
