/// The day-by-day records: readings, symptoms, notes and appointments.
extension HealthWriter {
    // MARK: day by day

    mutating func writeDay(_ day: Int) {
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

    mutating func writeMeasurement(
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

    mutating func writeSymptom(_ day: Int, _ label: String) {
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

    mutating func writeNote(_ day: Int, _ label: String, week: Int) {
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

    mutating func writeAppointment(day: Int, status: String) {
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

    mutating func writeLetter(_ day: Int) {
        begin("document", "Letter from the clinic after the visit, \(CirclePlan.label(day))", day: day, minute: 600, by: plan.caregiver, privacy: .caregivers)
        w.field("kind", "letter")
        w.field("from", Names.providers[2].0)
        w.field("summary", "No change needed; repeat in six months.")
        end(attachment: ("\(plan.id)-att-\(day)", "clinic-letter-\(day).pdf"))
    }

}
