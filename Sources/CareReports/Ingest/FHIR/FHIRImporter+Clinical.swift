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

    /// A record's date: the first of `nodes` (dateTimes or Periods), else the document's date.
    private func recordDate(_ entry: FHIREntry, _ nodes: [FHIRNode], expected: String) -> CareDate? {
        if let date = firstDate(nodes)?.date ?? documentDate { return date }
        diagnostics.drop(entry.resource, "no date; expected \(expected); record not imported")
        return nil
    }

    // MARK: Observation

    func readObservation(_ entry: FHIREntry, looseLabs: inout [FHIRLabDraft]) {
        let categories = categories(entry)
        let loinc = code(entry["code"], system: Self.loincSystem)
        if categories.contains("laboratory") {
            if let draft = looseLab(entry) { looseLabs.append(draft) }
        } else if categories.contains("vital-signs") || (categories.isEmpty && loinc.flatMap { Self.vitalKinds[$0] } != nil) {
            readVitalSign(entry, loinc: loinc)
        } else {
            let category = categories.first { Self.observationCategories.contains($0) } ?? "other"
            skip(entry, as: "Observation (\(category))")
        }
    }

    private func readVitalSign(_ entry: FHIREntry, loinc: String?) {
        let kind = loinc.flatMap { Self.vitalKinds[$0] } ?? .other
        guard let title = Self.kindTitles[kind] ?? conceptText(entry["code"]).map(Self.title) else {
            diagnostics.drop(entry["code"], "no LOINC vital-sign code, text or coding display naming the measurement; record not imported")
            return
        }
        guard let date = recordDate(entry, [entry["effectiveDateTime"], entry["effectivePeriod"], entry["issued"]],
            expected: "effectiveDateTime, effectivePeriod.start or issued")
        else { return }
        let measurement: Measurement
        if kind == .bloodPressure {
            var systolic: (value: Double, unit: String, comparator: LabResult.Comparator?)?
            var diastolic: (value: Double, unit: String, comparator: LabResult.Comparator?)?
            for component in entry["component"].elements {
                switch code(component["code"], system: Self.loincSystem) {
                case "8480-6": systolic = quantity(component["valueQuantity"], .required)
                case "8462-4": diastolic = quantity(component["valueQuantity"], .required)
                default: break
                }
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
            id: recordId(entry), title: title, date: date, data: .measurement(measurement)))
    }

    // MARK: Condition, allergy, immunisation

    static let absentUnknownSystem = "http://hl7.org/fhir/uv/ips/CodeSystem/absent-unknown-uv-ips"

    /// True for an IPS "no information about …" or "no known …" code, which IPS documents put
    /// where a section has nothing to list: there is no record to make of it.
    func isAbsentStatement(_ concept: FHIRNode) -> Bool {
        concept["coding"].elements.contains { $0["system"].rawString == Self.absentUnknownSystem }
    }

    private func clinicalStatus(_ concept: FHIRNode) -> Observation.ClinicalStatus? {
        let code = concept["coding"].elements.first?["code"].rawString ?? concept["text"].rawString
        switch code?.lowercased() {
        case "active", "recurrence", "relapse": return .active
        case "inactive", "remission", "resolved": return .resolved
        default: return nil
        }
    }

    func readCondition(_ entry: FHIREntry) {
        if isAbsentStatement(entry["code"]) { return }
        guard let name = conceptText(entry["code"]) else {
            diagnostics.drop(entry["code"], "no text or coding display naming the condition; record not imported")
            return
        }
        let onset = firstDate([entry["onsetDateTime"], entry["onsetPeriod"]])?.date
        guard let date = onset ?? recordDate(entry, [entry["recordedDate"]], expected: "onsetDateTime, onsetPeriod.start or recordedDate")
        else { return }
        let observation = Observation(
            kind: .condition, severity: conceptText(entry["severity"]), name: name,
            clinicalStatus: clinicalStatus(entry["clinicalStatus"]), onset: onset)
        append(ImportedRecord(id: recordId(entry), title: Self.title(name), date: date, data: .observation(observation)))
    }

    func readAllergy(_ entry: FHIREntry) {
        let codeNode = entry["code"]
        let noneKnownCodes: Set<String> = [
            "716186003", "409137002", "429625007", "428607008", "no-known-allergies", "no-known-medication-allergies",
            "no-known-food-allergies", "no-known-environmental-allergies",
        ]
        if codes(codeNode).contains("no-allergy-info") { return }  // "no information": nothing to list
        let noneKnownTexts: Set<String> = ["no known allergies", "no known allergy", "nka", "none known"]
        let text = conceptText(codeNode)
        let noneKnown = codes(codeNode).contains { noneKnownCodes.contains($0) }
            || text.map { noneKnownTexts.contains($0.lowercased()) } == true
        guard let substance = noneKnown ? "none known" : text else {
            diagnostics.drop(codeNode, "no text or coding display naming the substance; record not imported")
            return
        }
        let onset = firstDate([entry["onsetDateTime"], entry["onsetPeriod"]])?.date
        guard let date = onset ?? recordDate(entry, [entry["recordedDate"]], expected: "onsetDateTime or recordedDate")
        else { return }
        let reactionNode = entry["reaction"][0]
        let manifestations = reactionNode["manifestation"].elements.compactMap { conceptText($0) }
        var severity = diagnostics.string(reactionNode["severity"])
        if severity == nil, let criticality = diagnostics.string(entry["criticality"]), criticality != "unable-to-assess" {
            severity = "\(criticality) criticality"
        }
        let observation = Observation(
            kind: .allergy, substance: substance,
            reaction: manifestations.isEmpty ? nil : manifestations.joined(separator: ", "),
            severity: noneKnown ? nil : severity, clinicalStatus: clinicalStatus(entry["clinicalStatus"]), onset: onset)
        let title = noneKnown ? "No known allergies" : "Allergy: \(Self.title(substance))"
        append(ImportedRecord(id: recordId(entry), title: title, date: date, data: .observation(observation)))
    }

    func readImmunization(_ entry: FHIREntry) {
        if isAbsentStatement(entry["vaccineCode"]) { return }
        guard let name = conceptText(entry["vaccineCode"]) else {
            diagnostics.drop(entry["vaccineCode"], "no text or coding display naming the vaccine; record not imported")
            return
        }
        guard let date = recordDate(entry, [entry["occurrenceDateTime"], entry["recorded"]], expected: "occurrenceDateTime or recorded")
        else { return }
        let notDone = entry["status"].rawString == "not-done"
        let observation = Observation(kind: .immunization, text: notDone ? "Not given" : nil, name: name, onset: date)
        append(ImportedRecord(id: recordId(entry), title: Self.title(name), date: date, data: .observation(observation)))
    }

    // MARK: Visits

    func readEncounter(_ entry: FHIREntry) {
        guard let start = recordDate(entry, [entry["period"]], expected: "period.start") else { return }
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
        guard let start = recordDate(entry, [entry["start"]], expected: "start") else { return }
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
