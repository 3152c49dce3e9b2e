/// A C-CDA Goal Observation (4.121) beyond its name: the LOINC code it measures and its `value`
/// (IVL_PQ low and/or high: an inclusive range) as a ``GoalTarget``; who set it (its authors,
/// by name; the patient's name for an author who is the record target); the progress a Progress
/// Toward Goal observation (4.110) states, nested in the goal or in an Outcome Observation (4.144)
/// that evaluates it (GEVL, by the goal's id). A PQ value or a coded or text value is stated only.
extension CCDAReader {
    static let goalObservationTemplate = "2.16.840.1.113883.10.20.22.4.121"
    static let progressTemplate = "2.16.840.1.113883.10.20.22.4.110"
    static let outcomeTemplate = "2.16.840.1.113883.10.20.22.4.144"

    mutating func careGoal(_ node: CCDANode, name: String, status: ClinicalFacts.Status?, start: CareDate?) -> CareGoal {
        let lifecycle: CareGoal.Lifecycle? = switch status {
        case .active: .active
        case .planned: .proposed
        case .cancelled: .cancelled
        case .inactive: .onHold
        default: node.child("statusCode")?.value("code") == "completed" ? .active : nil
        }
        let end = time(node.at("effectiveTime", "high"))
        let targets = goalTargets(node)
        return CareGoal(
            lifecycle: lifecycle, start: start, due: end, expressedBy: goalAuthors(node), targets: targets,
            statedAchievement: goalProgress(node), statedTargets: targets.isEmpty ? statedTarget(node, name: name) : [])
    }

    /// The goal's `value` when the rules do not measure it (a PQ, a code, a text), as stated, with
    /// the code the goal observes when the goal's name is not that code's own (docs/goals.md).
    private func statedTarget(_ node: CCDANode, name: String) -> [StatedGoalTarget] {
        guard let text = detail(node, kind: .goal).map(CCDANode.collapse), !text.isEmpty, let value = node.child("value") else { return [] }
        let code = node.child("code")
        let measure = displayName(code).map(CCDANode.collapse).flatMap { $0 == name ? nil : $0 }
        let coded = !["PQ", "IVL_PQ", "ST", "ED"].contains(value.xsiType ?? "")
        return [StatedGoalTarget(
            measure: measure, measureCodings: codings(code), detail: .text(text), codings: coded ? codings(value) : [])]
    }

    private func goalTargets(_ node: CCDANode) -> [GoalTarget] {
        guard let code = node.child("code"), code.value("codeSystem") == "2.16.840.1.113883.6.1", let loinc = code.value("code"),
            let value = node.child("value"), !value.isNull, value.xsiType == "IVL_PQ"
        else { return [] }
        let low = value.child("low").flatMap { Self.decimal($0.value("value")) }
        let high = value.child("high").flatMap { Self.decimal($0.value("value")) }
        guard low != nil || high != nil else { return [] }
        let unit = (value.child("low") ?? value.child("high"))?.value("unit").flatMap { $0 == "1" ? nil : FHIRBundleReader.unit($0) }
        let (measure, component) = GoalMeasureCodes.measure(loinc: loinc)
        return [GoalTarget(measure: measure, component: component, loinc: loinc, low: low, high: high, unit: unit)]
    }

    /// The authors' names, joined; an author whose id is the patient's is named by the patient's name.
    private func goalAuthors(_ node: CCDANode) -> String? {
        let patient = Set(xpath.nodes("/h:ClinicalDocument/h:recordTarget/h:patientRole/h:id").map { "\($0.value("root") ?? "")|\($0.value("extension") ?? "")" })
        let patientName = personName(xpath.first("/h:ClinicalDocument/h:recordTarget/h:patientRole/h:patient/h:name")).map(CCDANode.collapse)
        let names = node.children("author").compactMap { author -> String? in
            if let name = personName(author.at("assignedAuthor", "assignedPerson", "name")) { return CCDANode.collapse(name) }
            let ids = (author.at("assignedAuthor").map { $0.children("id") } ?? []).map { "\($0.value("root") ?? "")|\($0.value("extension") ?? "")" }
            return ids.contains(where: patient.contains) ? patientName : nil
        }
        return names.isEmpty ? nil : names.joined(separator: ", ")
    }

    /// The progress the document states for the goal: a Progress Toward Goal observation nested in
    /// the goal, else the one of the latest Outcome Observation that evaluates it (an
    /// `entryRelationship typeCode="GEVL"` whose act carries the goal's id).
    private func goalProgress(_ node: CCDANode) -> GoalAchievement? {
        if let nested = Self.progress(in: node, hasTemplate: hasTemplate) { return nested }
        let ids = Set(node.children("id").compactMap(Self.idKey))
        guard !ids.isEmpty else { return nil }
        let outcomes = xpath.nodes("//h:observation[h:templateId/@root='\(Self.outcomeTemplate)']").filter { outcome in
            outcome.children("entryRelationship").contains { relation in
                relation.value("typeCode") == "GEVL"
                    && relation.children("act").contains { act in act.children("id").compactMap(Self.idKey).contains(where: ids.contains) }
            }
        }
        // The latest evaluation speaks for the goal (HL7 TS values compare by their digits).
        let latest = outcomes.sorted { ($0.child("effectiveTime")?.value("value") ?? "") > ($1.child("effectiveTime")?.value("value") ?? "") }
        return latest.lazy.compactMap { Self.progress(in: $0, hasTemplate: self.hasTemplate) }.first
    }

    private static func idKey(_ id: CCDANode) -> String? {
        guard let root = id.value("root"), !root.isEmpty else { return nil }
        return "\(root)|\(id.value("extension") ?? "")"
    }

    /// A Progress Toward Goal observation's value under `node` as FHIR's achievement code
    /// (`GoalAchievementCodes`).
    private static func progress(in node: CCDANode, hasTemplate: (CCDANode, String) -> Bool) -> GoalAchievement? {
        for observation in node.all("entryRelationship", "observation") where hasTemplate(observation, progressTemplate) {
            guard let value = observation.child("value"), let code = value.value("code"),
                let status = GoalAchievementCodes.achievement(system: value.value("codeSystem") ?? "2.16.840.1.113883.6.96", code: code)
            else { continue }
            return status
        }
        return nil
    }
}
