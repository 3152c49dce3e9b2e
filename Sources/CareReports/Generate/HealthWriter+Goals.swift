/// Care-plan goals (docs/goals.md), written after every other health record so that the others
/// keep their ids and contents: a home blood-pressure goal below 140/90 (circle), fasting sugar
/// 80–130 mg/dL (caregivers, as the readings), an A1c below 7.5 % due a quarter after the data ends,
/// doses taken of due (at least 90 %), and one goal stated only, with no measurable target.
/// No random numbers are drawn: the export's other records are the same with or without goals.
extension HealthWriter {
    mutating func writeGoals() {
        let start = plan.firstDay
        let doctor = "Dr. Anh Nguyen"
        writeGoal(
            "Keep the home blood pressure below 140/90", day: start, privacy: .circle, expressedBy: doctor,
            targets: [("bloodPressure", "systolic", nil, "<", 140, "mmHg"), ("bloodPressure", "diastolic", nil, "<", 90, "mmHg")])
        writeGoal(
            "Fasting sugar between 80 and 130", day: start, privacy: .caregivers, expressedBy: doctor, range: (80, 130),
            targets: [("bloodGlucose", nil, nil, nil, nil, "mg/dL")])
        writeGoal(
            "Bring the A1c under 7.5", day: start, privacy: .caregivers, expressedBy: doctor, due: plan.lastDay + 90,
            targets: [("lab", nil, "4548-4", "<", 75, "%")])
        writeGoal("Take at least nine in ten doses", day: start, privacy: .caregivers, adherence: 90)
        writeGoal("Stay at home with help", day: start, privacy: .circle, expressedBy: plan.recipient.firstName)
    }

    /// A target: measure, component, LOINC, comparator, value in tenths (75 is 7.5; whole numbers ×1 for mmHg), unit.
    typealias TargetPlan = (measure: String, component: String?, loinc: String?, comparator: String?, value: Int?, unit: String)

    private mutating func writeGoal(
        _ description: String, day: Int, privacy: PrivacyLevel, expressedBy: String? = nil, due: Int? = nil, range: (Int, Int)? = nil,
        adherence: Int? = nil, targets: [TargetPlan] = []
    ) {
        begin("goal", description, day: day, minute: 660, by: plan.caregiver, privacy: privacy, visibleTo: [plan.caregiver, plan.otherCaregiver])
        w.field("description", description)
        w.field("lifecycleStatus", "active")
        w.field("startDate", day: day)
        if let due { w.field("dueDate", day: due) }
        if let expressedBy { w.field("expressedBy", expressedBy) }
        w.key("targets")
        w.beginArray()
        for target in targets {
            w.beginObject()
            w.field("measure", target.measure)
            if let component = target.component { w.field("component", component) }
            if let loinc = target.loinc { w.field("loinc", loinc) }
            if let (low, high) = range {
                w.field("low", int: low)
                w.field("high", int: high)
            }
            if let comparator = target.comparator, let value = target.value {
                w.field("comparator", comparator)
                if target.unit == "%" { w.field("value", tenths: value) } else { w.field("value", int: value) }
            }
            w.field("unit", target.unit)
            w.endObject()
        }
        w.endArray()
        if let adherence {
            w.key("adherence")
            w.beginObject()
            w.field("atLeastPercent", int: adherence)
            w.endObject()
        }
        end()
    }
}
