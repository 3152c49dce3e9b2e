/// A C-CDA Goal Observation (4.121) beyond its name: the LOINC code it measures and its `value`
/// (IVL_PQ low and/or high: an inclusive range) as a ``GoalTarget``; who set it (its authors,
/// by name; the patient's name for an author who is the record target); the progress a nested Progress
/// Toward Goal observation (4.110) states. A PQ value or a coded or text value is stated only.
extension CCDAReader {
    static let goalObservationTemplate = "2.16.840.1.113883.10.20.22.4.121"
    static let progressTemplate = "2.16.840.1.113883.10.20.22.4.110"

    mutating func careGoal(_ node: CCDANode, status: ClinicalFacts.Status?, start: CareDate?) -> CareGoal {
        let lifecycle: CareGoal.Lifecycle? = switch status {
        case .active: .active
        case .planned: .proposed
        case .cancelled: .cancelled
        case .inactive: .onHold
        default: node.child("statusCode")?.value("code") == "completed" ? .active : nil
        }
        let end = time(node.at("effectiveTime", "high"))
        return CareGoal(
            lifecycle: lifecycle, start: start, due: end, expressedBy: goalAuthors(node), targets: goalTargets(node),
            statedAchievement: goalProgress(node))
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

    /// A nested Progress Toward Goal observation's value (SNOMED CT 390801001 achieved,
    /// 390802008 not achieved) as FHIR's achievement code.
    private func goalProgress(_ node: CCDANode) -> GoalAchievement? {
        for observation in node.all("entryRelationship", "observation") where hasTemplate(observation, Self.progressTemplate) {
            switch observation.child("value")?.value("code") {
            case "390801001": return .achieved
            case "390802008": return .notAchieved
            default: continue
            }
        }
        return nil
    }
}
