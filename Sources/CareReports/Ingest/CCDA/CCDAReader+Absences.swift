import Foundation

/// Statements of absence in C-CDA: what they say, and the record each becomes.
///
/// - `negationInd="true"` on an allergy observation with no named substance, or with the generic
///   "Substance" (SNOMED CT 105590001 and its kind, see `genericSubstances`): "No known allergies."
///   (drug or food allergies when the observation's value says which: SNOMED CT 416098002,
///   419511003, 414285001); with a named substance: "No known allergy to …".
/// - a medication or problem whose name is one of the common texts of "none known" ("No known
///   current medicines", "No known current problems or disability"): that statement
///   (`AbsenceStatement.stated`), never a medicine or an active problem.
/// - `negationInd="true"` on a problem observation: "No known problems." for a generic value
///   (SNOMED CT 55607006 Problem, 404684003 Clinical finding, 64572001 Disease, or none), else
///   "Stated as not present: …".
/// - `negationInd="true"` on a medication whose material is not named (a code with a nullFlavor,
///   or SNOMED CT 410942007 "Drug or medicament"): "No known medications." (a negated named
///   medication stays a refused medication).
/// - `nullFlavor` NI, UNK, ASKU, NASK or NA on the entry (or on its substance, problem or material
///   code when nothing names it), or on the section itself: "No information about …".
extension CCDAReader {
    static let unknownFlavors: Set<String> = ["NI", "UNK", "ASKU", "NASK", "NA"]

    /// True when the element's `nullFlavor` says nothing is known (NI, UNK, ASKU, NASK, NA).
    static func saysUnknown(_ node: CCDANode?) -> Bool {
        node?.value("nullFlavor").map { unknownFlavors.contains($0.uppercased()) } ?? false
    }

    /// A section with `nullFlavor` (and no entries) states "No information about …" its topic.
    mutating func readSectionAbsence(_ section: CCDANode, topic: AbsenceStatement.Topic) -> Bool {
        guard CCDAReader.saysUnknown(section), section.children("entry").isEmpty else { return false }
        appendAbsence(section, .generic(topic, .noInformation), kind: "absence")
        return true
    }

    /// What a negated or null-flavoured allergy observation states; nil for a real allergy.
    func allergyAbsence(_ node: CCDANode, substance: String?, substanceCode: CCDANode?) -> AbsenceStatement? {
        if node.value("negationInd") == "true" {
            if let substance, !CCDAReader.isGenericSubstance(substance, code: substanceCode?.value("code")) {
                return AbsenceStatement(topic: .allergies, assertion: .noneKnown, message: Localizer.noop("No known allergy to {substance}."), values: ["substance": substance])
            }
            switch node.child("value")?.value("code") {
            case "416098002", "419511003": return .known(system: AbsenceStatement.snomedSystem, code: "409137002")
            case "414285001": return .known(system: AbsenceStatement.snomedSystem, code: "429625007")
            default: return .generic(.allergies, .noneKnown)
            }
        }
        if CCDAReader.saysUnknown(node) || (substance == nil && CCDAReader.saysUnknown(substanceCode)) {
            return .generic(.allergies, .noInformation)
        }
        return nil
    }

    /// SNOMED CT concepts that name no particular substance: 105590001 Substance, 413477004
    /// Allergen or pseudoallergen, 373873005 Pharmaceutical / biologic product, 410942007 Drug or medicament.
    static let genericSubstances: Set<String> = ["105590001", "413477004", "373873005", "410942007"]

    /// True when an allergy's substance is the generic "Substance" (by code or by name), not a particular one.
    static func isGenericSubstance(_ name: String, code: String?) -> Bool {
        if let code, genericSubstances.contains(code) { return true }
        let key = name.lowercased().trimmingCharacters(in: .whitespaces)
        return ["substance", "substances", "allergen", "drug", "drug or medicament", "medication", "medicine"].contains(key)
    }

    /// What a negated or null-flavoured problem observation states; nil for a real problem.
    func problemAbsence(_ node: CCDANode) -> AbsenceStatement? {
        let value = node.child("value")
        if node.value("negationInd") != "true", let name = displayName(value), let stated = AbsenceStatement.stated(name, topic: .problems) {
            return stated
        }
        if node.value("negationInd") == "true" {
            let generic: Set<String> = ["55607006", "404684003", "64572001"]
            if let code = value?.value("code"), !generic.contains(code), let name = displayName(value) {
                return .notPresent(name, topic: .problems)
            }
            return .generic(.problems, .noneKnown)
        }
        if CCDAReader.saysUnknown(node) || (CCDAReader.saysUnknown(value) && value?.child("originalText") == nil) {
            return .generic(.problems, .noInformation)
        }
        return nil
    }

    /// What a negated or null-flavoured medication states; nil for a medication (taken or refused).
    func medicationAbsence(_ node: CCDANode, material: CCDANode?) -> AbsenceStatement? {
        let code = material?.child("code")
        let generic = code?.value("code") == "410942007"  // SNOMED CT "Drug or medicament"
        let name = displayName(code) ?? material?.child("name")?.text
        if node.value("negationInd") != "true", let name, let stated = AbsenceStatement.stated(name, topic: .medications) { return stated }
        let named = (displayName(code) != nil && !generic) || material?.child("name")?.text != nil
        if named { return nil }
        if node.value("negationInd") == "true" { return .generic(.medications, .noneKnown) }
        if CCDAReader.saysUnknown(node) || CCDAReader.saysUnknown(code) { return .generic(.medications, .noInformation) }
        return nil
    }

    /// Keeps a statement as a record, dated when it was stated (its author time), else by the
    /// document, else by the entry's `effectiveTime`.
    mutating func appendAbsence(_ node: CCDANode, _ absence: AbsenceStatement, kind: String, act: CCDANode? = nil, codings: [Coding] = []) {
        let stated = time(node.at("author", "time"))
        guard let date = stated ?? documentDate ?? start(node.child("effectiveTime")) ?? start(act?.child("effectiveTime")) else {
            warn(node, "a statement of absence with no date, in a document with no effectiveTime; skipped")
            return
        }
        records.append(ImportedRecord(
            id: makeID(node, kind: kind), title: absence.title, date: date, data: .observation(Observation(absence: absence)), codings: codings))
    }
}
