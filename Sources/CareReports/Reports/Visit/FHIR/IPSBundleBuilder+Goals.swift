import Foundation

/// Care-plan goals as IPS `Goal` resources (Plan of Care, 18776-5): each measurable target with its
/// LOINC-coded `measure` (8480-6 and 8462-4 for blood pressure, 4548-4 for A1c, the code the goal
/// names otherwise) and its bound (`detailQuantity` with its comparator, `detailRange`); an activity
/// or adherence goal's target with its measure in words (no LOINC code measures tasks done a week
/// or a share of doses); an `achievementStatus` on every goal (docs/goals.md, "In the IPS"); and
/// `outcomeReference` to the readings (or the latest result) that judged it, written as
/// Observations in the bundle. Only the viewer's records are used, as everywhere.
extension IPSBundleBuilder {
    static let achievementSystem = "http://terminology.hl7.org/CodeSystem/goal-achievement"

    /// The LOINC code a reading target is measured by.
    static func measureCode(_ target: GoalTarget) -> (code: String, display: String)? {
        switch (target.measure, target.component) {
        case (.reading(.bloodPressure), .systolic?): return ("8480-6", "Systolic blood pressure")
        case (.reading(.bloodPressure), .diastolic?): return ("8462-4", "Diastolic blood pressure")
        case (.reading(let kind), _): return readingCode(kind, unit: target.unit, loinc: target.loinc)
        case (.lab, _): return target.loinc.map { ($0, $0 == "4548-4" ? "Hemoglobin A1c/Hemoglobin.total in Blood" : "") }
        }
    }

    func goalEntries(into section: inout Section) {
        let board = GoalBoard(context)
        let views = board.views(context, all: true)
        for (entry, view) in zip(board.entries, views) {
            let id = uuid("Goal", entry.record.id)
            let observation = entry.observation
            let lifecycle: String = if let stated = entry.goal?.statedLifecycle { stated } else { switch entry.goal?.lifecycle ?? lifecycle(observation.facts?.status) {
            case .proposed: "proposed"
            case .active: "active"
            case .onHold: "on-hold"
            case .completed: "completed"
            case .cancelled: "cancelled"
            } }
            let due = entry.goal?.due.flatMap { FHIRJSON.date($0, in: zone) }
            let targets = (entry.goal?.targets ?? []).compactMap { target in goalTarget(target, due: due) } + (entry.goal.map { taskTargets($0, due: due) + statedTargets($0, name: view.name, due: due) } ?? [])
            var outcomes: [JSONValue] = []
            if let judgement = entry.judgement, judgement.verdict != .tooFew || judgement.rule == .homeBloodPressure {
                outcomes = outcomeReferences(judgement, section: &section)
            }
            let start = entry.goal?.start ?? observation.onset
            section.entries.append((id, FHIRJSON.object([
                ("resourceType", .string("Goal")),
                ("id", .string(id)),
                ("lifecycleStatus", .string(lifecycle)),
                ("achievementStatus", achievementStatus(entry, view: view, lifecycle: lifecycle)),
                ("description", FHIRJSON.concept(view.name, codingsJSON(entry.record.codings))),
                ("subject", patientReference),
                ("startDate", start.flatMap(goalStartDate)),
                ("_startDate", FHIRJSON.absent(start)),
                ("target", targets.isEmpty ? nil : .array(targets)),
                ("expressedBy", entry.goal?.expressedBy.map { FHIRJSON.object([("display", .string($0))]) }),
                ("note", .array([FHIRJSON.object([("text", .string(view.line))])])),
                ("outcomeReference", outcomes.isEmpty ? nil : .array(outcomes)),
            ]), view.line))
        }
    }

    /// Every goal's achievement status (docs/goals.md, "In the IPS"): the code the rules give; else
    /// the one the source states; else, for an active goal carereport cannot judge (too few
    /// readings, nothing the reader sees, no measurable target), `in-progress` ("being sought"),
    /// its text saying why it was not judged; a proposed, on-hold, completed or cancelled goal not
    /// judged gets the words only, never a code the data do not give.
    private func achievementStatus(_ entry: GoalBoard.Entry, view: GoalView, lifecycle: String) -> JSONValue {
        let wording = GoalWording(context: context)
        let coded = { (status: GoalAchievement, text: String) in
            FHIRJSON.concept(text, [FHIRJSON.coding(Self.achievementSystem, status.rawValue, status.display)])
        }
        if let status = entry.judgement?.status { return coded(status, wording.statusWord(status)) }
        if let stated = entry.goal?.statedAchievement { return coded(stated, view.status) }
        if lifecycle == "active" { return coded(.inProgress, view.status) }
        return FHIRJSON.concept(view.status)
    }

    /// The targets a source states and the rules do not measure, written back as stated: a coded
    /// value as `detailCodeableConcept`, yes/no as `detailBoolean`, anything else as `detailString`.
    /// FHIR requires a `measure` beside a detail (gol-1): the source's, else the goal's own name.
    private func statedTargets(_ goal: CareGoal, name: String, due: JSONValue?) -> [JSONValue] {
        let wording = GoalWording(context: context)
        return goal.statedTargets.map { target in
            let detail: (String, JSONValue) = switch target.detail {
            case .boolean(let value): ("detailBoolean", .bool(value))
            case .text(let text) where !target.codings.isEmpty: ("detailCodeableConcept", FHIRJSON.concept(text, given: target.codings))
            case .text: ("detailString", .string(wording.statedDetail(target)))
            }
            return FHIRJSON.object([("measure", FHIRJSON.concept(target.measure ?? name, given: target.measureCodings)), detail, ("dueDate", due)])
        }
    }

    /// The target of an activity goal (tasks with its tag done a week, at least `timesPerWeek`) and of
    /// an adherence goal (doses taken of those due, at least the share): measures no LOINC code
    /// names, so each is said in words.
    private func taskTargets(_ goal: CareGoal, due: JSONValue?) -> [JSONValue] {
        let words = context.words
        var targets: [JSONValue] = []
        if let activity = goal.activity {
            targets.append(FHIRJSON.object([
                ("measure", FHIRJSON.concept(words.t("Times a week a task tagged “{tag}” is done", context: "goal measure", ["tag": activity.tag]))),
                ("detailQuantity", FHIRJSON.object([
                    ("value", .number(Double(activity.timesPerWeek))), ("comparator", .string(">=")), ("unit", .string("/wk")),
                    ("system", .string(FHIRJSON.ucum)), ("code", .string("/wk")),
                ])),
                ("dueDate", due),
            ]))
        }
        if let adherence = goal.adherence {
            targets.append(FHIRJSON.object([
                ("measure", FHIRJSON.concept(words.t("Doses taken of those due", context: "goal measure"))),
                ("detailQuantity", FHIRJSON.object([
                    ("value", .number(adherence.atLeastPercent)), ("comparator", .string(">=")), ("unit", .string("%")),
                    ("system", .string(FHIRJSON.ucum)), ("code", .string("%")),
                ])),
                ("dueDate", due),
            ]))
        }
        return targets
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
