extension FHIRBundleReader {
    /// LOINC codes of vital signs and the measurement kind each is read as.
    static let vitalKinds: [String: Measurement.Kind] = [
        "85354-9": .bloodPressure, "55284-4": .bloodPressure,
        "8867-4": .heartRate,
        "29463-7": .weight, "3141-9": .weight,
        "8310-5": .temperature, "8331-1": .temperature,
        "2708-6": .oxygenSaturation, "59408-5": .oxygenSaturation,
        "9279-1": .respiratoryRate,
        "2339-0": .bloodGlucose, "2345-7": .bloodGlucose, "41653-7": .bloodGlucose, "15074-8": .bloodGlucose,
        "72514-3": .painScore,
    ]

    static let kindTitles: [Measurement.Kind: String] = [
        .bloodPressure: "Blood pressure", .heartRate: "Heart rate", .weight: "Weight", .temperature: "Body temperature",
        .oxygenSaturation: "Oxygen saturation", .respiratoryRate: "Respiratory rate", .bloodGlucose: "Blood glucose",
        .painScore: "Pain score",
    ]

    static let observationCategories: Set<String> = [
        "social-history", "imaging", "procedure", "survey", "exam", "therapy", "activity",
    ]

    /// A record's date: the first of `nodes` (dateTimes or Periods) that is given, or "date
    /// unknown" when the resource says so of it (``unknownDate(_:_:)``), else the document's date.
    /// The record's date from `nodes`; with none, "date unknown" filed by the document's date (a
    /// statement is never given the document's date as its own), or, for a reading, a visit or an
    /// appointment (`filedByDocument` false), the document's date, which places it in time.
    func recordDate(_ entry: FHIREntry, _ nodes: [FHIRNode], expected: String, filedByDocument: Bool = true) -> CareDate? {
        for node in nodes {
            if let date = firstDate([node])?.date ?? unknownDate(entry, [node]) { return date }
        }
        if filedByDocument, let date = unknownFiledByDocument() { return date }
        if let date = documentDate { return date }
        diagnostics.drop(entry.resource, "no date; expected \(expected); record not imported")
        return nil
    }

    // MARK: Observation

    func readObservation(_ entry: FHIREntry, looseLabs: inout [FHIRLabDraft]) {
        let categories = categories(entry)
        let loinc = code(entry["code"], system: Self.loincSystem)
        if categories.contains("laboratory") {
            if var draft = looseLab(entry) {
                draft.entryIndex = entry.index
                looseLabs.append(draft)
            }
        } else if categories.contains("vital-signs") || loinc.map(VitalSignCodes.loinc.contains) == true {
            // A vital sign by its LOINC code, whatever its category or section.
            readVitalSign(entry, loinc: loinc)
        } else {
            readFinding(entry)
        }
    }

    /// Any other observation (social history, pregnancy status, an exam, a survey, imaging) is a
    /// finding: its name and value as stated, a date value (an expected delivery date) as a date.
    private func readFinding(_ entry: FHIREntry) {
        guard let name = conceptText(entry["code"]).map(Self.title) else {
            let category = categories(entry).first { Self.observationCategories.contains($0) } ?? "other"
            skip(entry, as: "Observation (\(category))")
            return
        }
        let effective = [entry["effectiveDateTime"], entry["effectivePeriod"], entry["issued"]]
        guard let date = recordDate(entry, effective, expected: "effectiveDateTime, effectivePeriod.start or issued") else { return }
        var detail: String?
        var dated: CareDate?
        if entry["valueDateTime"].isPresent {
            dated = diagnostics.date(entry["valueDateTime"])
        } else if let (value, unit, _, _) = labValue(entry.resource, componentsAllowed: true) {
            switch value {
            case .number(let number): detail = self.number(number) + (unit.map { " " + Self.unit($0) } ?? "")
            case .text(let text): detail = text
            }
        }
        var dateName: String?
        var dateCodes: [Coding] = []
        let parts = entry["component"].elements.compactMap { component -> String? in
            // A component whose value is a date (a delivery date beside a pregnancy status) is the date value.
            if dated == nil, component["valueDateTime"].isPresent, let day = diagnostics.date(component["valueDateTime"]) {
                dated = day
                dateName = conceptText(component["code"])
                dateCodes = codings(component["code"])
                return dateName
            }
            guard let part = conceptText(component["code"]), let (value, unit, _, _) = labValue(component, componentsAllowed: false) else { return nil }
            switch value {
            case .number(let number): return "\(part): " + self.number(number) + (unit.map { " " + Self.unit($0) } ?? "")
            case .text(let text): return "\(part): \(text)"
            }
        }
        if !parts.isEmpty { detail = ([detail].compactMap { $0 } + parts).joined(separator: "; ") }
        let observation = Observation(
            kind: .finding, name: name, onset: firstDate(effective)?.date ?? (date.isUnknown ? date : nil),
            facts: ClinicalFacts(
                detail: detail, dateValue: dated, valueCodings: codings(entry["valueCodeableConcept"]), dateValueName: dateName,
                dateValueCodings: dateCodes))
        append(ImportedRecord(
            id: recordId(entry), title: name, date: date, data: .observation(observation), codings: codings(entry["code"])))
    }

    private func readVitalSign(_ entry: FHIREntry, loinc: String?) {
        let kind = loinc.flatMap { Self.vitalKinds[$0] } ?? .other
        guard let title = Self.kindTitles[kind] ?? conceptText(entry["code"]).map(Self.title) else {
            diagnostics.drop(entry["code"], "no LOINC vital-sign code, text or coding display naming the measurement; record not imported")
            return
        }
        guard let date = recordDate(entry, [entry["effectiveDateTime"], entry["effectivePeriod"], entry["issued"]],
            expected: "effectiveDateTime, effectivePeriod.start or issued", filedByDocument: false)
        else { return }
        let measurement: Measurement
        if kind == .bloodPressure {
            var systolic: (value: Double, unit: String, comparator: LabResult.Comparator?)?
            var diastolic: (value: Double, unit: String, comparator: LabResult.Comparator?)?
            var absent: [String: FHIRNode] = [:]
            for component in entry["component"].elements {
                let loinc = code(component["code"], system: Self.loincSystem)
                // vs-3: a component states a value or why it has none.
                if !component["valueQuantity"].isPresent, component["dataAbsentReason"].isPresent, let loinc {
                    absent[loinc] = component
                    continue
                }
                switch loinc {
                case "8480-6": systolic = quantity(component["valueQuantity"], .required)
                case "8462-4": diastolic = quantity(component["valueQuantity"], .required)
                default: break
                }
            }
            // A half reading (one side stated, the other absent with a reason) is that one reading,
            // never a blood-pressure pair: "Systolic blood pressure (diastolic not recorded (not
            // performed))", coded by its own component, so no chart or goal counts it as a pair.
            let half: (loinc: String, name: String, value: (value: Double, unit: String, comparator: LabResult.Comparator?), other: String, reason: FHIRNode)? =
                if let systolic, diastolic == nil, let reason = absent["8462-4"] {
                    ("8480-6", "Systolic blood pressure", systolic, "diastolic", reason)
                } else if let diastolic, systolic == nil, let reason = absent["8480-6"] {
                    ("8462-4", "Diastolic blood pressure", diastolic, "systolic", reason)
                } else { nil }
            if let half {
                let stated = entry["component"].elements.first { code($0["code"], system: Self.loincSystem) == half.loinc }
                let title = "\(half.name) (\(half.other) \(Self.notRecorded(conceptText(half.reason["dataAbsentReason"]))))"
                let reading = Measurement(kind: .other, value: half.value.value, unit: half.value.unit.isEmpty ? "mm[Hg]" : half.value.unit, loinc: half.loinc)
                append(ImportedRecord(
                    id: recordId(entry), title: title, date: date, data: .measurement(reading),
                    codings: stated.map { codings($0["code"]) } ?? []))
                return
            }
            guard let systolic, let diastolic else {
                diagnostics.drop(entry["component"], "expected systolic (8480-6) and diastolic (8462-4) components with valueQuantity; record not imported")
                return
            }
            measurement = Measurement(
                kind: .bloodPressure, systolic: systolic.value, diastolic: diastolic.value,
                unit: systolic.unit.isEmpty ? "mmHg" : systolic.unit, loinc: loinc)
        } else {
            if !entry["valueQuantity"].isPresent, entry["dataAbsentReason"].isPresent {
                diagnostics.warning(entry["dataAbsentReason"], "a measurement with no value (dataAbsentReason); not imported")
                return
            }
            guard let value = quantity(entry["valueQuantity"], .required) else { return }
            measurement = Measurement(kind: kind, value: value.value, unit: value.unit, loinc: loinc)
        }
        append(ImportedRecord(
            id: recordId(entry), title: title, date: date, data: .measurement(measurement), codings: codings(entry["code"])))
    }

    // MARK: Condition, allergy, immunisation

    static let absentUnknownSystem = AbsenceStatement.ipsSystem

    /// True for an IPS "no information about …" or "no known …" code.
    func isAbsentStatement(_ concept: FHIRNode) -> Bool {
        concept["coding"].elements.contains { $0["system"].rawString == Self.absentUnknownSystem }
    }

    /// The absence a concept states: an IPS `absent-unknown-uv-ips` code or a SNOMED CT "no known …"
    /// situation; else, for `topic`, a code of the IPS system not known here (read as "no
    /// information about" the topic) or a text that says "no known allergies".
    func absence(_ concept: FHIRNode, topic: AbsenceStatement.Topic) -> AbsenceStatement? {
        for coding in concept["coding"].elements {
            guard let code = coding["code"].rawString else { continue }
            if let known = AbsenceStatement.known(system: coding["system"].rawString, code: code) { return known }
        }
        if isAbsentStatement(concept) {
            let generic = AbsenceStatement.generic(topic, .noInformation)
            let code = concept["coding"].elements.first { $0["system"].rawString == Self.absentUnknownSystem }?["code"].rawString
            return AbsenceStatement(topic: topic, assertion: .noInformation, message: generic.message, system: Self.absentUnknownSystem, code: code)
        }
        if let text = conceptText(concept), let stated = AbsenceStatement.stated(text, topic: topic) { return stated }
        return nil
    }

    /// Keeps a statement of absence as a record of its own, dated when it was stated (`recorded`),
    /// else by the document, else by the other dates it gives.
    func appendAbsence(_ entry: FHIREntry, _ absence: AbsenceStatement, recorded: [FHIRNode], others: [FHIRNode] = []) {
        guard let date = firstDate(recorded)?.date ?? documentDate ?? firstDate(others)?.date else {
            diagnostics.drop(entry.resource, "a statement of absence with no date, in a document with none; record not imported")
            return
        }
        append(ImportedRecord(id: recordId(entry), title: absence.title, date: date, data: .observation(Observation(absence: absence)),
            codings: codings(entry[Self.codeKey[entry.type] ?? "code"])))
    }


    func readCondition(_ entry: FHIREntry) {
        if let absence = absence(entry["code"], topic: .problems) {
            appendAbsence(entry, absence, recorded: [entry["recordedDate"]], others: [entry["onsetDateTime"], entry["onsetPeriod"]])
            return
        }
        guard let name = conceptText(entry["code"]) else {
            diagnostics.drop(entry["code"], "no text or coding display naming the condition; record not imported")
            return
        }
        // An onset the resource says is unknown stays "date unknown"; the record is filed by its recorded date.
        let onset = firstDate([entry["onsetDateTime"], entry["onsetPeriod"]])?.date ?? unknownDate(entry, [entry["onsetDateTime"]])
        guard let date = onset.flatMap({ $0.isUnknown ? nil : $0 })
            ?? recordDate(entry, [entry["recordedDate"]], expected: "onsetDateTime, onsetPeriod.start or recordedDate")
        else { return }
        let inWords = onset == nil ? dateInWords(entry, "onsetString") : nil
        // The day it abated, when the resource states one.
        let abated = firstDate([entry["abatementDateTime"], entry["abatementPeriod"]])?.date
        let observation = Observation(
            kind: .condition, severity: conceptText(entry["severity"]), name: name,
            clinicalStatus: clinicalStatus(entry["clinicalStatus"]), onset: onset,
            facts: inWords == nil && abated == nil ? nil : ClinicalFacts(end: abated, statedDate: inWords),
            verificationStatus: verificationStatus(entry["verificationStatus"]), notes: notes(entry))
        append(ImportedRecord(
            id: recordId(entry), title: Self.title(name), date: date, data: .observation(observation), codings: codings(entry["code"])))
    }

    func readAllergy(_ entry: FHIREntry) {
        let codeNode = entry["code"]
        if let absence = absence(codeNode, topic: .allergies) {
            appendAbsence(entry, absence, recorded: [entry["recordedDate"]], others: [entry["onsetDateTime"], entry["onsetPeriod"]])
            return
        }
        guard let substance = conceptText(codeNode) else {
            diagnostics.drop(codeNode, "no text or coding display naming the substance; record not imported")
            return
        }
        let onset = firstDate([entry["onsetDateTime"], entry["onsetPeriod"]])?.date
        guard let date = onset ?? recordDate(entry, [entry["recordedDate"]], expected: "onsetDateTime or recordedDate")
        else { return }
        // Every reaction, each with its own severity (FHIR: "the severity of the reaction event as a whole").
        let reactions = entry["reaction"].elements.compactMap { node -> AllergyReaction? in
            let manifestations = node["manifestation"].elements.compactMap { conceptText($0) }
            let severity = diagnostics.string(node["severity"])
            let codes = node["manifestation"].elements.flatMap { codings($0) }
            guard !manifestations.isEmpty || severity != nil || !codes.isEmpty else { return nil }
            return AllergyReaction(manifestation: manifestations.isEmpty ? nil : manifestations.joined(separator: ", "), codings: codes, severity: severity)
        }
        let inWords = onset == nil ? dateInWords(entry, "onsetString") : nil
        let observation = Observation(
            kind: .allergy, substance: substance, clinicalStatus: clinicalStatus(entry["clinicalStatus"]), onset: onset,
            facts: inWords.map { ClinicalFacts(statedDate: $0) },
            verificationStatus: verificationStatus(entry["verificationStatus"]), criticality: criticality(entry["criticality"]),
            categories: entry["category"].elements.compactMap { $0.rawString }, allergyType: diagnostics.string(entry["type"]),
            notes: notes(entry), reactions: reactions)
        append(ImportedRecord(
            id: recordId(entry), title: "Allergy: \(Self.title(substance))", date: date, data: .observation(observation),
            codings: codings(codeNode)))
    }

    func readImmunization(_ entry: FHIREntry) {
        if let absence = absence(entry["vaccineCode"], topic: .immunizations) {
            appendAbsence(entry, absence, recorded: [entry["recorded"]], others: [entry["occurrenceDateTime"]])
            return
        }
        guard let name = conceptText(entry["vaccineCode"]) else {
            diagnostics.drop(entry["vaccineCode"], "no text or coding display naming the vaccine; record not imported")
            return
        }
        // A date in words ("spring 2021") is kept as written; the record's own date is then unknown.
        let inWords = entry["occurrenceDateTime"].isPresent ? nil : dateInWords(entry, "occurrenceString")
        let absent = entry["occurrenceDateTime"].isPresent
            ? nil : unknownDate(entry, statedAsText: "occurrenceString") ?? (inWords == nil ? nil : unknownFiledByDocument())
        guard let date = absent ?? recordDate(entry, [entry["occurrenceDateTime"], entry["recorded"]], expected: "occurrenceDateTime or recorded")
        else { return }
        let notDone = entry["status"].rawString == "not-done"
        let reason = conceptText(entry["statusReason"])
        let origin = conceptText(entry["reportOrigin"])
        let reported = entry["primarySource"].value == .bool(false) || origin != nil
        let facts = ClinicalFacts(
            status: notDone ? (Self.saysRefused(reason) ? .refused : .notDone) : entry["status"].rawString == "completed" ? .completed : nil,
            reason: reason, reported: reported, reportedBy: origin, statedDate: inWords)
        let observation = Observation(kind: .immunization, text: notDone ? "Not given" : nil, name: name, onset: date, facts: facts, notes: notes(entry))
        append(ImportedRecord(
            id: recordId(entry), title: Self.title(name), date: date, data: .observation(observation), codings: codings(entry["vaccineCode"])))
    }

    // MARK: Visits

    func readEncounter(_ entry: FHIREntry) {
        guard let start = recordDate(entry, [entry["period"]], expected: "period.start", filedByDocument: false) else { return }
        let end = diagnostics.date(entry["period"]["end"])
        let provider = entry["participant"].elements.lazy.compactMap { self.displayName($0["individual"]) }.first
            ?? displayName(entry["serviceProvider"]) ?? "Unknown provider"
        let purpose = entry["reasonCode"].elements.lazy.compactMap { self.conceptText($0) }.first
            ?? entry["type"].elements.lazy.compactMap { self.conceptText($0) }.first
        let status: Appointment.Status
        switch diagnostics.string(entry["status"]) {
        case "finished": status = .completed
        case "cancelled": status = .cancelled
        default: status = .scheduled
        }
        let location = entry["location"].elements.lazy.compactMap { self.displayName($0["location"]) }.first
        let appointment = Appointment(
            provider: provider, location: location, start: start, end: end, purpose: purpose, status: status)
        append(ImportedRecord(
            id: recordId(entry), title: purpose.map(Self.title) ?? "Visit", date: start, data: .appointment(appointment)))
    }

    func readAppointment(_ entry: FHIREntry) {
        guard let start = recordDate(entry, [entry["start"]], expected: "start", filedByDocument: false) else { return }
        let end = diagnostics.date(entry["end"])
        var provider: String?
        var location: String?
        for participant in entry["participant"].elements {
            let actor = participant["actor"]
            let target = resolve(actor)
            let type = target?.type ?? actor["reference"].rawString?.split(separator: "/").first.map(String.init)
            if type == "Patient" || type == "RelatedPerson" { continue }
            if type == "Location" {
                location = location ?? displayName(actor)
            } else if provider == nil {
                provider = displayName(actor)
            }
        }
        let purpose = entry["reasonCode"].elements.lazy.compactMap { self.conceptText($0) }.first
            ?? entry["serviceType"].elements.lazy.compactMap { self.conceptText($0) }.first
            ?? conceptText(entry["appointmentType"]) ?? diagnostics.string(entry["description"])
        let status: Appointment.Status
        switch diagnostics.string(entry["status"]) {
        case "fulfilled": status = .completed
        case "cancelled", "noshow": status = .cancelled
        default: status = .scheduled
        }
        let specialty = entry["specialty"].elements.lazy.compactMap { self.conceptText($0) }.first
        let appointment = Appointment(
            provider: provider ?? "Unknown provider", specialty: specialty, location: location, start: start, end: end,
            purpose: purpose, status: status)
        append(ImportedRecord(
            id: recordId(entry), title: purpose.map(Self.title) ?? "Appointment", date: start, data: .appointment(appointment)))
    }
}
