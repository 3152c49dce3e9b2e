/// A section of any other kind (Social History, Functional and Mental Status, Reason for Referral,
/// Health Concerns, Pregnancy, a procedure note's diagnoses, findings and plans…) is read by what
/// each entry states, never skipped for its section's code:
/// - an organizer or observation of vital signs (a LOINC vital-sign code, or the vital-sign
///   templates 4.26/4.27) is a measurement, systolic and diastolic paired into one blood pressure;
/// - a problem concern act (4.3), a problem observation (4.4), or an act that holds problem
///   observations (a pre- or postoperative, admission or discharge diagnosis, a health concern) is
///   a problem;
/// - an act in a planned mood (INT, RQO, PRMS, ARQ, APT, PRP) is planned care, named by its code
///   or the product or the narrative it references;
/// - a `procedure` in event mood is a procedure;
/// - any other observation with a value is a finding: its name and value as stated (pregnancy
///   status and its expected delivery date, smoking status, an exam finding, a functional or
///   mental status); a family history organizer's (4.45) observations are named by the relative
///   ("Father") with the relative's condition as the value;
///   (a relative's finding is the relative's: the IPS writes it as a FamilyMemberHistory); a negated
///   finding is shown as stated not present;
/// - what none of these reads is shown by the section's narrative (`CCDAReader+Ledger`).
extension CCDAReader {
    static let vitalTemplates: Set<String> = ["2.16.840.1.113883.10.20.22.4.26", "2.16.840.1.113883.10.20.22.4.27"]
    static let problemTemplates: Set<String> = ["2.16.840.1.113883.10.20.22.4.3", "2.16.840.1.113883.10.20.22.4.4"]
    /// HL7 ActCode ASSERTION: the observation's value is the finding itself ("Pregnant").
    static let assertionCode = "ASSERTION"

    mutating func readAnySection(_ section: CCDANode) {
        var looseVitals: [CCDANode] = []
        for entry in section.children("entry") {
            for statement in Self.entryActs.flatMap({ entry.children($0) }) {
                if statement.name == "observation", isVitalSign(statement) { looseVitals.append(statement) } else { readStatement(statement) }
            }
        }
        readLooseVitals(looseVitals)
    }

    private mutating func readStatement(_ node: CCDANode) {
        if isVitalSign(node) {
            let observations = node.name == "organizer" ? node.all("component", "observation") : [node]
            readVitalOrganizer(observations, organizer: node.name == "organizer" ? node : nil)
            return
        }
        if node.name == "organizer" {
            // A family history organizer (4.45) names the relative its observations are about.
            let relative = hasTemplate(node, "2.16.840.1.113883.10.20.22.4.45")
                ? node.at("subject", "relatedSubject", "code").flatMap { displayName($0) } : nil
            for component in node.children("component") {
                for act in Self.entryActs.flatMap({ component.children($0) }) {
                    if let relative, act.name == "observation" { readFinding(act, about: relative) } else { readStatement(act) }
                }
            }
            return
        }
        let problems = node.name == "act"
            ? node.all("entryRelationship", "observation").filter { hasTemplate($0, "2.16.840.1.113883.10.20.22.4.4") } : []
        if !problems.isEmpty, !Self.plannedMoods.contains(node.value("moodCode") ?? "") {
            // A diagnosis act (pre- or postoperative, admission, discharge, a health concern) holds problems.
            for observation in problems { readProblem(observation, act: node) }
            return
        }
        if node.children("templateId").contains(where: { Self.problemTemplates.contains($0.value("root") ?? "") }) {
            if node.name == "act" {
                for observation in node.all("entryRelationship", "observation") { readProblem(observation, act: node) }
            } else {
                readProblem(node, act: nil)
            }
            return
        }
        if Self.plannedMoods.contains(node.value("moodCode") ?? "") {
            readClinicalAct(node, kind: .plan)
        } else if node.name == "procedure" {
            readClinicalAct(node, kind: .procedure)
        } else if node.name == "observation", node.child("value") != nil {
            readFinding(node)
        }
    }

    private func isVitalSign(_ node: CCDANode) -> Bool {
        if node.children("templateId").contains(where: { Self.vitalTemplates.contains($0.value("root") ?? "") }) { return true }
        let observations = node.name == "organizer" ? node.all("component", "observation") : node.name == "observation" ? [node] : []
        return !observations.isEmpty && observations.allSatisfy { observation in
            guard let code = observation.child("code"), code.value("codeSystem") == CCDAReader.loinc else { return false }
            return VitalSignCodes.loinc.contains(code.value("code") ?? "")
        }
    }

    /// An observation stated as a fact: named by its code (by its value when the code is only
    /// ASSERTION), its value as the detail, a date value (an expected delivery date) in words.
    /// `about`: the relative a family history observation is about, as the document names them; the
    /// finding is then named by the relative ("Father") and its value is the relative's condition.
    private mutating func readFinding(_ node: CCDANode, about relative: String? = nil) {
        // A finding stated as absent ("no diabetes in the mother") is shown as that, never dropped.
        let negated = node.value("negationInd") == "true"
        let code = node.child("code")
        let value = node.child("value")
        let assertion = code?.value("code") == Self.assertionCode
        let named = relative
            ?? (assertion ? nil : code.flatMap { $0.isNull && $0.child("originalText") == nil ? nil : displayName($0) })
        guard let name = (named ?? value.flatMap { $0.isNull ? nil : displayName($0) }).map(CCDANode.collapse), !name.isEmpty else {
            warn(node, "the observation names nothing (no code, displayName, originalText or value); skipped")
            return
        }
        let effectiveTime = node.child("effectiveTime")
        let own = start(effectiveTime) ?? time(node.at("author", "time"))
        let unknown = own == nil && Self.statesUnknown(effectiveTime)
        guard let date = recordDate(own, node, what: "the observation", unknown: unknown, statement: true) else { return }
        var detail = named == nil ? nil : findingValue(of: node)
        // Related facts stated inside it (a pregnancy's expected delivery date, 11778-8).
        var dated: CareDate?
        var datedName: String?
        var datedCodes: [Coding] = []
        for related in node.all("entryRelationship", "observation") {
            guard let relatedName = displayName(related.child("code")) else { continue }
            if related.child("value")?.xsiType == "TS", let day = time(related.child("value")) {
                dated = day
                datedName = relatedName
                datedCodes = codings(related.child("code"))
                detail = [detail, relatedName].compactMap { $0 }.joined(separator: "; ")
            } else if let words = findingValue(of: related) {
                detail = [detail, "\(relatedName): \(words)"].compactMap { $0 }.joined(separator: "; ")
            }
        }
        // The finding's own codes: the value's when the value is the finding (ASSERTION, a relative's
        // condition), else the code's, the coded value's apart (the answer is not the question).
        let valueIsFinding = assertion || relative != nil
        let valueCodes = !valueIsFinding && ["CD", "CE", "CO", "CV"].contains(value?.xsiType ?? "") ? codings(value) : []
        let facts = ClinicalFacts(
            detail: detail, dateValue: dated, familyMember: relative, notPresent: negated, valueCodings: valueCodes, dateValueName: datedName,
            dateValueCodings: datedCodes)
        let observation = Observation(kind: .finding, name: name, onset: own ?? (date.isUnknown ? date : nil), facts: facts)
        let codes = valueIsFinding ? codings(value) : codings(code)
        records.append(ImportedRecord(
            id: makeID(node, kind: "finding"), title: name, date: date, data: .observation(observation), codings: codes))
    }

    /// A value in words: a quantity with its unit, a range, a coded value's name, text; nil for a date.
    private func findingValue(of observation: CCDANode) -> String? {
        guard let value = observation.child("value"), !value.isNull else { return nil }
        switch value.xsiType {
        case "TS", "IVL_TS": return nil
        case "BL": return value.value("value") == "true" ? "yes" : value.value("value") == "false" ? "no" : nil
        case "INT", "REAL": return value.value("value")
        default: return detail(observation, kind: .goal) ?? value.text
        }
    }
}
