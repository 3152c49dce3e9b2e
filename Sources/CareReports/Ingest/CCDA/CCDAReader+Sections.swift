import Foundation

/// Immunizations (11369-6), Procedures (47519-4), Medical Equipment (46264-8), Advance Directives
/// (42348-3), Goals (61146-7) and Plan of Treatment (18776-5): each entry act (`substanceAdministration`,
/// `procedure`, `observation`, `act`, `encounter`, `supply`; the components of an `organizer` one by
/// one) becomes one observation of the section's kind, with what the entry states in
/// ``ClinicalFacts``:
/// - name: immunisations from `consumable/…/manufacturedMaterial/code` (else its `name`); devices
///   from the `DEV` (or a supply's `PRD`) participant's `playingDevice/code` (else `manufacturerModelName`), else the
///   act's code; the others from the act's `code`; failing a code, the narrative its `text`
///   references. The codes (with translations) are kept as ``Coding``s;
/// - advance directives and goals: the `value` (coded, a quantity or range, or text) is the detail
///   ("Resuscitation status" → "Not for resuscitation");
/// - status: `negationInd="true"` → not done (refused when the reason is a refusal: PATOBJ,
///   PHILISOP, RELIG, or words such as "declined"/"refused"); a mood other than event (INT, RQO,
///   PRP, APT, ARQ) → planned (a goal's `GOL` mood is its nature, not a status); `aborted` → stopped (before it was finished; no outcome said); a "Failed attempted procedure" act → unsuccessful;
///   `cancelled`, `active`, `completed` as stated (a directive's or goal's `completed` is the
///   record's state, not the directive's, and says nothing);
/// - reason: an `RSON` observation's value (or code), the immunisation refusal reason (4.53),
///   LOINC 77301-0 "Reason care action performed or not";
/// - reported: an `informant` (the person named), as the document states who told it;
/// - UDI: the `DEV` participant's `id` under the FDA root 2.16.840.1.113883.3.3719;
/// - date: `effectiveTime` (value or low), else `time`, else the author's time, else the document's
///   date; `effectiveTime/high` is the end.
/// A negated or null-flavoured entry with no named subject is a statement of absence for
/// immunisations, procedures and devices ("No known medical devices.").
extension CCDAReader {
    static let entryActs = ["substanceAdministration", "procedure", "observation", "act", "encounter", "supply", "organizer"]
    static let plannedMoods: Set<String> = ["INT", "RQO", "PRP", "APT", "ARQ", "PRMS"]
    static let refusalReasons: Set<String> = ["PATOBJ", "PHILISOP", "RELIG", "105480006", "183944003", "183945002", "591000119102"]
    static let udiRoot = "2.16.840.1.113883.3.3719"

    /// Reads every entry of a section of `kind`.
    mutating func readClinicalEntries(_ section: CCDANode, kind: Observation.Kind) {
        for entry in section.children("entry") {
            let acts = Self.entryActs.flatMap { entry.children($0) }
            if acts.isEmpty { warn(entry, "an entry without a clinical statement is not imported; skipped") }
            for act in acts { readClinicalAct(act, kind: kind) }
        }
    }

    mutating func readClinicalAct(_ node: CCDANode, kind: Observation.Kind, organizerDate: CareDate? = nil) {
        if node.name == "organizer" {
            // A directive or equipment organizer: each component is an entry of its own, dated by
            // the organizer when it states no date of its own (an implant's date on its organizer).
            let acts = node.children("component").flatMap { component in Self.entryActs.flatMap { component.children($0) } }
            if acts.isEmpty { warn(node, "an organizer without components states nothing; skipped") }
            let date = start(node.child("effectiveTime")) ?? organizerDate
            for act in acts { readClinicalAct(act, kind: kind, organizerDate: date) }
            return
        }
        // A planned medicine of the Plan of Treatment (still planned: active, new or no status) is a
        // planned medicine: its dose, route and schedule are read as a medication's
        // (docs/clinical-imports.md, "Planned, not taken and unknown medicines"). A cancelled or
        // completed plan stays a plan line with that status: it was never started, nor stopped.
        if kind == .plan, node.name == "substanceAdministration", Self.plannedMoods.contains(node.value("moodCode") ?? ""),
            ["active", "new", nil].contains(node.child("statusCode")?.value("code")),
            node.value("negationInd") != "true", node.at("consumable", "manufacturedProduct", "manufacturedMaterial") != nil {
            readMedication(node, list: nil)
            return
        }
        let subject = subjectCode(node, kind: kind)
        let named = subject.flatMap { code in code.isNull && code.child("originalText") == nil ? nil : displayName(code) }
        let negated = node.value("negationInd") == "true"
        let generic = ([subject].compactMap { $0 } + (subject?.children("translation") ?? [])).contains {
            Self.genericCodes.contains($0.value("code") ?? "")
        }
        // The entry itself null-flavoured ("no information"), or negated / null-coded with nothing specific named.
        if let topic = Self.absenceTopic(kind), node.isNull || ((named == nil || generic) && (negated || subject?.isNull == true)) {
            appendAbsence(node, .generic(topic, negated ? .noneKnown : .noInformation), kind: kind.rawValue)
            return
        }
        let fallback = node.at("text", "reference")?.value("value").flatMap(narrative)
            ?? (kind == .device ? displayName(node.child("code")) : nil)
        guard let name = (named ?? fallback).map(CCDANode.collapse), !name.isEmpty else {
            warn(node, "the entry names nothing (no code, displayName, originalText or text); skipped")
            return
        }
        let effectiveTime = node.child("effectiveTime")
        let own = start(effectiveTime) ?? time(node.child("time")) ?? organizerDate ?? time(node.at("author", "time"))
        let unknown = own == nil && Self.statesUnknown(effectiveTime)
        guard let date = recordDate(own, node, what: "the entry", unknown: unknown, statement: true) else { return }
        let reason = reasonText(node)
        let stated = status(node, negated: negated, reason: reason, kind: kind)
        // A device's `high` is an end of use only when the entry says it ended: "until" never
        // reads as "removed" for a device in place.
        let ended = kind != .device || [.inactive, .cancelled, .unsuccessful, .stopped].contains(stated)
        let facts = ClinicalFacts(
            status: stated, reason: reason,
            reported: informant(node) != nil, reportedBy: informant(node), udi: udi(node),
            detail: detail(node, kind: kind), end: effectiveTime?.value("value") == nil && ended ? time(effectiveTime?.child("high")) : nil)
        // An entry whose effectiveTime says its date is unknown keeps "date unknown" as its own date.
        let goal = kind == .goal && node.name == "observation" ? careGoal(node, name: name, status: stated, start: own) : nil
        let observation = Observation(kind: kind, name: name, onset: own ?? (date.isUnknown ? date : nil), facts: facts, goal: goal)
        records.append(ImportedRecord(
            id: makeID(node, kind: kind.rawValue), title: name, date: date, data: .observation(observation),
            codings: codings(subject)))
    }

    /// SNOMED CT codes that name a class, not a thing ("Procedure", "Implant", "vaccine").
    static let genericCodes: Set<String> = ["71388002", "40388003", "787859002", "49062001"]

    static func absenceTopic(_ kind: Observation.Kind) -> AbsenceStatement.Topic? {
        switch kind {
        case .immunization: .immunizations
        case .procedure: .procedures
        case .device: .devices
        default: nil
        }
    }

    /// The code that names what the entry is about.
    private func subjectCode(_ node: CCDANode, kind: Observation.Kind) -> CCDANode? {
        switch kind {
        case .immunization:
            return node.at("consumable", "manufacturedProduct", "manufacturedMaterial", "code")
        case .device:
            let role = deviceRole(node)
            if let code = role?.at("playingDevice", "code"), !(code.isNull && code.child("originalText") == nil) { return code }
            if node.name == "supply", let code = node.child("code"), !code.isNull { return code }
            return role?.at("playingDevice", "code")
        default:
            // A planned medicine or supply is named by its product, whatever section files it.
            let product = node.name == "substanceAdministration"
                ? node.at("consumable", "manufacturedProduct", "manufacturedMaterial", "code")
                : node.name == "supply" ? node.at("product", "manufacturedProduct", "manufacturedMaterial", "code") ?? deviceRole(node)?.at("playingDevice", "code") : nil
            if let product, !(product.isNull && product.child("originalText") == nil) { return product }
            return node.child("code")
        }
    }

    private func deviceRole(_ node: CCDANode) -> CCDANode? {
        node.children("participant").first { ["DEV", "PRD"].contains($0.value("typeCode") ?? "") }?.child("participantRole")
            ?? node.at("product", "manufacturedProduct")
    }

    /// The status as the entry states it (see the type's summary).
    private func status(_ node: CCDANode, negated: Bool, reason: String?, kind: Observation.Kind) -> ClinicalFacts.Status? {
        if negated {
            let refusal = node.all("entryRelationship", "observation").contains { observation in
                [observation.child("code"), observation.child("value")].contains { Self.refusalReasons.contains($0?.value("code") ?? "") }
            }
            let words = (reason ?? "").lowercased()
            return refusal || words.contains("declin") || words.contains("refus") || words.contains("objection") ? .refused : .notDone
        }
        if Self.plannedMoods.contains(node.value("moodCode") ?? "") { return .planned }
        let failed = node.all("entryRelationship", "act").contains { $0.child("code")?.value("code") == "103709008" }
        if failed { return .unsuccessful }
        switch node.child("statusCode")?.value("code") {
        // A directive's or goal's `completed` says the record is complete, not that it is done with.
        case "completed": return kind == .advanceDirective || kind == .goal ? nil : .completed
        case "active", "new", "held", "suspended": return .active
        case "aborted": return .stopped
        case "cancelled", "nullified", "obsolete": return .cancelled
        default: return nil
        }
    }

    /// The reason stated in the entry: a refusal reason, an `RSON` observation, a LOINC 77301-0 observation.
    private func reasonText(_ node: CCDANode) -> String? {
        for relationship in node.children("entryRelationship") {
            guard let observation = relationship.child("observation") else { continue }
            // A priority preference (4.143, SNOMED CT 225773000) filed under RSON is a priority, not a reason.
            if hasTemplate(observation, "2.16.840.1.113883.10.20.22.4.143") || observation.child("code")?.value("code") == "225773000" { continue }
            let refusal = hasTemplate(observation, "2.16.840.1.113883.10.20.22.4.53")
            let because = relationship.value("typeCode") == "RSON" || observation.child("code")?.value("code") == "77301-0"
            guard refusal || because else { continue }
            if refusal, let words = displayName(observation.child("code")) { return words }
            if let value = observation.child("value"), !value.isNull, let words = displayName(value) { return words }
        }
        return nil
    }

    /// Who told it, when the entry names an informant other than the author.
    private func informant(_ node: CCDANode) -> String? {
        guard let informant = node.child("informant") else { return nil }
        let person = informant.at("assignedEntity", "assignedPerson", "name") ?? informant.at("relatedEntity", "relatedPerson", "name")
        return personName(person) ?? informant.at("relatedEntity", "code").flatMap { displayName($0) } ?? ""
    }

    /// The device's UDI (human-readable form), when the entry gives one under the FDA root.
    private func udi(_ node: CCDANode) -> String? {
        guard let role = deviceRole(node) else { return nil }
        return role.children("id").first { $0.value("root") == Self.udiRoot && !$0.isNull }?.value("extension")
    }

    /// An advance directive's or goal's value; a device's body site.
    func detail(_ node: CCDANode, kind: Observation.Kind) -> String? {
        switch kind {
        case .advanceDirective, .goal, .plan:
            guard let value = node.child("value"), !value.isNull else { return nil }
            switch value.xsiType {
            case "PQ": return quantity(value)
            case "IVL_PQ":
                // A bound stated alone is a bound, in symbols every language reads: "≥ 10 %", "≤ 140 mm[Hg]".
                let low = value.child("low").flatMap(quantity), high = value.child("high").flatMap(quantity)
                switch (low, high) {
                case let (low?, high?): return "\(low)–\(high)"
                case let (low?, nil): return "≥ \(low)"
                case let (nil, high?): return "≤ \(high)"
                default: return nil
                }
            case "ST", "ED": return value.text ?? value.at("reference")?.value("value").flatMap(narrative)
            default: return displayName(value)
            }
        default:
            return node.child("targetSiteCode").flatMap { $0.isNull ? nil : displayName($0) }
        }
    }

    private func quantity(_ node: CCDANode) -> String? {
        guard let value = CCDAReader.decimal(node.value("value")) else { return nil }
        let unit = node.value("unit").flatMap { $0 == "1" ? nil : $0 }
        return [CCDAReader.format(value), unit].compactMap { $0 }.joined(separator: " ")
    }
}
