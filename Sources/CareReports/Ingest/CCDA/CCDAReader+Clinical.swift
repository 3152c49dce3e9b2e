import Foundation

/// Allergies (48765-2), Problems (11450-4) and Encounters (46240-8).
///
/// Allergies: each allergy observation (in a concern `act`'s `entryRelationship`, or directly in
/// the entry) becomes an `.allergy` observation: substance from
/// `participant/participantRole/playingEntity/code` displayName/originalText (else
/// `playingEntity/name`, else the observation value's displayName); reactions from
/// `entryRelationship/observation` (template 4.9) value displayNames, joined with ", ";
/// severity from the reaction's own severity observation (template 4.8), or, when no reaction
/// states one, from the allergy's; criticality from a criticality observation (template 4.145: CRITL low, CRITH high,
/// CRITU unable to assess); clinical status from the allergy status observation (SNOMED 55561003
/// active, 73425007 inactive, 413322009 resolved), else the concern act (`active` → active; a
/// `completed` concern says nothing of the condition); every code of the substance (and the reactions) kept as stated; onset from `effectiveTime` low. A negated or null-flavoured observation is a
/// statement of absence ("No known allergies.", see `CCDAReader+Absences`).
///
/// Problems: each problem observation becomes a `.condition` observation named by its value's
/// displayName/originalText; status from the problem status observation, else an `effectiveTime`
/// high (resolved), else the concern act; onset from `effectiveTime` low. Negated problems ("no
/// known problems") are statements of absence (see `CCDAReader+Absences`).
///
/// Encounters: each `encounter` becomes a completed appointment (cancelled when its status is
/// `cancelled`): provider from `performer/assignedEntity/assignedPerson/name`, else "Unknown
/// provider"; specialty from `assignedEntity/code`; location from a `LOC` participant's
/// `playingEntity/name`; purpose from the encounter code; start/end from `effectiveTime`.
extension CCDAReader {
    // MARK: Allergies

    mutating func readAllergies(_ section: CCDANode) {
        for entry in section.children("entry") {
            var observations: [(CCDANode, CCDANode?)] = []
            if let act = entry.child("act") {
                let inner = act.all("entryRelationship", "observation")
                let allergies = inner.filter { hasTemplate($0, "2.16.840.1.113883.10.20.22.4.7") }
                observations = (allergies.isEmpty ? inner : allergies).map { ($0, act) }
            } else if let observation = entry.child("observation") {
                observations = [(observation, nil)]
            }
            if observations.isEmpty { warn(entry, "an allergies entry without an allergy observation is not imported; skipped") }
            for (observation, act) in observations { readAllergy(observation, act: act) }
        }
    }

    private mutating func readAllergy(_ node: CCDANode, act: CCDANode?) {
        if isNullified(node, act: act) { return }
        let entity = node.children("participant").first { ($0.value("typeCode") ?? "CSM") == "CSM" }?.at("participantRole", "playingEntity")
        let substanceCode = entity?.child("code")
        let named = displayName(substanceCode.flatMap { $0.isNull && $0.child("originalText") == nil ? nil : $0 })
            ?? entity?.child("name")?.text
        if let absence = allergyAbsence(node, substance: named, substanceCode: substanceCode) {
            appendAbsence(node, absence, kind: "allergy", act: act)
            return
        }
        let substance = named ?? node.child("value").flatMap { $0.isNull ? nil : displayName($0) }
        guard let substance else {
            warn(node, "the allergy has no substance (participant playingEntity code or name); skipped")
            return
        }
        let related = node.all("entryRelationship", "observation")
        let reactionNodes = related.filter { hasTemplate($0, "2.16.840.1.113883.10.20.22.4.9") }
        let severityTemplate = "2.16.840.1.113883.10.20.22.4.8"
        // Each reaction keeps its own severity (FHIR's `reaction.severity`), never another's.
        var reactions: [AllergyReaction] = []
        for node in reactionNodes {
            let severity = node.all("entryRelationship", "observation").first { hasTemplate($0, severityTemplate) }.flatMap { displayName($0.child("value")) }
            reactions.append(AllergyReaction(manifestation: displayName(node.child("value")), codings: codings(node.child("value")), severity: severity))
        }
        // The allergy-level severity (deprecated in C-CDA R2.1) is the one reaction's when there is
        // one reaction stating none; beside several reactions it stays the allergy's own, unattached.
        if reactions.allSatisfy({ $0.severity == nil }),
            let overall = related.first(where: { hasTemplate($0, severityTemplate) }).flatMap({ displayName($0.child("value")) }) {
            if reactions.count == 1 {
                reactions = [AllergyReaction(manifestation: reactions[0].manifestation, codings: reactions[0].codings, severity: overall)]
            } else {
                reactions.append(AllergyReaction(manifestation: nil, severity: overall))
            }
        }
        reactions = reactions.filter { $0.manifestation != nil || $0.severity != nil || !$0.codings.isEmpty }
        let statusNode = related.first { hasTemplate($0, "2.16.840.1.113883.10.20.22.4.28") }
        let status = CCDAReader.clinicalStatus(statusNode?.child("value")?.value("code")) ?? CCDAReader.actStatus(act)
        let onset = start(node.child("effectiveTime"))
        let own = onset ?? start(act?.child("effectiveTime")) ?? time(node.at("author", "time"))
        guard let date = recordDate(own, node, what: "the allergy", statement: true) else { return }
        let criticalityNode = related.first { hasTemplate($0, "2.16.840.1.113883.10.20.22.4.145") }
        let criticality: Observation.Criticality? = switch criticalityNode?.child("value")?.value("code") {
        case "CRITL": .low
        case "CRITH": .high
        case "CRITU": .unableToAssess
        default: nil
        }
        let observation = Observation(kind: .allergy, substance: substance, clinicalStatus: status, onset: onset, criticality: criticality,
                                      reactions: reactions)
        let substanceCodes = codings(substanceCode).isEmpty && named == nil ? codings(node.child("value")) : codings(substanceCode)
        records.append(ImportedRecord(
            id: makeID(node, kind: "allergy"), title: "Allergy: \(substance)", date: date, data: .observation(observation), codings: substanceCodes))
    }

    /// The status a C-CDA status observation states (SNOMED CT): active 55561003, inactive 73425007,
    /// resolved 413322009, recurrence 246455001, relapse 263855007, in remission 277022003.
    static func clinicalStatus(_ snomed: String?) -> Observation.ClinicalStatus? {
        switch snomed {
        case "55561003": .active
        case "73425007": .inactive
        case "413322009": .resolved
        case "246455001": .recurrence
        case "263855007": .relapse
        case "277022003": .remission
        default: nil
        }
    }

    /// A concern act's status tracks the concern, not the condition (C-CDA R2.1: the problem's own
    /// effectiveTime says whether it is resolved): `active` and `suspended` say the concern is
    /// current; `completed` says only that the concern is no longer tracked, so no clinical status.
    static func actStatus(_ act: CCDANode?) -> Observation.ClinicalStatus? {
        switch act?.child("statusCode")?.value("code") {
        case "active", "suspended": .active
        default: nil
        }
    }

    // MARK: Problems

    mutating func readProblems(_ section: CCDANode) {
        for entry in section.children("entry") {
            var observations: [(CCDANode, CCDANode?)] = []
            if let act = entry.child("act") {
                let inner = act.all("entryRelationship", "observation")
                let problems = inner.filter { hasTemplate($0, "2.16.840.1.113883.10.20.22.4.4") }
                observations = (problems.isEmpty ? inner : problems).map { ($0, act) }
            } else if let observation = entry.child("observation") {
                observations = [(observation, nil)]
            }
            if observations.isEmpty { warn(entry, "a problems entry without a problem observation is not imported; skipped") }
            for (observation, act) in observations { readProblem(observation, act: act) }
        }
    }

    mutating func readProblem(_ node: CCDANode, act: CCDANode?) {
        if isNullified(node, act: act) { return }
        if let absence = problemAbsence(node) {
            // A finding stated as not present keeps its own codes (the IPS writes it refuted).
            appendAbsence(node, absence, kind: "problem", act: act, codings: absence.isNotPresent ? codings(node.child("value")) : [])
            return
        }
        guard let name = node.child("value").flatMap({ $0.isNull && $0.child("originalText") == nil ? nil : displayName($0) }) else {
            warn(node, "the problem has no name (value displayName or originalText); skipped")
            return
        }
        let statusNode = node.all("entryRelationship", "observation").first { hasTemplate($0, "2.16.840.1.113883.10.20.22.4.6") }
        let effectiveTime = node.child("effectiveTime")
        let ended = effectiveTime?.child("high").map { !$0.isNull && $0.value("value") != nil } ?? false
        let status = CCDAReader.clinicalStatus(statusNode?.child("value")?.value("code"))
            ?? (ended ? .resolved : CCDAReader.actStatus(act))
        let onset = start(effectiveTime)
        let own = onset ?? start(act?.child("effectiveTime")) ?? time(node.at("author", "time"))
        guard let date = recordDate(own, node, what: "the problem", statement: true) else { return }
        // The day it resolved, when the problem states one (`effectiveTime/high`).
        let resolved = ended ? time(effectiveTime?.child("high")) : nil
        let observation = Observation(kind: .condition, name: name, clinicalStatus: status, onset: onset, facts: resolved.map { ClinicalFacts(end: $0) })
        records.append(ImportedRecord(
            id: makeID(node, kind: "problem"), title: name, date: date, data: .observation(observation), codings: codings(node.child("value"))))
    }

    // MARK: Encounters

    mutating func readEncounters(_ section: CCDANode) {
        for entry in section.children("entry") {
            guard let encounter = entry.child("encounter") else {
                warn(entry, "an encounters entry without an encounter is not imported; skipped")
                continue
            }
            let effectiveTime = encounter.child("effectiveTime")
            guard let start = recordDate(start(effectiveTime), encounter, what: "the encounter") else { continue }
            let end = effectiveTime?.value("value") == nil ? time(effectiveTime?.child("high")) : nil
            let entity = encounter.children("performer").compactMap { $0.child("assignedEntity") }.first
            let provider = personName(entity?.at("assignedPerson", "name")) ?? "Unknown provider"
            let specialty = entity?.child("code").flatMap { $0.isNull ? nil : displayName($0) }
            let location = encounter.children("participant").first { $0.value("typeCode") == "LOC" }?
                .at("participantRole", "playingEntity", "name")?.text
            let purpose = encounter.child("code").flatMap { $0.isNull && $0.child("originalText") == nil ? nil : displayName($0) }
            let status: Appointment.Status = encounter.child("statusCode")?.value("code") == "cancelled" ? .cancelled : .completed
            let appointment = Appointment(provider: provider, specialty: specialty, location: location, start: start, end: end,
                                          purpose: purpose, status: status)
            records.append(ImportedRecord(id: makeID(encounter, kind: "encounter"), title: purpose ?? "Encounter", date: start,
                                          data: .appointment(appointment)))
        }
    }
}
