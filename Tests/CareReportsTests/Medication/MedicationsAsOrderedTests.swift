import Foundation
import Templates
import Testing

@testable import CareReports

/// Medicines as the order states them (issue 29 item 7): the dose with its unit, the schedule from
/// PIVL/EIVL/Timing, an as-needed cap only when stated, no route or product code as a unit, and
/// the "no known …" family read as statements of absence.
@Suite("Medicines as ordered")
struct MedicationsAsOrderedTests {
    typealias S = CCDATestSupport
    let english = DisplayFormat(timeZone: TimeZone(identifier: "UTC")!)
    let spanish = DisplayFormat(
        timeZone: TimeZone(identifier: "UTC")!, words: try! Translations(poFiles: EmbeddedTranslations.files).localizer(for: "es").localizer)

    static func ccdaMedication(_ body: String) -> String {
        S.document("""
            <component><section><code code="10160-0"/>
            <entry><substanceAdministration>
              <effectiveTime xsi:type="IVL_TS"><low value="20240101"/></effectiveTime>
              \(body)
            </substanceAdministration></entry>
            </section></component>
            """)
    }

    static func fhirMedication(_ dosage: String, name: String = "Salbutamol 100 MCG/ACTUAT Metered Dose Inhaler") -> Medication? {
        let record = FHIRImporterTests.only([#"""
            {"resourceType": "MedicationRequest", "id": "mr", "status": "active", "authoredOn": "2024-03-01",
             "medicationCodeableConcept": {"text": "\#(name)"}, "dosageInstruction": [\#(dosage)]}
            """#])
        guard case .medication(let m)? = record?.data else { return nil }
        return m
    }

    // MARK: Dose units

    @Test("C-CDA: a dose without a unit takes the administration unit, else the form in the name; never a bare number or \"dose\" when either says")
    func ccdaDoseUnit() {
        let withUnitCode = Self.ccdaMedication("""
            <doseQuantity value="2"/>
            <administrationUnitCode code="C48501" codeSystem="2.16.840.1.113883.3.26.1.1" displayName="INHALATION DOSING UNIT"/>
            <consumable><manufacturedProduct><manufacturedMaterial><code displayName="Salbutamol"/></manufacturedMaterial></manufacturedProduct></consumable>
            """)
        #expect(S.medications(S.read(text: withUnitCode).document).first?.dose == Quantity(value: 2, unit: "{puff}"))
        let fromName = Self.ccdaMedication("""
            <doseQuantity value="1" unit="1"/>
            <consumable><manufacturedProduct><manufacturedMaterial><code displayName="lisinopril 10 MG Oral Tablet"/></manufacturedMaterial></manufacturedProduct></consumable>
            """)
        #expect(S.medications(S.read(text: fromName).document).first?.dose == Quantity(value: 1, unit: "{tablet}"))
        let stated = Self.ccdaMedication("""
            <doseQuantity value="2.5" unit="mg"/>
            <routeCode code="C38288" displayName="Oral Route of Administration"/>
            <consumable><manufacturedProduct><manufacturedMaterial><code displayName="Warfarin"/></manufacturedMaterial></manufacturedProduct></consumable>
            """)
        let warfarin = S.medications(S.read(text: stated).document).first
        #expect(warfarin?.dose == Quantity(value: 2.5, unit: "mg"))
        #expect(warfarin?.route == "Oral")
    }

    @Test("FHIR: a dose unit from unit, a UCUM code, the dose form, the name or the text; a code of another system is never a unit")
    func fhirDoseUnit() {
        #expect(Self.fhirMedication(#"{"doseAndRate": [{"doseQuantity": {"value": 2}}]}"#)?.dose == Quantity(value: 2, unit: "{puff}"))
        #expect(Self.fhirMedication(#"{"doseAndRate": [{"doseQuantity": {"value": 2.5, "system": "urn:oid:1.2.3", "code": "B20180406162601968-1"}}]}"#,
                                    name: "Warfarin 2.5 MG Oral Tablet")?.dose == Quantity(value: 2.5, unit: "{tablet}"))
        #expect(Self.fhirMedication(#"{"doseAndRate": [{"doseQuantity": {"value": 5, "system": "http://unitsofmeasure.org", "code": "mg"}}]}"#)?.dose
            == Quantity(value: 5, unit: "mg"))
        #expect(Self.fhirMedication(#"{"text": "Take 2 puffs when needed", "doseAndRate": [{"doseQuantity": {"value": 2}}]}"#, name: "Salbutamol")?.dose
            == Quantity(value: 2, unit: "{puff}"))
        #expect(Self.fhirMedication(#"{"doseAndRate": [{"doseQuantity": {"value": 1}}]}"#, name: "Vitamin D")?.dose == Quantity(value: 1, unit: "{dose}"))
    }

    @Test("a dose reads with its unit in English and Spanish: 2 puffs, 1 tablet, 2.5 mg, 2 doses")
    func doseWords() {
        #expect(DoseText.amount(Quantity(value: 2, unit: "{puff}"), english) == "2 puffs")
        #expect(DoseText.amount(Quantity(value: 1, unit: "{tablet}"), english) == "1 tablet")
        #expect(DoseText.amount(Quantity(value: 2.5, unit: "mg"), english) == "2.5 mg")
        #expect(DoseText.amount(Quantity(value: 2, unit: ""), english) == "2 doses")
        #expect(DoseText.amount(Quantity(value: 2, unit: "{puff}"), spanish) == "2 inhalaciones")
        #expect(DoseText.amount(Quantity(value: 0.5, unit: "{tablet}"), spanish) == "0,5 comprimidos")
        #expect(DoseText.amount(Quantity(value: 1, unit: "{tablet}"), spanish) == "1 comprimido")
    }

    @Test("the dose history says \"started 2 puffs\", never \"2 dose\" nor a double space")
    func historyWords() {
        let order = Medication(name: "Salbutamol", dose: Quantity(value: 2, unit: "{puff}"), startDate: .day(LocalDate(year: 2024, month: 1, day: 1)!))
        let record = HealthRecord(
            id: "m1", title: "Salbutamol", date: order.startDate, careRecipientId: "p", careCircleId: "c",
            createdBy: Actor(userId: "u", role: .caregiver), privacyLevel: .caregivers, data: .medication(order))
        let history = DoseHistory([(record: record, medication: order)], timeZone: TimeZone(identifier: "UTC")!)
        #expect(history.chains.first?.changes.first?.words == "started 2 puffs")
        #expect(history.chains.first?.changes.first?.words(spanish) == "se inició con 2 inhalaciones")
        // An order stating no dose nor strength: "started", never "started Salbutamol".
        let bare = Medication(name: "Salbutamol", startDate: .day(LocalDate(year: 2024, month: 1, day: 1)!))
        let bareRecord = HealthRecord(
            id: "m2", title: "Salbutamol", date: bare.startDate, careRecipientId: "p", careCircleId: "c",
            createdBy: Actor(userId: "u", role: .caregiver), privacyLevel: .caregivers, data: .medication(bare))
        let bareHistory = DoseHistory([(record: bareRecord, medication: bare)], timeZone: TimeZone(identifier: "UTC")!)
        #expect(bareHistory.chains.first?.changes.first?.words == "started")
        #expect(bareHistory.chains.first?.changes.first?.words(spanish) == "se inició")
    }

    // MARK: Schedule

    @Test("two orders of the same dose whose frequency differs are a schedule change, not \"renewed, same dose\"")
    func frequencyChange() {
        func order(_ id: String, _ hours: Double, _ day: Int) -> DoseHistory.Order {
            let medication = Medication(
                name: "Amoxicillin", dose: Quantity(value: 500, unit: "mg"), frequency: DoseFrequency(count: 1, period: hours, unit: .hour),
                startDate: .day(LocalDate(year: 2024, month: 1, day: day)!))
            let record = HealthRecord(
                id: id, title: id, date: medication.startDate, careRecipientId: "p", careCircleId: "c",
                createdBy: Actor(userId: "u", role: .caregiver), privacyLevel: .caregivers, data: .medication(medication))
            return (record: record, medication: medication)
        }
        let history = DoseHistory([order("a", 12, 1), order("b", 8, 5)], timeZone: TimeZone(identifier: "UTC")!)
        let change = history.chains.first?.changes.last
        #expect(change?.words == "schedule changed every 12 hours → every 8 hours")
        #expect(change?.words(spanish) == spanish.words.t("schedule changed {from} → {to}", ["from": "cada 12 horas", "to": "cada 8 horas"]))
    }

    @Test("C-CDA PIVL_TS and EIVL_TS become the frequency: q12h, 3 times a day (institution specified), at bedtime")
    func ccdaFrequency() {
        let q12h = Self.ccdaMedication("""
            <effectiveTime xsi:type="PIVL_TS"><period value="12" unit="h"/></effectiveTime>
            <effectiveTime xsi:type="EIVL_TS"><event code="HS"/></effectiveTime>
            <consumable><manufacturedProduct><manufacturedMaterial><code displayName="Tamsulosin"/></manufacturedMaterial></manufacturedProduct></consumable>
            """)
        let m = S.medications(S.read(text: q12h).document).first
        #expect(m?.frequency == DoseFrequency(count: 1, period: 12, unit: .hour, events: ["HS"]))
        #expect(m.flatMap { $0.frequency }.map { DoseText.frequency($0, english) } == "every 12 hours, at bedtime")
        let tid = Self.ccdaMedication("""
            <effectiveTime xsi:type="PIVL_TS" institutionSpecified="true"><period value="8" unit="h"/></effectiveTime>
            <consumable><manufacturedProduct><manufacturedMaterial><code displayName="Amoxicillin"/></manufacturedMaterial></manufacturedProduct></consumable>
            """)
        #expect(S.medications(S.read(text: tid).document).first?.frequency == DoseFrequency(count: 3, period: 1, unit: .day))
    }

    @Test("FHIR Timing: frequency per period, when, and the code (BID) when there is no repeat")
    func fhirFrequency() {
        let tid = Self.fhirMedication(#"{"timing": {"repeat": {"frequency": 3, "period": 1, "periodUnit": "d", "when": ["PC"]}}}"#)
        #expect(tid?.frequency == DoseFrequency(count: 3, period: 1, unit: .day, events: ["PC"]))
        let bid = Self.fhirMedication(#"{"timing": {"code": {"coding": [{"system": "http://terminology.hl7.org/CodeSystem/v3-GTSAbbreviation", "code": "BID"}]}}}"#)
        #expect(bid?.frequency == DoseFrequency(count: 2, period: 1, unit: .day))
        // A frequency without a period states no rate.
        #expect(Self.fhirMedication(#"{"timing": {"repeat": {"frequency": 24}}}"#)?.frequency == nil)
    }

    @Test("frequencies in words, English and Spanish")
    func frequencyWords() {
        #expect(DoseText.frequency(DoseFrequency(count: 3, period: 1, unit: .day), english) == "3 times a day")
        #expect(DoseText.frequency(DoseFrequency(count: 2, period: 1, unit: .day), english) == "twice a day")
        #expect(DoseText.frequency(DoseFrequency(count: 1, period: 6, unit: .hour), english) == "every 6 hours")
        #expect(DoseText.frequency(DoseFrequency(count: 1, period: 2, unit: .week), english) == "every 2 weeks")
        #expect(DoseText.frequency(DoseFrequency(count: 2, period: 3, unit: .day), english) == "2 times every 3 days")
        #expect(DoseText.frequency(DoseFrequency(events: ["AC"]), english) == "before meals")
        #expect(DoseText.frequency(DoseFrequency(count: 3, period: 1, unit: .day), spanish) == "3 veces al día")
        #expect(DoseText.frequency(DoseFrequency(count: 1, period: 6, unit: .hour, events: ["HS"]), spanish) == "cada 6 horas, al acostarse")
    }

    // MARK: As needed

    @Test("as needed: no cap is invented from q6h; a stated maxDoseQuantity / maxDosePerPeriod per day is kept")
    func asNeededMaximum() {
        let q6hPRN = Self.ccdaMedication("""
            <effectiveTime xsi:type="PIVL_TS"><period value="6" unit="h"/></effectiveTime>
            <doseQuantity value="1"/>
            <consumable><manufacturedProduct><manufacturedMaterial><code displayName="Oxycodone 5 MG Oral Tablet"/></manufacturedMaterial></manufacturedProduct></consumable>
            <precondition><criterion><value xsi:type="CD" displayName="pain"/></criterion></precondition>
            """)
        #expect(S.medications(S.read(text: q6hPRN).document).first?.maxDailyDoses == nil)
        let capped = Self.ccdaMedication("""
            <doseQuantity value="1"/>
            <maxDoseQuantity><numerator value="4"/><denominator value="1" unit="d"/></maxDoseQuantity>
            <consumable><manufacturedProduct><manufacturedMaterial><code displayName="Oxycodone 5 MG Oral Tablet"/></manufacturedMaterial></manufacturedProduct></consumable>
            <precondition><criterion><value xsi:type="CD" displayName="pain"/></criterion></precondition>
            """)
        #expect(S.medications(S.read(text: capped).document).first?.maxDailyDoses == 4)
        let fhir = Self.fhirMedication(#"""
            {"asNeededBoolean": true, "timing": {"repeat": {"frequency": 1, "period": 6, "periodUnit": "h"}},
             "maxDosePerPeriod": {"numerator": {"value": 8, "unit": "puffs"}, "denominator": {"value": 24, "unit": "h"}},
             "doseAndRate": [{"doseQuantity": {"value": 2, "unit": "puffs"}}]}
            """#)
        #expect(fhir?.maxDailyDoses == 8)
        #expect(Self.fhirMedication(#"{"asNeededBoolean": true, "timing": {"repeat": {"frequency": 1, "period": 6, "periodUnit": "h"}}}"#)?.maxDailyDoses == nil)
    }

    // MARK: Statements of absence

    @Test("SNOMED 787481004 and \"No known current medicines\" are statements of absence, not medicines")
    func noKnownMedications() {
        for concept in [
            #"{"coding": [{"system": "http://snomed.info/sct", "code": "787481004", "display": "No known medications"}]}"#,
            #"{"text": "No known current medicines"}"#,
        ] {
            let record = FHIRImporterTests.only([#"""
                {"resourceType": "MedicationStatement", "id": "ms", "status": "active", "effectiveDateTime": "2024-03-01",
                 "medicationCodeableConcept": \#(concept)}
                """#])
            guard case .observation(let observation)? = record?.data else { Issue.record("expected a statement, got \(String(describing: record?.data))"); continue }
            #expect(observation.absence?.topic == .medications)
            #expect(observation.absence?.assertion == .noneKnown)
        }
    }

    @Test("\"No known current problems or disability\" is a statement of absence, not an active problem")
    func noKnownProblems() {
        let record = FHIRImporterTests.only([#"""
            {"resourceType": "Condition", "id": "c", "clinicalStatus": {"coding": [{"code": "active"}]}, "recordedDate": "2024-03-01",
             "code": {"text": "No known current problems or disability"}}
            """#])
        guard case .observation(let observation)? = record?.data else { Issue.record("expected a statement"); return }
        #expect(observation.absence?.topic == .problems)
        #expect(observation.absence?.code == "160245001")
    }

    @Test("C-CDA: a negated allergy to the generic \"Substance\" reads \"No known allergies.\"")
    func genericSubstance() {
        let xml = S.document("""
            <component><section><code code="48765-2"/>
            <entry><act><entryRelationship><observation negationInd="true">
              <code code="ASSERTION"/><effectiveTime><low value="20240101"/></effectiveTime>
              <value xsi:type="CD" code="419199007" displayName="Allergy to substance"/>
              <participant typeCode="CSM"><participantRole><playingEntity>
                <code code="105590001" codeSystem="2.16.840.1.113883.6.96" displayName="Substance"/>
              </playingEntity></participantRole></participant>
            </observation></entryRelationship></act></entry>
            </section></component>
            """)
        let statements = S.observations(S.read(text: xml).document).compactMap(\.absence)
        #expect(statements.map(\.statement) == ["No known allergies."])
    }

    // MARK: Duplicates

    @Test("a MedicationRequest and a MedicationStatement of the same drug on the same day are one medicine, named by its text, with both doses' details")
    func duplicatesMerged() {
        let (document, diagnostics) = FHIRImporterTests.read([
            #"""
            {"resourceType": "MedicationRequest", "id": "mr", "status": "active", "authoredOn": "2024-03-01",
             "medicationCodeableConcept": {"coding": [{"system": "http://hl7.org/fhir/sid/ndc", "code": "69230014620"}]},
             "dosageInstruction": [{"timing": {"repeat": {"frequency": 1, "period": 1, "periodUnit": "d"}},
               "doseAndRate": [{"doseQuantity": {"value": 5, "unit": "mg"}}]}]}
            """#,
            #"""
            {"resourceType": "MedicationStatement", "id": "ms", "status": "active", "effectiveDateTime": "2024-03-01",
             "medicationCodeableConcept": {"text": "Amlodipine 5 mg tablet", "coding": [{"system": "http://hl7.org/fhir/sid/ndc", "code": "69230014620"}]},
             "reasonCode": [{"text": "High blood pressure"}]}
            """#,
            #"""
            {"resourceType": "MedicationStatement", "id": "ms2", "status": "active", "effectiveDateTime": "2024-05-01",
             "medicationCodeableConcept": {"text": "Amlodipine 5 mg tablet"}}
            """#,
        ])
        let medications = S.medications(document)
        #expect(medications.count == 2)
        let merged = medications.first { $0.startDate == .day(LocalDate(year: 2024, month: 3, day: 1)!) }
        #expect(merged?.name == "Amlodipine 5 mg tablet")
        #expect(merged?.dose == Quantity(value: 5, unit: "mg"))
        #expect(merged?.frequency == DoseFrequency(count: 1, period: 1, unit: .day))
        #expect(merged?.reason == "High blood pressure")
        #expect(diagnostics.contains { $0.message.contains("stated twice; merged into one medicine") })
        #expect(FHIRBundleReader.isCodeName("NDC 69230014620"))
        #expect(!FHIRBundleReader.isCodeName("Vitamin D 1000"))
    }

    @Test("orders of one drug with different doses on the same day stay two medicines")
    func differentDosesNotMerged() {
        let (document, _) = FHIRImporterTests.read([
            #"{"resourceType": "MedicationRequest", "id": "a", "status": "active", "authoredOn": "2024-03-01", "medicationCodeableConcept": {"text": "Warfarin"}, "dosageInstruction": [{"doseAndRate": [{"doseQuantity": {"value": 2, "unit": "mg"}}]}]}"#,
            #"{"resourceType": "MedicationRequest", "id": "b", "status": "active", "authoredOn": "2024-03-01", "medicationCodeableConcept": {"text": "Warfarin"}, "dosageInstruction": [{"doseAndRate": [{"doseQuantity": {"value": 3, "unit": "mg"}}]}]}"#,
        ])
        #expect(S.medications(document).count == 2)
    }
}
