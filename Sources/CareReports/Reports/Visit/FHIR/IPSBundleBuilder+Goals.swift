import Foundation

/// Care-plan goals as IPS `Goal` resources (Plan of Care, 18776-5): each measurable target with its
/// LOINC-coded `measure` (8480-6 and 8462-4 for blood pressure, 4548-4 for A1c, the code the goal
/// names otherwise) and its bound (`detailQuantity` with its comparator, `detailRange`); the
/// `achievementStatus` the rules of docs/goals.md give (else the one the source stated); and
/// `outcomeReference` to the readings (or the latest result) that judged it, written as
/// Observations in the bundle. Only the viewer's records are used, as everywhere.
extension IPSBundleBuilder {
    static let achievementSystem = "http://terminology.hl7.org/CodeSystem/goal-achievement"

    /// The LOINC code a reading target is measured by.
    static func measureCode(_ target: GoalTarget) -> (code: String, display: String)? {
        switch (target.measure, target.component) {
        case (.reading(.bloodPressure), .systolic?): return ("8480-6", "Systolic blood pressure")
        case (.reading(.bloodPressure), .diastolic?): return ("8462-4", "Diastolic blood pressure")
        case (.reading(let kind), _): return vitalCodes[kind].map { ($0.code, $0.display) } ?? target.loinc.map { ($0, "") }
        case (.lab, _): return target.loinc.map { ($0, $0 == "4548-4" ? "Hemoglobin A1c/Hemoglobin.total in Blood" : "") }
        }
    }

    func goalEntries(into section: inout Section) {
        let board = GoalBoard(context)
        let views = board.views(context, all: true)
        for (entry, view) in zip(board.entries, views) {
            let id = uuid("Goal", entry.record.id)
            let observation = entry.observation
            let lifecycle: String = switch entry.goal?.lifecycle ?? lifecycle(observation.facts?.status) {
            case .proposed: "proposed"
            case .active: "active"
            case .onHold: "on-hold"
            case .completed: "completed"
            case .cancelled: "cancelled"
            }
            let achievement = entry.judgement?.status ?? (entry.judgement == nil ? entry.goal?.statedAchievement : nil)
            let due = entry.goal?.due.flatMap { FHIRJSON.date($0, in: zone) }
            let targets = (entry.goal?.targets ?? []).compactMap { target in goalTarget(target, due: due) }
            var outcomes: [JSONValue] = []
            if let judgement = entry.judgement, judgement.verdict != .tooFew || judgement.rule == .homeBloodPressure {
                outcomes = outcomeReferences(judgement, section: &section)
            }
            let start = entry.goal?.start ?? observation.onset
            section.entries.append((id, FHIRJSON.object([
                ("resourceType", .string("Goal")),
                ("id", .string(id)),
                ("lifecycleStatus", .string(lifecycle)),
                ("achievementStatus", achievement.map { status in
                    FHIRJSON.concept(GoalWording(context: context).statusWord(status), [FHIRJSON.coding(Self.achievementSystem, status.rawValue, status.display)])
                }),
                ("description", FHIRJSON.concept(view.name, codingsJSON(entry.record.codings))),
                ("subject", patientReference),
                ("startDate", start.flatMap(goalStartDate)),
                ("_startDate", FHIRJSON.absent(start)),
                ("target", targets.isEmpty ? nil : .array(targets)),
                ("expressedBy", entry.goal?.expressedBy.map { FHIRJSON.object([("display", .string($0))]) }),
                ("note", .array([FHIRJSON.object([("text", .string(view.detail))])])),
                ("outcomeReference", outcomes.isEmpty ? nil : .array(outcomes)),
            ]), "\(view.name) \(view.detail)"))
        }
    }

    private func lifecycle(_ status: ClinicalFacts.Status?) -> CareGoal.Lifecycle {
        switch status {
        case .planned?: .proposed
        case .completed?: .completed
        case .cancelled?: .cancelled
        case .inactive?: .onHold
        default: .active
        }
    }

    private func goalStartDate(_ date: CareDate) -> JSONValue? {
        switch date {
        case .unknown: nil
        case .partial(let partial): .string(partial.description)
        default: .string(context.day(date).description)
        }
    }

    private func goalTarget(_ target: GoalTarget, due: JSONValue?) -> JSONValue? {
        guard let code = Self.measureCode(target) else { return nil }
        let measure = FHIRJSON.concept(nil, [FHIRJSON.coding(FHIRJSON.loinc, code.code, code.display.isEmpty ? nil : code.display)])
        var detail: (String, JSONValue)
        if let comparator = target.comparator, let value = target.value, target.low == nil, target.high == nil {
            let ucum = target.unit.flatMap(UCUMUnits.code)
            detail = ("detailQuantity", FHIRJSON.object([
                ("value", .number(value)), ("comparator", .string(comparator.rawValue)), ("unit", FHIRJSON.string(target.unit)),
                ("system", ucum.map { _ in .string(FHIRJSON.ucum) }), ("code", FHIRJSON.string(ucum)),
            ]))
        } else if target.low != nil || target.high != nil {
            detail = ("detailRange", FHIRJSON.object([
                ("low", target.low.map { rangeBound($0, target.unit) }), ("high", target.high.map { rangeBound($0, target.unit) }),
            ]))
        } else {
            return nil
        }
        return FHIRJSON.object([("measure", measure), detail, ("dueDate", due)])
    }

    /// References to what judged the goal: each reading (written as an Observation in the bundle),
    /// or the latest result as the Results section writes it.
    private func outcomeReferences(_ judgement: GoalJudgement, section: inout Section) -> [JSONValue] {
        switch judgement.rule {
        case .homeBloodPressure, .fingerstickGlucose, .cgmGlucose, .reading:
            let byId = Dictionary(context.records.healthRecords.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
            return judgement.evidence.compactMap { recordId -> JSONValue? in
                guard let record = byId[recordId], case .measurement(let reading) = record.data else { return nil }
                let (id, resource) = vitalObservation(record, reading)
                section.supporting.append((id, resource))
                return FHIRJSON.reference(id)
            }
        case .lab:
            guard let recordId = judgement.evidence.first else { return [] }
            return summary.catalog.analytes.compactMap { analyte -> JSONValue? in
                guard let latest = analyte.points.last, latest.entry.record.id == recordId, latest.result.loinc != nil,
                    case .number(let value) = latest.result.value, value == judgement.latest?.value
                else { return nil }
                return FHIRJSON.reference(uuid("Observation", "\(recordId)|\(analyte.key)"))
            }
        case .activity, .adherence:
            return []
        }
    }
}
