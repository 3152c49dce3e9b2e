import Foundation
import Testing

@testable import CareReports

/// Small hand-written bundles, one per mapping rule and per malformed case.
@Suite("FHIR importer mapping")
struct FHIRImporterTests {
    /// Reads a bundle of `type` whose entries are the given resource JSON texts (fullUrl
    /// `urn:uuid:<id>` when the resource has an id).
    static func read(_ resources: [String], type: String = "collection", extra: String = "")
        -> (document: ImportedDocument?, diagnostics: [Diagnostic])
    {
        let entries = resources.map { resource -> String in
            let id = resource.firstMatch(of: /"id"\s*:\s*"([^"]+)"/).map { String($0.1) }
            return id.map { "{\"fullUrl\": \"urn:uuid:\($0)\", \"resource\": \(resource)}" } ?? "{\"resource\": \(resource)}"
        }
        let text = "{\"resourceType\": \"Bundle\", \"type\": \"\(type)\"\(extra), \"entry\": [\(entries.joined(separator: ","))]}"
        let value = try! JSONParser.parse(text)
        return FHIRImporter.read(value, file: "test.json")
    }

    static func only(_ resources: [String], type: String = "collection") -> ImportedRecord? {
        let (document, diagnostics) = read(resources, type: type)
        #expect(diagnostics.filter { $0.severity == .error }.isEmpty, "\(diagnostics)")
        #expect(document?.records.count == 1)
        return document?.records.first
    }

    static func day(_ y: Int, _ m: Int, _ d: Int) -> CareDate { .day(LocalDate(year: y, month: m, day: d)!) }

    // MARK: Bundle

    @Test("isBundle recognises a Bundle and nothing else")
    func isBundle() throws {
        #expect(FHIRImporter.isBundle(try JSONParser.parse(#"{"resourceType": "Bundle"}"#)))
        #expect(!FHIRImporter.isBundle(try JSONParser.parse(#"{"resourceType": "Patient"}"#)))
        #expect(!FHIRImporter.isBundle(try JSONParser.parse(#"[1]"#)))
    }

    @Test("every FHIR bundle type is read (message, history, … as a collection, with a warning); a made-up type is an error", arguments: [
        ("transaction", true), ("collection", true), ("document", true), ("searchset", true), ("history", true), ("message", true),
        ("pile", false),
    ])
    func bundleTypes(type: String, accepted: Bool) {
        let (document, diagnostics) = Self.read([#"{"resourceType": "Patient", "id": "p", "name": [{"given": ["Ann"], "family": "Lee"}], "birthDate": "1950-02"}"#], type: type)
        #expect((document != nil) == accepted)
        if accepted {
            #expect(document?.format == "FHIR R4")
            #expect(document?.patient?.firstName == "Ann" && document?.patient?.lastName == "Lee" && document?.patient?.dateOfBirth == LocalDate(year: 1950, month: 2, day: 1))
            let warned = FHIRImporter.otherBundleTypes.contains(type)
            #expect(diagnostics == (warned ? [Diagnostic(.warning, file: "test.json", keyPath: "type", message: "a bundle of this type is read as a collection")] : []))
        } else {
            #expect(diagnostics == [Diagnostic(.error, file: "test.json", keyPath: "type", message: "expected a FHIR bundle type (document, collection, transaction, searchset, message, batch, history, …)")])
        }
    }

    @Test("a non-Bundle is an error and no document")
    func notABundle() throws {
        let (document, diagnostics) = FHIRImporter.read(try JSONParser.parse(#"{"resourceType": "Patient"}"#), file: "x.json")
        #expect(document == nil)
        #expect(diagnostics.map(\.severity) == [.error])
        #expect(diagnostics.first?.keyPath == "resourceType")
    }

    // MARK: Medications

    @Test("MedicationRequest: name, RxNorm, dose, timeOfDay schedule, status, dates")
    func medicationRequest() {
        let record = Self.only([#"""
            {"resourceType": "MedicationRequest", "id": "mr1", "status": "on-hold", "authoredOn": "2024-03-01",
             "medicationCodeableConcept": {"coding": [{"system": "http://www.nlm.nih.gov/research/umls/rxnorm", "code": "861004", "display": "Metformin 500 MG Oral Tablet"}]},
             "dispenseRequest": {"validityPeriod": {"start": "2024-03-02", "end": "2024-09-01"}},
             "dosageInstruction": [{"timing": {"repeat": {"timeOfDay": ["20:00:00", "08:00:00"], "dayOfWeek": ["mon", "fri"]}},
               "route": {"text": "Oral"}, "asNeededBoolean": false,
               "doseAndRate": [{"doseQuantity": {"value": 500, "unit": "mg"}}]}]}
            """#])
        #expect(record?.id == "mr1")
        #expect(record?.title == "Metformin 500 MG Oral Tablet")
        #expect(record?.date == Self.day(2024, 3, 1))
        #expect(record?.data == .medication(Medication(
            name: "Metformin 500 MG Oral Tablet", dose: Quantity(value: 500, unit: "mg"), route: "Oral",
            schedule: DoseSchedule(times: [TimeOfDay(hour: 8, minute: 0)!, TimeOfDay(hour: 20, minute: 0)!], daysOfWeek: [1, 5]),
            startDate: Self.day(2024, 3, 1), endDate: Self.day(2024, 9, 1), status: .onHold, rxnorm: "861004", startIsAuthored: true)))
    }

    @Test("frequency and period without timeOfDay are the frequency; as-needed concept sets asNeeded")
    func frequencyAndAsNeeded() {
        let record = Self.only([#"""
            {"resourceType": "MedicationRequest", "id": "mr2", "status": "completed", "authoredOn": "2024-03-01T09:15:00+02:00",
             "medicationCodeableConcept": {"text": "Ibuprofen 200 MG"},
             "dosageInstruction": [{"text": "with food", "timing": {"repeat": {"frequency": 2, "period": 1, "periodUnit": "d"}},
               "asNeededCodeableConcept": {"text": "pain"}}]}
            """#])
        guard case .medication(let m)? = record?.data else { Issue.record("expected a medication"); return }
        #expect(m.schedule == nil)
        #expect(m.instructions == "with food; as needed for pain")
        #expect(m.frequency == DoseFrequency(count: 2, period: 1, unit: .day))
        #expect(m.maxDailyDoses == nil)
        #expect(m.asNeeded)
        #expect(m.status == .stopped)
        #expect(m.startDate == CareDate.parse("2024-03-01T09:15:00+02:00"))
    }

    @Test("MedicationStatement with a referenced Medication (by Type/id) and effectivePeriod")
    func medicationStatement() {
        let record = Self.only([
            #"{"resourceType": "Medication", "id": "med1", "code": {"coding": [{"system": "http://www.nlm.nih.gov/research/umls/rxnorm", "code": "197361", "display": "Amlodipine 5 MG Oral Tablet"}]}, "form": {"text": "Tablet"}}"#,
            #"{"resourceType": "MedicationStatement", "id": "ms1", "status": "stopped", "medicationReference": {"reference": "Medication/med1"}, "effectivePeriod": {"start": "2019", "end": "2020-06"}, "dosage": [{"doseAndRate": [{"doseQuantity": {"value": 1, "code": "{tbl}"}}]}]}"#,
        ])
        guard case .medication(let m)? = record?.data else { Issue.record("expected a medication"); return }
        #expect(m.name == "Amlodipine 5 MG Oral Tablet")
        #expect(m.rxnorm == "197361")
        #expect(m.form == "Tablet")
        #expect(m.dose == Quantity(value: 1, unit: "{tablet}"))
        #expect(m.status == .stopped)
        #expect(m.startDate == .partial(PartialDate(year: 2019)!))
        #expect(m.endDate == .partial(PartialDate(year: 2020, month: 6)!))
    }

    @Test("MedicationAdministration: completed is taken, not-done is skipped with its reason, matched by request or code")
    func administrations() {
        let (document, diagnostics) = Self.read([
            #"{"resourceType": "MedicationRequest", "id": "mr", "status": "active", "authoredOn": "2024-01-01", "medicationCodeableConcept": {"coding": [{"system": "http://www.nlm.nih.gov/research/umls/rxnorm", "code": "861004"}], "text": "Metformin"}}"#,
            #"{"resourceType": "MedicationAdministration", "id": "a1", "status": "completed", "request": {"reference": "urn:uuid:mr"}, "effectiveDateTime": "2024-01-02T08:00:00Z", "dosage": {"dose": {"value": 500, "unit": "mg"}}}"#,
            #"{"resourceType": "MedicationAdministration", "id": "a2", "status": "not-done", "statusReason": [{"text": "nausea"}], "medicationCodeableConcept": {"coding": [{"system": "http://www.nlm.nih.gov/research/umls/rxnorm", "code": "861004"}]}, "effectiveDateTime": "2024-01-03T08:00:00Z"}"#,
        ])
        #expect(diagnostics.isEmpty)
        #expect(document?.records.count == 1)
        guard case .medication(let m)? = document?.records.first?.data else { Issue.record("expected a medication"); return }
        #expect(m.administrations == [
            Administration(takenAt: CareDate.parse("2024-01-02T08:00:00Z"), status: .taken, dose: Quantity(value: 500, unit: "mg")),
            Administration(scheduledAt: CareDate.parse("2024-01-03T08:00:00Z"), status: .skipped, reason: "nausea"),
        ])
    }

    // MARK: Labs

    static let cholesterol = #"""
        {"resourceType": "Observation", "id": "o1", "status": "final",
         "category": [{"coding": [{"code": "laboratory"}]}],
         "code": {"coding": [{"system": "http://loinc.org", "code": "2093-3", "display": "Cholesterol"}], "text": "Total cholesterol"},
         "effectiveDateTime": "2019-03-12T08:00:00+01:00",
         "valueQuantity": {"value": 6.1, "unit": "mmol/L", "comparator": ">="},
         "referenceRange": [{"low": {"value": 3.0}, "high": {"value": 5.0}, "text": "3-5"}],
         "interpretation": [{"coding": [{"code": "H"}]}]}
        """#

    @Test("DiagnosticReport groups the observations its result references")
    func diagnosticReport() {
        let (document, diagnostics) = Self.read([
            Self.cholesterol,
            #"{"resourceType": "Observation", "id": "o2", "status": "final", "category": [{"coding": [{"code": "laboratory"}]}], "code": {"coding": [{"display": "Appearance"}]}, "valueString": "clear", "interpretation": [{"coding": [{"code": "N"}]}]}"#,
            #"{"resourceType": "Observation", "id": "o3", "status": "final", "category": [{"coding": [{"code": "laboratory"}]}], "code": {"text": "Culture"}, "valueCodeableConcept": {"coding": [{"display": "No growth"}]}, "interpretation": [{"coding": [{"code": "LL"}]}]}"#,
            #"{"resourceType": "DiagnosticReport", "id": "r1", "status": "amended", "code": {"coding": [{"system": "http://loinc.org", "code": "57698-3"}], "text": "Lipid panel"}, "effectiveDateTime": "2019-03-12T08:00:00+01:00", "issued": "2019-03-13", "result": [{"reference": "urn:uuid:o1"}, {"reference": "Observation/o2"}, {"reference": "urn:uuid:o3"}], "conclusion": "see GP"}"#,
        ])
        #expect(diagnostics.isEmpty)
        #expect(document?.records.count == 1)
        let record = document?.records.first
        #expect(record?.id == "r1")
        #expect(record?.title == "Lipid panel, 12 Mar 2019")
        #expect(record?.date == CareDate.parse("2019-03-12T08:00:00+01:00"))
        #expect(record?.data == .document(HealthDocument(kind: .labReport, labReport: LabReport(
            collectedAt: CareDate.parse("2019-03-12T08:00:00+01:00"), reportedAt: Self.day(2019, 3, 13), status: .amended,
            panel: LabPanel(name: "Lipid panel", loinc: "57698-3", codings: [Coding(system: "http://loinc.org", code: "57698-3")]),
            results: [
                LabResult(name: "Total cholesterol", loinc: "2093-3", value: .number(6.1), comparator: .greaterOrEqual, unit: "mmol/L",
                    referenceRange: ReferenceRange(low: 3, high: 5, text: "3-5"), flag: .high,
                    codings: [Coding(system: "http://loinc.org", code: "2093-3", display: "Cholesterol")],
                    interpretation: [Coding(system: nil, code: "H")], status: .final, date: CareDate.parse("2019-03-12T08:00:00+01:00")),
                // Each result's own status; a result that states no date has none of its own.
                LabResult(name: "Appearance", value: .text("clear"), flag: .normal, interpretation: [Coding(system: nil, code: "N")], status: .final),
                LabResult(name: "Culture", value: .text("No growth"), flag: .criticalLow, interpretation: [Coding(system: nil, code: "LL")], status: .final),
            ],
            conclusion: "see GP"))))
    }

    @Test("interpretation codes map to flags", arguments: [
        ("H", LabResult.Flag.high), ("L", .low), ("HH", .criticalHigh), ("LL", .criticalLow), ("A", .abnormal), ("N", .normal),
    ])
    func flags(code: String, flag: LabResult.Flag) {
        let observation = Self.cholesterol.replacingOccurrences(of: #"{"code": "H"}"#, with: #"{"code": "\#(code)"}"#)
        let record = Self.only([observation])
        guard case .document(let d)? = record?.data else { Issue.record("expected a document"); return }
        #expect(d.labReport?.results.first?.flag == flag)
    }

    @Test("lab observations no report references are grouped per day into \"Lab results\"")
    func looseLabs() {
        let second = Self.cholesterol.replacingOccurrences(of: "\"o1\"", with: "\"o4\"").replacingOccurrences(of: "2019-03-12T08:00:00", with: "2019-03-12T17:00:00")
        let third = Self.cholesterol.replacingOccurrences(of: "\"o1\"", with: "\"o5\"").replacingOccurrences(of: "2019-03-12T08:00:00", with: "2019-04-01T08:00:00")
        let (document, diagnostics) = Self.read([third, Self.cholesterol, second])
        #expect(diagnostics.isEmpty)
        let records = document?.records ?? []
        #expect(records.map(\.title) == ["Lab results", "Lab results"])
        #expect(records.map(\.id) == ["lab-results-2019-03-12", "lab-results-2019-04-01"])
        guard case .document(let first)? = records.first?.data else { Issue.record("expected a document"); return }
        #expect(first.kind == .labReport)
        #expect(first.labReport?.results.count == 2)
        #expect(first.labReport?.status == .final)
        #expect(records.first?.date == CareDate.parse("2019-03-12T08:00:00+01:00"))
    }

    // MARK: Vital signs

    @Test("vital signs become measurements", arguments: [
        ("8867-4", "Heart rate", CareReports.Measurement.Kind.heartRate, "/min", "/min"),
        ("29463-7", "Weight", .weight, "kg", "kg"),
        ("8310-5", "Body temperature", .temperature, "Cel", "°C"),
        ("2708-6", "Oxygen saturation", .oxygenSaturation, "%", "%"),
        ("59408-5", "Oxygen saturation", .oxygenSaturation, "%", "%"),
        ("9279-1", "Respiratory rate", .respiratoryRate, "/min", "/min"),
        ("2339-0", "Blood glucose", .bloodGlucose, "mg/dL", "mg/dL"),
        ("8302-2", "Body height", .other, "cm", "cm"),
    ])
    func vitals(loinc: String, title: String, kind: CareReports.Measurement.Kind, unit: String, shown: String) {
        let record = Self.only([#"""
            {"resourceType": "Observation", "id": "v", "status": "final", "category": [{"coding": [{"code": "vital-signs"}]}],
             "code": {"coding": [{"system": "http://loinc.org", "code": "\#(loinc)"}], "text": "Body height"},
             "effectiveDateTime": "2020-01-02", "valueQuantity": {"value": 72.5, "unit": "\#(unit)"}}
            """#])
        #expect(record?.title == title)
        #expect(record?.date == Self.day(2020, 1, 2))
        #expect(record?.data == .measurement(CareReports.Measurement(kind: kind, value: 72.5, unit: shown, loinc: loinc)))
    }

    @Test("blood pressure panel reads systolic and diastolic components")
    func bloodPressure() {
        let record = Self.only([#"""
            {"resourceType": "Observation", "id": "bp", "status": "final", "category": [{"coding": [{"code": "vital-signs"}]}],
             "code": {"coding": [{"system": "http://loinc.org", "code": "85354-9"}]}, "effectiveDateTime": "2020-01-02T10:00:00Z",
             "component": [
               {"code": {"coding": [{"system": "http://loinc.org", "code": "8462-4"}]}, "valueQuantity": {"value": 80, "unit": "mm[Hg]"}},
               {"code": {"coding": [{"system": "http://loinc.org", "code": "8480-6"}]}, "valueQuantity": {"value": 120, "unit": "mm[Hg]"}}]}
            """#])
        #expect(record?.title == "Blood pressure")
        #expect(record?.data == .measurement(CareReports.Measurement(kind: .bloodPressure, systolic: 120, diastolic: 80, unit: "mmHg", loinc: "85354-9")))
    }

    // MARK: Conditions, allergies, immunisations

    @Test("Condition: name, clinical status, onset")
    func condition() {
        let record = Self.only([#"{"resourceType": "Condition", "id": "c", "clinicalStatus": {"coding": [{"code": "resolved"}]}, "code": {"text": "Acute bronchitis (disorder)"}, "onsetDateTime": "2012-07"}"#])
        #expect(record?.title == "Acute bronchitis")
        #expect(record?.date == .partial(PartialDate(year: 2012, month: 7)!))
        #expect(record?.data == .observation(Observation(kind: .condition, name: "Acute bronchitis (disorder)", clinicalStatus: .resolved, onset: .partial(PartialDate(year: 2012, month: 7)!))))
    }

    @Test("AllergyIntolerance: substance, reaction, severity, and the criticality beside the severity")
    func allergy() {
        let record = Self.only([#"{"resourceType": "AllergyIntolerance", "id": "al", "criticality": "high", "code": {"text": "Peanut"}, "recordedDate": "2001-05-05", "reaction": [{"severity": "severe", "manifestation": [{"text": "Hives"}, {"coding": [{"display": "Wheezing"}]}]}]}"#])
        #expect(record?.title == "Allergy: Peanut")
        #expect(record?.date == Self.day(2001, 5, 5))
        #expect(record?.data == .observation(Observation(
            kind: .allergy, substance: "Peanut", reaction: "Hives, Wheezing", severity: "severe", criticality: .high)))
    }

    @Test("no known allergies, by SNOMED code or by text", arguments: [
        #"{"coding": [{"system": "http://snomed.info/sct", "code": "716186003", "display": "No known allergy"}]}"#,
        #"{"text": "No known allergies"}"#,
    ])
    func noKnownAllergies(code: String) {
        let record = Self.only([#"{"resourceType": "AllergyIntolerance", "id": "nka", "code": \#(code), "recordedDate": "2001-05-05"}"#])
        #expect(record?.title == "No known allergies")
        guard case .observation(let o)? = record?.data else { Issue.record("expected an observation"); return }
        #expect(o.kind == .allergy && o.substance == nil)
        #expect(o.statedAbsence == AbsenceStatement(
            topic: .allergies, assertion: .noneKnown, statement: "No known allergies.", system: "http://snomed.info/sct", code: "716186003"))
    }

    @Test("Immunization: name from vaccineCode text")
    func immunization() {
        let record = Self.only([#"{"resourceType": "Immunization", "id": "im", "status": "completed", "vaccineCode": {"text": "Td (adult)"}, "occurrenceDateTime": "2016-04-13T02:28:07+00:00"}"#])
        #expect(record?.title == "Td (adult)")
        #expect(record?.data == .observation(Observation(
            kind: .immunization, name: "Td (adult)", onset: CareDate.parse("2016-04-13T02:28:07+00:00"), facts: ClinicalFacts(status: .completed))))
    }

    // MARK: Visits

    @Test("Encounter: provider, period, status, purpose")
    func encounter() {
        let record = Self.only([#"{"resourceType": "Encounter", "id": "e", "status": "finished", "type": [{"text": "Check-up"}], "reasonCode": [{"coding": [{"display": "Hypertension"}]}], "participant": [{"individual": {"display": "Dr. Lee"}}], "period": {"start": "2020-01-02T09:00:00Z", "end": "2020-01-02T09:30:00Z"}}"#])
        #expect(record?.title == "Hypertension")
        #expect(record?.data == .appointment(Appointment(
            provider: "Dr. Lee", start: CareDate.parse("2020-01-02T09:00:00Z")!, end: CareDate.parse("2020-01-02T09:30:00Z"),
            purpose: "Hypertension", status: .completed)))
    }

    @Test("Encounter without participants uses serviceProvider, then Unknown provider", arguments: [
        (#""serviceProvider": {"display": "General Hospital"},"#, "General Hospital"), ("", "Unknown provider"),
    ])
    func encounterProvider(field: String, provider: String) {
        let record = Self.only([#"{"resourceType": "Encounter", "id": "e", "status": "in-progress", \#(field) "period": {"start": "2020-01-02"}}"#])
        guard case .appointment(let a)? = record?.data else { Issue.record("expected an appointment"); return }
        #expect(a.provider == provider)
        #expect(a.status == .scheduled)
        #expect(record?.title == "Visit")
    }

    @Test("Appointment: status mapping and the non-patient participant", arguments: [
        ("fulfilled", Appointment.Status.completed), ("cancelled", .cancelled), ("booked", .scheduled),
    ])
    func appointment(status: String, expected: Appointment.Status) {
        let record = Self.only([
            #"{"resourceType": "Patient", "id": "p"}"#,
            #"{"resourceType": "Practitioner", "id": "dr", "name": [{"prefix": ["Dr."], "given": ["Ada"], "family": "Ng"}]}"#,
            #"{"resourceType": "Appointment", "id": "ap", "status": "\#(status)", "serviceType": [{"text": "Cardiology"}], "start": "2025-05-01T10:00:00-04:00", "participant": [{"actor": {"reference": "Patient/p"}}, {"actor": {"reference": "urn:uuid:dr"}}]}"#,
        ])
        #expect(record?.title == "Cardiology")
        #expect(record?.data == .appointment(Appointment(provider: "Dr. Ada Ng", start: CareDate.parse("2025-05-01T10:00:00-04:00")!, purpose: "Cardiology", status: expected)))
    }

    // MARK: Malformed input

    @Test("a resource without resourceType is a warning with its key path; the rest is read")
    func missingResourceType() {
        let (document, diagnostics) = Self.read([
            #"{"id": "x", "code": {"text": "Margaret-secret"}}"#,
            #"{"resourceType": "Condition", "id": "c", "code": {"text": "Asthma"}, "onsetDateTime": "2000"}"#,
        ])
        #expect(diagnostics == [Diagnostic(.warning, file: "test.json", keyPath: "entry[0].resource.resourceType", message: "missing; every resource needs a resourceType; entry skipped")])
        #expect(document?.records.map(\.id) == ["c"])
    }

    @Test("a value of the wrong type is a warning at its key path and drops the record, quoting nothing")
    func wrongType() {
        let (document, diagnostics) = Self.read([
            #"{"resourceType": "Observation", "id": "v", "category": [{"coding": [{"code": "vital-signs"}]}], "code": {"coding": [{"system": "http://loinc.org", "code": "8867-4"}]}, "effectiveDateTime": "2020-01-02", "valueQuantity": {"value": "Margaret-secret 72", "unit": "/min"}}"#,
            #"{"resourceType": "Observation", "id": "w", "category": [{"coding": [{"code": "vital-signs"}]}], "code": {"coding": [{"system": "http://loinc.org", "code": "29463-7"}]}, "effectiveDateTime": "2020-01-02", "valueQuantity": "Margaret-secret"}"#,
        ])
        #expect(document?.records.isEmpty == true)
        #expect(diagnostics == [
            Diagnostic(.warning, file: "test.json", keyPath: "entry[0].resource.valueQuantity.value", message: "expected a number, found a string; record not imported"),
            Diagnostic(.warning, file: "test.json", keyPath: "entry[1].resource.valueQuantity", message: "expected an object, found a string; record not imported"),
        ])
        #expect(!diagnostics.contains { $0.description.contains("Margaret-secret") })
    }

    @Test("an unresolved medication reference without display keeps the record, with a warning at its path")
    func unresolvedReference() {
        let (document, diagnostics) = Self.read([
            #"{"resourceType": "MedicationStatement", "id": "ms", "status": "active", "medicationReference": {"reference": "Medication/missing"}, "effectiveDateTime": "2020-01-01"}"#,
            #"{"resourceType": "DiagnosticReport", "id": "r", "status": "final", "code": {"text": "Panel"}, "effectiveDateTime": "2020-01-01", "result": [{"reference": "urn:uuid:nowhere"}]}"#,
        ])
        #expect(diagnostics == [
            Diagnostic(.warning, file: "test.json", keyPath: "entry[0].resource.medicationReference", message: "reference does not resolve to a Medication in this bundle and has no display; kept as \"Medication (not named in the document)\""),
            Diagnostic(.warning, file: "test.json", keyPath: "entry[1].resource.result[0]", message: "reference does not resolve to an Observation in this bundle; result not included"),
        ])
        #expect(document?.records.map(\.id) == ["ms", "r"])
        #expect(document?.records.first?.title == "Medication (not named in the document)")
    }

    @Test("an administration matching no medication is a warning")
    func unmatchedAdministration() {
        let (_, diagnostics) = Self.read([#"{"resourceType": "MedicationAdministration", "id": "a", "status": "completed", "request": {"reference": "MedicationRequest/none"}, "effectiveDateTime": "2020-01-01"}"#])
        #expect(diagnostics.map(\.severity) == [.warning])
        #expect(diagnostics.first?.keyPath == "entry[0].resource.request")
    }

    @Test("unknown resource types are counted and warned once per type, never an error")
    func unknownTypes() {
        let (document, diagnostics) = Self.read([
            #"{"resourceType": "Claim", "id": "c1"}"#, #"{"resourceType": "Provenance", "id": "p1"}"#,
            #"{"resourceType": "Claim", "id": "c2"}"#, #"{"resourceType": "Claim", "id": "c3"}"#,
            #"{"resourceType": "Organization", "id": "o", "name": "Clinic"}"#,
        ])
        #expect(document?.skipped == ["Claim": 3, "Provenance": 1])
        #expect(diagnostics == [
            Diagnostic(.warning, file: "test.json", keyPath: "entry[0].resource", message: "resource type Claim is not imported; 3 skipped"),
            Diagnostic(.warning, file: "test.json", keyPath: "entry[1].resource", message: "resource type Provenance is not imported; 1 skipped"),
        ])
    }

    @Test("record ids fall back to fullUrl and stay unique")
    func recordIds() {
        let text = #"""
            {"resourceType": "Bundle", "type": "searchset", "entry": [
              {"fullUrl": "https://x.example/fhir/Condition/9", "resource": {"resourceType": "Condition", "code": {"text": "A"}, "onsetDateTime": "2000"}},
              {"resource": {"resourceType": "Condition", "id": "d", "code": {"text": "B"}, "onsetDateTime": "2000"}},
              {"resource": {"resourceType": "Immunization", "id": "d", "vaccineCode": {"text": "C"}, "occurrenceDateTime": "2000"}}]}
            """#
        let (document, diagnostics) = FHIRImporter.read(try! JSONParser.parse(text), file: "t.json")
        #expect(diagnostics.isEmpty)
        #expect(document?.records.map(\.id) == ["https://x.example/fhir/Condition/9", "d", "d-2"])
    }

    @Test("FHIR dates: year, year-month, date and date-time with offset")
    func dates() {
        #expect(FHIRDate.parse("2019") == .partial(PartialDate(year: 2019)!))
        #expect(FHIRDate.parse("2019-03") == .partial(PartialDate(year: 2019, month: 3)!))
        #expect(FHIRDate.parse("2019-03-12T08:30:00+01:00")?.statedOffset == 3600)
        #expect(FHIRDate.parse("2019-03-12T08:30:00Z")?.statedOffset == 0)
        #expect(FHIRDate.parse("2019-03-12") == Self.day(2019, 3, 12))
        #expect(FHIRDate.parse("2019-03-12T08:30:00+01:00") == .instant(Date(timeIntervalSince1970: 1_552_375_800)))
        #expect(FHIRDate.parse("2019-13") == nil)
        #expect(FHIRDate.parse("March") == nil)
    }
}
