/// The native `goal` record (export-format.md): read as an observation of kind `.goal` with its
/// ``CareGoal``, every problem reported at its key path.
extension DecodingContext {
    func goalObservation(_ object: JSONNode) -> Observation? {
        let description = string(object, "description")
        let lifecycle = choice(object, "lifecycleStatus", CareGoal.Lifecycle.self)
        let start = date(object, "startDate", required: false)
        let due = date(object, "dueDate", required: false)
        let expressedBy = string(object, "expressedBy", required: false)
        let targets = array(object, "targets", required: true) { item in objectElement(item, goalTarget) }
        let activity = self.object(object, "activity", required: false).map { inner in at("activity") { goalActivity(inner) } } ?? nil
        let adherence = self.object(object, "adherence", required: false).map { inner in at("adherence") { goalAdherence(inner) } } ?? nil
        guard let description, let lifecycle, let targets else { return nil }
        let goal = CareGoal(
            lifecycle: lifecycle, start: start, due: due, expressedBy: expressedBy, targets: targets, activity: activity, adherence: adherence)
        let facts = ClinicalFacts(status: lifecycle.factsStatus, end: due)
        return Observation(kind: .goal, name: description, onset: start, facts: facts, goal: goal)
    }

    private func goalTarget(_ object: JSONNode) -> GoalTarget? {
        let measure = choice(object, "measure", GoalMeasureName.self)
        let component = choice(object, "component", GoalTarget.Component.self, required: false)
        let loinc = string(object, "loinc", required: measure == .lab)
        let low = number(object, "low", required: false)
        let high = number(object, "high", required: false)
        let comparator = choice(object, "comparator", GoalTarget.Comparator.self, required: false)
        let value = number(object, "value", required: comparator != nil)
        if value != nil, comparator == nil {
            at("comparator") { error("required key is missing (a target's \"value\" is one-sided: <, <=, > or >=)") }
            return nil
        }
        let unit = string(object, "unit")
        guard let measure, let unit else { return nil }
        if measure == .lab, loinc == nil { return nil }
        if low == nil, high == nil, value == nil {
            error("a target needs \"low\", \"high\" or \"comparator\" with \"value\"")
            return nil
        }
        if component != nil, measure != .bloodPressure {
            at("component") { error("only a blood-pressure target has a component") }
            return nil
        }
        if measure == .bloodPressure, component == nil {
            at("component") { error("required key is missing (a blood-pressure target is \"systolic\" or \"diastolic\")") }
            return nil
        }
        let kind: GoalTarget.Measure = measure == .lab ? .lab : .reading(Measurement.Kind(rawValue: measure.rawValue) ?? .other)
        return GoalTarget(measure: kind, component: component, loinc: loinc, low: low, high: high, comparator: comparator, value: value, unit: unit)
    }

    private func goalActivity(_ object: JSONNode) -> GoalActivity? {
        let tag = string(object, "tag")
        let times = integer(object, "timesPerWeek", in: 1...100)
        guard let tag, let times else { return nil }
        return GoalActivity(tag: tag, timesPerWeek: times)
    }

    private func goalAdherence(_ object: JSONNode) -> GoalAdherence? {
        let medicationId = string(object, "medicationId", required: false)
        let percent = number(object, "atLeastPercent")
        guard let percent else { return nil }
        guard (0...100).contains(percent) else {
            at("atLeastPercent") { error("expected a percentage from 0 to 100") }
            return nil
        }
        return GoalAdherence(medicationId: medicationId, atLeastPercent: percent)
    }
}

/// A target's `measure`: a measurement kind or `lab`.
enum GoalMeasureName: String, CaseIterable {
    case bloodPressure, heartRate, weight, bloodGlucose, temperature, oxygenSaturation, respiratoryRate, painScore, other, lab
}

extension CareGoal.Lifecycle {
    /// The status in the words every clinical section shares.
    public var factsStatus: ClinicalFacts.Status {
        switch self {
        case .proposed: .planned
        case .active: .active
        case .onHold: .inactive
        case .completed: .completed
        case .cancelled: .cancelled
        }
    }
}
