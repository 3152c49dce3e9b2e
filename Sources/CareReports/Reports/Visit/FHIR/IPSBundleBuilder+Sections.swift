import Foundation

/// The IPS sections for what clinical documents state beyond medicines, allergies, problems,
/// results and vital signs: Advance Directives (42348-3, `Consent`), Medical Devices (46264-8,
/// `DeviceUseStatement` and its `Device` with the UDI), History of Procedures (47519-4,
/// `Procedure`) and Plan of Care (18776-5, `Goal` and `CarePlan`). Each entry carries the codes its
/// source gave (``HealthRecord/codings``) and its status as stated; a date the source did not give
/// is left out.
extension IPSBundleBuilder {
    /// The codings of a record as FHIR Codings.
    func codingsJSON(_ codings: [Coding]) -> [JSONValue] {
        codings.map { FHIRJSON.object([("system", FHIRJSON.string($0.system)), ("code", .string($0.code)), ("display", FHIRJSON.string($0.display))]) }
    }

    /// The findings of `kind` with their narrative lines, oldest first (the lines as on the page).
    private func items(_ kind: Observation.Kind) -> [(HealthRecord, Observation, String)] {
        let lines = summary.clinicalLines(kind)
        return zip(summary.shownFindings(kind), lines).reversed().map { pair, line in
            (pair.0, pair.1, line.detail.map { "\(line.text): \($0)" } ?? line.text)
        }
    }

    private func date(_ observation: Observation) -> JSONValue? {
        observation.onset.flatMap { FHIRJSON.date($0, in: zone) }
    }

    func advanceDirectiveSection() -> Section {
        var section = Section(title: context.words.t("Advance directives"), code: "42348-3", display: "Advance healthcare directives",
            empty: context.words.t("No advance directives recorded."))
        for (record, directive, line) in items(.advanceDirective) {
            let id = uuid("Consent", record.id)
            let status: String = switch directive.facts?.status {
            case .inactive?, .cancelled?: "inactive"
            case .planned?: "proposed"
            default: "active"
            }
            let resource = FHIRJSON.object([
                ("resourceType", .string("Consent")),
                ("id", .string(id)),
                ("status", .string(status)),
                ("scope", FHIRJSON.concept(nil, [FHIRJSON.coding("http://terminology.hl7.org/CodeSystem/consentscope", "adr", "Advanced Care Directive")])),
                ("category", .array([FHIRJSON.concept(directive.name ?? record.title, codingsJSON(record.codings))])),
                ("patient", patientReference),
                ("dateTime", date(directive)),
                ("_dateTime", FHIRJSON.absent(directive.onset)),
                ("policyRule", FHIRJSON.concept(context.words.t("as stated in the documents"))),
                ("provision", directive.facts?.detail.map { FHIRJSON.object([("code", .array([FHIRJSON.concept($0)]))]) }),
            ])
            section.entries.append((id, resource, line))
        }
        return section
    }

    func deviceSection() -> Section {
        var section = Section(title: context.words.t("Medical devices and implants"), code: "46264-8", display: "History of medical device use",
            empty: context.words.t("No medical devices recorded."))
        for (record, device, line) in items(.device) {
            let deviceID = uuid("Device", record.id)
            let useID = uuid("DeviceUseStatement", record.id)
            let deviceResource = FHIRJSON.object([
                ("resourceType", .string("Device")),
                ("id", .string(deviceID)),
                ("udiCarrier", .array(device.facts?.udi.map { [FHIRJSON.object([("carrierHRF", .string($0))])] } ?? [])),
                ("type", FHIRJSON.concept(device.name ?? record.title, codingsJSON(record.codings))),
                ("patient", patientReference),
            ])
            let status: String = switch device.facts?.status {
            case .inactive?, .cancelled?: "completed"
            case .notDone?, .refused?: "not-done"
            case .planned?: "intended"
            default: "active"
            }
            let use = FHIRJSON.object([
                ("resourceType", .string("DeviceUseStatement")),
                ("id", .string(useID)),
                ("status", .string(status)),
                ("subject", patientReference),
                // A use with an end the source states is a period, so the end reads back.
                ("timingDateTime", device.facts?.end == nil ? date(device) : nil),
                ("_timingDateTime", device.facts?.end == nil ? FHIRJSON.absent(device.onset) : nil),
                ("timingPeriod", device.facts?.end.map { end in FHIRJSON.object([
                    ("start", date(device)), ("_start", FHIRJSON.absent(device.onset)), ("end", FHIRJSON.date(end, in: zone)),
                ]) }),
                ("device", FHIRJSON.reference(deviceID, display: device.name ?? record.title)),
                ("bodySite", device.facts?.detail.map { FHIRJSON.concept($0) }),
            ])
            section.entries.append((useID, use, line))
            section.supporting.append((deviceID, deviceResource))
        }
        for (record, absence) in summary.statedAbsences(.devices) {
            let id = uuid("DeviceUseStatement", record.id)
            let deviceID = uuid("Device", record.id)
            section.supporting.append((deviceID, FHIRJSON.object([
                ("resourceType", .string("Device")), ("id", .string(deviceID)), ("type", absenceConcept(absence, record)), ("patient", patientReference),
            ])))
            section.entries.append((id, FHIRJSON.object([
                ("resourceType", .string("DeviceUseStatement")), ("id", .string(id)), ("status", .string("active")),
                ("subject", patientReference), ("device", FHIRJSON.reference(deviceID)),
            ]), absence.sentence(context.words)))
        }
        return section
    }

    func procedureSection() -> Section {
        var section = Section(title: context.words.t("Procedures"), code: "47519-4", display: "History of Procedures Document",
            empty: context.words.t("No procedures recorded."))
        for (record, procedure, line) in items(.procedure) {
            let id = uuid("Procedure", record.id)
            let facts = procedure.facts
            let status: String = switch facts?.status {
            case .notDone?, .refused?: "not-done"
            // Unsuccessful is an outcome of a procedure done (written as `outcome` below).
            case .completed?, .unsuccessful?: "completed"
            case .stopped?: "stopped"
            case .active?: "in-progress"
            case .planned?: "preparation"
            default: "unknown"
            }
            // Why it was not done or stopped is its status reason, never the reason it was done.
            let notDone = status == "not-done" || status == "stopped"
            let resource = FHIRJSON.object([
                ("resourceType", .string("Procedure")),
                ("id", .string(id)),
                ("status", .string(status)),
                ("statusReason", notDone ? facts?.reason.map { FHIRJSON.concept($0) } : nil),
                ("code", FHIRJSON.concept(procedure.name ?? record.title, codingsJSON(record.codings))),
                ("subject", patientReference),
                // A procedure with an end the source states is a period, so the end reads back.
                ("performedDateTime", facts?.end == nil ? date(procedure) : nil),
                ("_performedDateTime", facts?.end == nil && facts?.statedDate == nil ? FHIRJSON.absent(procedure.onset) : nil),
                ("performedString", facts?.end == nil && procedure.onset?.isUnknown != false ? facts?.statedDate.map(JSONValue.string) : nil),
                ("performedPeriod", facts?.end.map { end in FHIRJSON.object([
                    ("start", date(procedure)), ("_start", FHIRJSON.absent(procedure.onset)), ("end", FHIRJSON.date(end, in: zone)),
                ]) }),
                ("reasonCode", .array(!notDone ? (facts?.reason.map { [FHIRJSON.concept($0)] } ?? []) : [])),
                ("outcome", facts?.status == .unsuccessful ? FHIRJSON.concept(nil, [FHIRJSON.coding("http://snomed.info/sct", "385671000", "Unsuccessful")]) : nil),
                ("bodySite", .array(facts?.detail.map { [FHIRJSON.concept($0)] } ?? [])),
            ])
            section.entries.append((id, resource, line))
        }
        for (record, absence) in summary.statedAbsences(.procedures) {
            let id = uuid("Procedure", record.id)
            section.entries.append((id, FHIRJSON.object([
                ("resourceType", .string("Procedure")), ("id", .string(id)), ("status", .string("unknown")),
                ("code", absenceConcept(absence, record)), ("subject", patientReference),
            ]), absence.sentence(context.words)))
        }
        return section
    }

    /// Stated findings (pregnancy, smoking status, an exam, mental or functional status) as
    /// Observations with their codes, in the Social History section (29762-2) the IPS gives them.
    func findingSection() -> Section {
        var section = Section(title: context.words.t("Status, history and findings"), code: "29762-2", display: "Social history note",
            empty: context.words.t("None recorded."))
        for (record, finding, line) in items(.finding) where finding.facts?.familyMember == nil {
            let id = uuid("Observation", record.id)
            // A finding stated as absent: its own code with the value "Known absent" (SNOMED CT 410516002).
            let absent = finding.facts?.notPresent == true
                ? ("valueCodeableConcept", FHIRJSON.concept(context.words.t("stated as not present", context: "finding"), [
                    FHIRJSON.coding("http://snomed.info/sct", "410516002", "Known absent"),
                ])) : nil as (String, JSONValue)?
            let facts = finding.facts
            // A date a related statement gives (the estimated delivery date) is that statement's,
            // a component with its own code, never the value of the finding it sits in.
            let dateComponent = facts?.dateValueCodings.isEmpty == false
                ? facts?.dateValue.flatMap { FHIRJSON.date($0, in: zone) }.map { day in
                    FHIRJSON.object([("code", FHIRJSON.concept(facts?.dateValueName, given: facts?.dateValueCodings ?? [])), ("valueDateTime", day)])
                } : nil
            let coded = facts.flatMap { $0.valueCodings.isEmpty ? nil : ("valueCodeableConcept", FHIRJSON.concept($0.detail, given: $0.valueCodings)) }
            // The words beside a date component are the component's name: no value of their own.
            let words = dateComponent != nil && facts?.detail == facts?.dateValueName ? nil : facts?.detail
            let value: (String, JSONValue)? = absent ?? coded
                ?? (dateComponent == nil ? facts?.dateValue.flatMap { FHIRJSON.date($0, in: zone) }.map { ("valueDateTime", $0) } : nil)
                ?? words.map { ("valueString", .string($0)) }
            section.entries.append((id, FHIRJSON.object([
                ("resourceType", .string("Observation")),
                ("id", .string(id)),
                ("status", .string("final")),
                ("category", .array([FHIRJSON.concept(nil, [FHIRJSON.object([
                    ("system", .string("http://terminology.hl7.org/CodeSystem/observation-category")), ("code", .string("social-history")),
                ])])])),
                ("code", FHIRJSON.concept(finding.name ?? record.title, codingsJSON(record.codings))),
                ("subject", patientReference),
                ("effectiveDateTime", date(finding)),
                ("_effectiveDateTime", FHIRJSON.absent(finding.onset)),
                value.map { ($0.0, $0.1) } ?? ("valueString", nil),
                ("component", dateComponent.map { .array([$0]) }),
            ]), line))
        }
        return section
    }

    /// A relative's conditions (a C-CDA Family History Organizer, a FHIR FamilyMemberHistory) as
    /// FamilyMemberHistory resources in a Family history section (10157-6): the relative's, never
    /// an Observation about the patient coded with the relative's disease. A condition stated as not
    /// present is said in words only, never coded.
    func familyHistorySection() -> Section {
        var section = Section(title: context.words.t("Family history"), code: "10157-6", display: "History of family member diseases Narrative",
            empty: context.words.t("None recorded."))
        for (record, finding, line) in items(.finding) {
            guard let relative = finding.facts?.familyMember else { continue }
            let id = uuid("FamilyMemberHistory", record.id)
            let absent = finding.facts?.notPresent == true
            let condition = finding.facts?.detail ?? record.title
            let stated = absent
                ? context.words.t("{condition} (stated as not present)", context: "family history", ["condition": condition]) : condition
            section.entries.append((id, FHIRJSON.object([
                ("resourceType", .string("FamilyMemberHistory")),
                ("id", .string(id)),
                ("status", .string("completed")),
                ("patient", patientReference),
                ("date", FHIRJSON.date(record.date, in: zone)),
                ("relationship", FHIRJSON.concept(relative)),
                ("condition", .array([FHIRJSON.object([
                    ("code", absent ? FHIRJSON.concept(stated) : FHIRJSON.concept(condition, codingsJSON(record.codings))),
                ])])),
            ]), line))
        }
        return section
    }

    func planOfCareSection() -> Section {
        var section = Section(title: context.words.t("Goals and plan of care"), code: "18776-5", display: "Plan of care note",
            empty: context.words.t("No plan of care recorded."))
        goalEntries(into: &section)
        for (record, plan, line) in items(.plan) {
            let id = uuid("CarePlan", record.id)
            let status: String = switch plan.facts?.status {
            case .planned?, .active?: "active"
            case .completed?: "completed"
            case .cancelled?: "revoked"
            case .inactive?: "on-hold"
            default: "unknown"
            }
            section.entries.append((id, FHIRJSON.object([
                ("resourceType", .string("CarePlan")),
                ("id", .string(id)),
                ("status", .string(status)),
                ("intent", .string("plan")),
                ("title", .string(plan.name ?? record.title)),
                ("description", FHIRJSON.string(plan.facts?.detail)),
                ("category", .array(record.codings.isEmpty ? [] : [FHIRJSON.concept(nil, codingsJSON(record.codings))])),
                ("subject", patientReference),
                ("period", plan.onset.map { FHIRJSON.object([("start", FHIRJSON.date($0, in: zone)), ("_start", FHIRJSON.absent($0))]) }),
            ]), line))
        }
        return section
    }
}
