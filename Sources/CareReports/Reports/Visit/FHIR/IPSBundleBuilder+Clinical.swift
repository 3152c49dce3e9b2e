import Foundation

extension IPSBundleBuilder {
    static let weekdayCodes = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]

    /// Current medicines (active or on hold) and those stopped in the period, as MedicationStatements;
    /// an imported document's medicines stopped earlier too (the document stated them; a clinic
    /// receiving it gets them back, marked stopped).
    func medicationSection() -> Section {
        var section = Section(title: context.words.t("Medication summary"), code: "10160-0", display: "History of Medication use Narrative",
            empty: context.words.t("No medications recorded."))
        let (current, stopped) = summary.reconciledChains()
        // A discharge document's admission or hospital list: stated, not current (status unknown,
        // category inpatient, which carereport reads back as that list).
        let otherList = summary.otherListChains().filter { $0.latest.medication.status != .stopped }
        let reconciliation = summary.reconciliation
        let wording = ReconciliationWording(context: context, medications: summary.medications)
        // Planned, not-taken and unknown medicines too: stated, never current.
        for chain in current + stopped + stoppedBeforeThePeriod(besides: current + stopped) + otherList + summary.notInUseChains() {
            let (record, medication) = chain.latest
            // One statement per medicine across the sources, with every source's codes, the
            // documents it is derived from and the comparison's verdict (docs/reconciliation.md).
            let compared = reconciliation?.medicine(containing: record.id)
            let comparedNote = compared.map { medicine in
                context.words.t("{verdict}. {evidence}", [
                    "verdict": wording.label(medicine), "evidence": wording.evidence(medicine).joined(separator: " ")])
            }
            let derivedFrom = compared?.statements.compactMap(\.source.document).map { document in
                FHIRJSON.object([("display", .string(wording.fullSource(document)))])
            } ?? []
            // A planned order with an intent is written as the MedicationRequest it is (intent
            // proposal, plan or order; draft when stated); every other medicine as a MedicationStatement
            // with its status as stated (`intended`, `not-taken`, `unknown` included).
            let asRequest = medication.status == .planned && medication.intent != nil
            let id = uuid(asRequest ? "MedicationRequest" : "MedicationStatement", record.id)
            let notCurrent = medication.list == .notCurrent && medication.status != .stopped
            let status: String
            switch medication.status {
            case _ where notCurrent: status = "unknown"
            case .active: status = "active"
            case .onHold: status = "on-hold"
            case .stopped: status = "stopped"
            case .planned: status = asRequest ? (medication.draft ? "draft" : "active") : "intended"
            case .notTaken: status = "not-taken"
            case .unknown: status = "unknown"
            }
            let dose = summary.medications.doseText(medication)
            let schedule = summary.medications.scheduleText(medication)
            // A medicine never taken has no dose history to tell.
            let history = medication.isNotInUse ? "" : summary.historyText(chain)
            // Every dosage instruction, each with its own dose, days and times (`sequence` 1, 2, …).
            let dosages = (0...medication.moreDosages.count).compactMap { index in
                dosageJSON(medication.dosage(index), sequence: medication.moreDosages.isEmpty ? nil : index + 1)
            }
            let coding = medication.rxnorm.map { [FHIRJSON.coding(FHIRJSON.rxnorm, $0, medication.name)] } ?? []
            let concept = FHIRJSON.concept(medication.name, given: compared.map(Self.codings(of:)) ?? Self.codings(of: chain), fallback: coding)
            let notes = JSONValue.array(([history] + [comparedNote].compactMap { $0 }).filter { !$0.isEmpty }.map { FHIRJSON.object([("text", .string($0))]) })
            let resource: JSONValue
            if asRequest {
                // The date a request states is when it was written (`authoredOn`); a planned start
                // (C-CDA `effectiveTime/low`) is its dosage's `boundsPeriod.start` (set in ``dosageJSON``).
                resource = FHIRJSON.object([
                    ("resourceType", .string("MedicationRequest")),
                    ("id", .string(id)),
                    ("status", .string(status)),
                    ("statusReason", medication.statusReason.map { FHIRJSON.concept($0) }),
                    ("intent", .string(medication.intent!.rawValue)),
                    ("medicationCodeableConcept", concept),
                    ("subject", patientReference),
                    ("authoredOn", medication.startIsAuthored ? FHIRJSON.date(medication.startDate, in: zone) : nil),
                    ("_authoredOn", medication.startIsAuthored ? FHIRJSON.absent(medication.startDate) : nil),
                    ("requester", medication.prescriber.map { FHIRJSON.object([("display", .string($0))]) }),
                    ("reasonCode", .array(medication.reason.map { [FHIRJSON.concept($0)] } ?? [])),
                    ("note", notes),
                    ("dosageInstruction", .array(medication.startIsAuthored ? dosages : [dosageJSON(
                        medication, sequence: medication.moreDosages.isEmpty ? nil : 1, start: medication.startDate)].compactMap { $0 } + dosages.dropFirst())),
                ])
            } else {
                resource = FHIRJSON.object([
                    ("resourceType", .string("MedicationStatement")),
                    ("id", .string(id)),
                    ("status", .string(status)),
                    ("statusReason", .array(medication.statusReason.map { [FHIRJSON.concept($0)] } ?? [])),
                    ("category", notCurrent ? FHIRJSON.concept(nil, [FHIRJSON.coding(
                        "http://terminology.hl7.org/CodeSystem/medication-statement-category", "inpatient", "Inpatient")]) : nil),
                    ("medicationCodeableConcept", concept),
                    ("subject", patientReference),
                    ("effectivePeriod", FHIRJSON.object([
                        ("start", FHIRJSON.date(medication.startDate, in: zone)),
                        ("_start", FHIRJSON.absent(medication.startDate)),
                        ("end", medication.endDate.flatMap { FHIRJSON.date($0, in: zone) }),
                    ])),
                    ("informationSource", medication.prescriber.map { FHIRJSON.object([("display", .string($0))]) }),
                    ("reasonCode", .array(medication.reason.map { [FHIRJSON.concept($0)] } ?? [])),
                    ("derivedFrom", .array(derivedFrom)),
                    ("note", notes),
                    ("dosage", .array(dosages)),
                ])
            }
            let stateWords = notCurrent ? context.words.t("Not current (the document's admission or hospital medication list)")
                : medication.isNotInUse ? summary.medications.statusText(medication)
                : status == "on-hold" ? context.words.t("on hold") : status == "stopped" ? context.words.t("stopped") : status.replacingOccurrences(of: "-", with: " ")
            let state = status == "active" && !asRequest ? "" : " (\(stateWords))"
            let dosageWords = medication.moreDosages.isEmpty ? [dose, schedule] : summary.dosageTexts(medication)
            let line = "\(summary.medications.displayName(medication))\(state): "
                + (dosageWords + [history]).filter { !$0.isEmpty }.joined(separator: "; ")
            section.entries.append((id, resource, line))
        }
        for (record, absence) in summary.statedAbsences(.medications) {
            let id = uuid("MedicationStatement", record.id)
            let resource = FHIRJSON.object([
                ("resourceType", .string("MedicationStatement")),
                ("id", .string(id)),
                ("status", .string(absence.assertion == .noInformation ? "unknown" : "active")),
                ("medicationCodeableConcept", absenceConcept(absence, record)),
                ("subject", patientReference),
                ("effectiveDateTime", FHIRJSON.date(record.date, in: zone)),
                ("_effectiveDateTime", FHIRJSON.absent(record.date)),
            ])
            section.entries.append((id, resource, absence.sentence(context.words)))
        }
        return section
    }

    /// One dosage as FHIR `Dosage`: its words (with no structured dose, the order's own words are its
    /// dose, read back as the same), timing (clock times, days, rate, events), route and dose (a
    /// quantity, or a range's low and high); nil when it states nothing.
    /// `start`: a planned request's stated start (not the day it was written), as `timing.repeat.boundsPeriod.start`.
    func dosageJSON(_ medication: Medication, sequence: Int?, start: CareDate? = nil) -> JSONValue? {
        let dose = summary.medications.doseText(medication)
        let schedule = summary.medications.scheduleText(medication)
        let instructions = medication.instructions.map { context.text.renderer.plainText($0) }
        let dosageText = medication.dose == nil
            ? instructions ?? ""
            : [dose, schedule, instructions].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: "; ")
        let times = medication.schedule?.times.map { JSONValue.string("\($0.description):00") } ?? []
        let days = medication.schedule?.daysOfWeek.sorted().map { JSONValue.string(Self.weekdayCodes[($0 - 1) % 7]) } ?? []
        // The rate and events the order states (q12h, "3 times a day", before meals) beside any clock times.
        let frequency = medication.frequency
        let rate = frequency.flatMap { f in f.period.flatMap { period in f.unit.map { (f.count ?? 1, period, $0) } } }
        let events = frequency?.events.map(JSONValue.string) ?? []
        let bounds = start.map { FHIRJSON.object([("start", FHIRJSON.date($0, in: zone)), ("_start", FHIRJSON.absent($0))]) }
        let timing: JSONValue? = times.isEmpty && rate == nil && events.isEmpty && days.isEmpty && bounds == nil ? nil : FHIRJSON.object([
            ("repeat", FHIRJSON.object([
                ("boundsPeriod", bounds),
                ("frequency", rate.map { .number(Double($0.0)) }), ("period", rate.map { .number($0.1) }),
                ("periodUnit", rate.map { .string($0.2.rawValue) }), ("when", .array(events)),
                ("dayOfWeek", .array(days)), ("timeOfDay", .array(times)),
            ])),
        ])
        let doseAndRate: JSONValue? = medication.dose.map { quantity in
            let low = FHIRJSON.object([("value", .number(quantity.value)), ("unit", .string(quantity.unit))])
            guard let high = medication.doseHigh else { return .array([FHIRJSON.object([("doseQuantity", low)])]) }
            return .array([FHIRJSON.object([("doseRange", FHIRJSON.object([
                ("low", low), ("high", FHIRJSON.object([("value", .number(high)), ("unit", .string(quantity.unit))])),
            ]))])])
        }
        guard !dosageText.isEmpty || timing != nil || doseAndRate != nil || medication.asNeeded || medication.route != nil else { return nil }
        return FHIRJSON.object([
            ("sequence", sequence.map { .number(Double($0)) }),
            ("text", dosageText.isEmpty ? nil : FHIRJSON.string(dosageText)),
            ("timing", timing),
            ("asNeededBoolean", medication.asNeeded ? .bool(true) : nil),
            ("route", medication.route.map { FHIRJSON.concept($0) }),
            ("doseAndRate", doseAndRate),
        ])
    }

    /// The code a statement of absence is written with: the one it was stated with, else the
    /// generic code of its topic (IPS `absent-unknown-uv-ips`, SNOMED CT 716186003 for no known allergies);
    /// every code the source gave when it gave them.
    func absenceConcept(_ absence: AbsenceStatement, _ record: HealthRecord) -> JSONValue {
        let display = absence.title
        if !record.codings.isEmpty { return FHIRJSON.concept(display, given: record.codings) }
        let generic = AbsenceStatement.generic(absence.topic, absence.assertion)
        guard let system = absence.system ?? generic.system, let code = absence.code ?? generic.code else {
            return FHIRJSON.concept(display)
        }
        return FHIRJSON.concept(display, [FHIRJSON.coding(system, code, display)])
    }

    /// Every allergy with its status, codes, criticality, category, type and reactions as stated
    /// (those no longer current too, marked so), and every statement such as "No known food
    /// allergies." beside them (never dropped because an allergy is also listed).
    func allergySection() -> Section {
        var section = Section(
            title: context.words.t("Allergies and intolerances"), code: "48765-2", display: "Allergies and adverse reactions Document",
            empty: context.words.t("Allergies: not recorded."))
        for (record, allergy) in summary.findings(.allergy) {
            let id = uuid("AllergyIntolerance", record.id)
            let substance = allergy.substance ?? record.title
            let resource = FHIRJSON.object([
                ("resourceType", .string("AllergyIntolerance")),
                ("id", .string(id)),
                ("clinicalStatus", clinicalStatus("allergyintolerance-clinical", Self.allergyStatus(allergy.clinicalStatus))),
                ("verificationStatus", allergy.verificationStatus.map { clinicalStatus("allergyintolerance-verification", $0.rawValue) }),
                ("type", FHIRJSON.string(allergy.allergyType)),
                ("category", .array(allergy.categories.map(JSONValue.string))),
                ("criticality", FHIRJSON.string(allergy.criticality?.rawValue)),
                ("code", FHIRJSON.concept(substance, given: record.codings)),
                ("patient", patientReference),
                ("onsetDateTime", allergy.onset.flatMap { FHIRJSON.date($0, in: zone) }),
                ("_onsetDateTime", FHIRJSON.absent(allergy.onset)),
                ("onsetString", allergy.onset == nil ? allergy.facts?.statedDate.map(JSONValue.string) : nil),
                ("recordedDate", FHIRJSON.date(record.date, in: zone)),
                ("reaction", reaction(allergy)),
                ("note", notes(allergy.notes + reactionNotes(allergy))),
            ])
            let status = allergy.clinicalStatus.flatMap { $0.isPast ? ObservationWording.status($0, context.words) : nil }
            let detail = [summary.allergyDetail(allergy), status].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: ", ")
            section.entries.append((id, resource, substance + (detail.isEmpty ? "" : " (\(detail))")))
        }
        for (record, absence) in summary.statedAbsences(.allergies) {
            let id = uuid("AllergyIntolerance", record.id)
            // A named allergy stated as not present is that allergy, refuted (ait-1: no clinical status).
            let refuted = absence.isNotPresent
            let resource = FHIRJSON.object([
                ("resourceType", .string("AllergyIntolerance")),
                ("id", .string(id)),
                ("verificationStatus", refuted ? clinicalStatus("allergyintolerance-verification", "refuted") : nil),
                ("code", refuted ? FHIRJSON.concept(absence.values["name"] ?? absence.title, given: record.codings) : absenceConcept(absence, record)),
                ("note", refuted ? notes([absence.sentence(context.words)]) : nil),
                ("patient", patientReference),
                ("recordedDate", FHIRJSON.date(record.date, in: zone)),
            ])
            section.entries.append((id, resource, absence.sentence(context.words)))
        }
        return section
    }

    /// Problems, active and resolved, with their onset.
    func problemSection() -> Section {
        var section = Section(
            title: context.words.t("Problem list"), code: "11450-4", display: "Problem list - Reported", empty: context.words.t("No problems recorded."))
        for (record, condition) in summary.findings(.condition) {
            let id = uuid("Condition", record.id)
            let name = condition.name ?? record.title
            let status = condition.clinicalStatus ?? .active
            let resource = FHIRJSON.object([
                ("resourceType", .string("Condition")),
                ("id", .string(id)),
                ("clinicalStatus", clinicalStatus("condition-clinical", status.rawValue)),
                ("verificationStatus", condition.verificationStatus.map { clinicalStatus("condition-ver-status", $0.rawValue) }),
                ("category", .array([FHIRJSON.concept(nil, [
                    FHIRJSON.coding("http://terminology.hl7.org/CodeSystem/condition-category", "problem-list-item", "Problem List Item"),
                ])])),
                ("severity", condition.severity.map { FHIRJSON.concept($0) }),
                ("code", FHIRJSON.concept(name, given: record.codings)),
                ("subject", patientReference),
                ("onsetDateTime", condition.onset.flatMap { FHIRJSON.date($0, in: zone) }),
                ("_onsetDateTime", FHIRJSON.absent(condition.onset)),
                ("onsetString", condition.onset == nil ? condition.facts?.statedDate.map(JSONValue.string) : nil),
                ("abatementDateTime", condition.facts?.end.flatMap { FHIRJSON.date($0, in: zone) }),
                ("recordedDate", FHIRJSON.date(record.date, in: zone)),
                ("note", notes(condition.notes)),
            ])
            let since = condition.onset.flatMap { context.format.since($0) }.map { " " + $0 } ?? ""
            let state = summary.statusWords(condition).map { " (\($0))" } ?? ""
            section.entries.append((id, resource, "\(name)\(state)\(since)"))
        }
        for (record, absence) in summary.statedAbsences(.problems) {
            let id = uuid("Condition", record.id)
            if absence.isNotPresent {
                // The finding itself, refuted: never "no known problems" beside the problems listed.
                // (No problem-list category: con-3 asks a listed problem for a clinical status.)
                section.entries.append((id, FHIRJSON.object([
                    ("resourceType", .string("Condition")),
                    ("id", .string(id)),
                    ("verificationStatus", clinicalStatus("condition-ver-status", "refuted")),
                    ("code", FHIRJSON.concept(absence.values["name"] ?? absence.title, given: record.codings)),
                    ("subject", patientReference),
                    ("recordedDate", FHIRJSON.date(record.date, in: zone)),
                    ("note", notes([absence.sentence(context.words)])),
                ]), absence.sentence(context.words)))
                continue
            }
            let resource = FHIRJSON.object([
                ("resourceType", .string("Condition")),
                ("id", .string(id)),
                ("category", .array([FHIRJSON.concept(nil, [
                    FHIRJSON.coding("http://terminology.hl7.org/CodeSystem/condition-category", "problem-list-item", "Problem List Item"),
                ])])),
                ("code", absenceConcept(absence, record)),
                ("subject", patientReference),
                ("recordedDate", FHIRJSON.date(record.date, in: zone)),
            ])
            section.entries.append((id, resource, absence.sentence(context.words)))
        }
        return section
    }

    /// Every immunisation the viewer may see, oldest first.
    func immunizationSection() -> Section {
        var section = Section(title: context.words.t("Immunizations"), code: "11369-6", display: "History of Immunization Narrative",
            empty: context.words.t("No immunizations recorded."))
        for (record, shot) in summary.findings(.immunization) {
            let id = uuid("Immunization", record.id)
            let name = shot.name ?? record.title
            let facts = shot.facts
            let notGiven = shot.text == "Not given" || facts?.status == .notDone || facts?.status == .refused
            let resource = FHIRJSON.object([
                ("resourceType", .string("Immunization")),
                ("id", .string(id)),
                ("status", .string(notGiven ? "not-done" : "completed")),
                ("statusReason", notGiven ? facts?.reason.map { FHIRJSON.concept($0) } : nil),
                ("vaccineCode", FHIRJSON.concept(name, given: record.codings)),
                ("patient", patientReference),
                ("occurrenceDateTime", FHIRJSON.date(record.date, in: zone)),
                // occurrence[x] is required: a date given in words is written as given; an unknown
                // date is the text "unknown" with its data-absent-reason.
                ("occurrenceString", facts?.statedDate.map(JSONValue.string) ?? (record.date.isUnknown ? .string("unknown") : nil)),
                ("_occurrenceString", facts?.statedDate == nil ? FHIRJSON.absent(record.date) : nil),
                // Stopped before it was finished (C-CDA aborted): given, but not a full dose.
                ("isSubpotent", facts?.status == .stopped ? .bool(true) : nil),
                ("subpotentReason", facts?.status == .stopped ? .array([FHIRJSON.concept(nil, [
                    FHIRJSON.coding("http://terminology.hl7.org/CodeSystem/immunization-subpotent-reason", "partial", "Partial Dose"),
                ])]) : nil),
                ("primarySource", facts?.reported == true ? .bool(false) : nil),
                ("reportOrigin", facts?.reportedBy.map { FHIRJSON.concept($0) }),
                ("note", notes(shot.notes)),
            ])
            let given = context.format.date(record.date)
            section.entries.append((
                id, resource,
                notGiven ? context.words.t("{name}, {day} (not given)", ["name": name, "day": given]) : context.words.t("{name}, {day}", ["name": name, "day": given])))
        }
        for (record, absence) in summary.statedAbsences(.immunizations) {
            let id = uuid("Immunization", record.id)
            let resource = FHIRJSON.object([
                ("resourceType", .string("Immunization")),
                ("id", .string(id)),
                ("status", .string("completed")),
                ("vaccineCode", absenceConcept(absence, record)),
                ("patient", patientReference),
                ("occurrenceDateTime", FHIRJSON.date(record.date, in: zone)),
                // occurrence[x] is required: an unknown date is the text "unknown" with its data-absent-reason.
                ("occurrenceString", record.date.isUnknown ? .string("unknown") : nil),
                ("_occurrenceString", FHIRJSON.absent(record.date)),
            ])
            section.entries.append((id, resource, absence.sentence(context.words)))
        }
        return section
    }

    func clinicalStatus(_ codeSystem: String, _ code: String) -> JSONValue {
        FHIRJSON.concept(nil, [FHIRJSON.coding("http://terminology.hl7.org/CodeSystem/\(codeSystem)", code)])
    }
}
