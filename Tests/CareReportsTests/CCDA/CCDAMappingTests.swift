import Foundation
import Testing

@testable import CareReports

@Suite("CCDA mapping")
struct CCDAMappingTests {
    typealias S = CCDATestSupport

    let result: (document: ImportedDocument?, diagnostics: [Diagnostic])

    init() throws {
        result = try S.readFixture(S.fixtures + "/full.xml")
    }

    @Test func readsDocumentAndPatient() throws {
        let document = try #require(result.document)
        #expect(S.errors(result.diagnostics).isEmpty)
        #expect(document.format == "C-CDA R2.1")
        #expect(document.file == "full.xml")
        #expect(document.patient?.firstName == "Margaret" && document.patient?.lastName == "Testperson" && document.patient?.dateOfBirth == LocalDate(year: 1940, month: 2, day: 12))
        // Immunizations are read (issue 29): the fixture's empty substanceAdministration is warned about, not the section.
        #expect(document.skipped == [:])
        #expect(result.diagnostics.contains { $0.message.hasPrefix("the entry names nothing") && $0.severity == .warning })
        #expect(Set(document.records.map(\.id)).count == document.records.count)
    }

    @Test func results() throws {
        let reports = S.labReports(result.document)
        #expect(reports.count == 1)
        let report = try #require(reports.first)
        #expect(report.panel?.uncoded == LabPanel(name: "Comprehensive metabolic panel", loinc: "24323-8"))
        #expect(report.status == .final)
        #expect(report.collectedAt == S.instant("2024-02-28T10:15:00Z"))  // no offset → UTC
        let record = try #require(result.document?.records.first)
        #expect(record.id == "org-1")
        #expect(record.title == "Comprehensive metabolic panel")
        #expect(report.results.map(\.uncoded) == [
            LabResult(name: "Glucose", loinc: "2345-7", value: .number(7.8), unit: "mmol/L",
                      referenceRange: ReferenceRange(low: 3.9, high: 5.6), flag: .high),
            LabResult(name: "AST", loinc: "1920-8", value: .number(5), comparator: .less, unit: "U/L", flag: .criticalLow),
            LabResult(name: "Urine protein", value: .text("Negative"), referenceRange: ReferenceRange(text: "Negative"), flag: .abnormal),
            LabResult(name: "Cholesterol", loinc: "2093-3", value: .text("4-6"), unit: "mmol/L", flag: .low),
        ])
        // The completed result without a value is skipped with a located warning.
        #expect(result.diagnostics.contains {
            $0.keyPath == "/ClinicalDocument/component/structuredBody/component[1]/section/entry/organizer/component[5]/observation/value"
                && $0.message.contains("no value")
        })
    }

    @Test func medications() throws {
        let meds = S.medications(result.document)
        #expect(meds.count == 2)
        #expect(meds[0] == Medication(
            name: "metformin 500 MG Oral Tablet", dose: Quantity(value: 500, unit: "mg"), route: "Oral",
            frequency: DoseFrequency(count: 1, period: 8, unit: .hour, events: ["PC"]),
            startDate: S.day(2024, 1, 1), endDate: S.day(2024, 6, 1), status: .active, reason: "Type 2 diabetes", rxnorm: "861007"))
        #expect(meds[1] == Medication(name: "Paracetamol 500 mg", startDate: S.day(2023, 11, 5), status: .onHold))
        let ids = (result.document?.records ?? []).filter { $0.data.type == .medication }.map(\.id)
        #expect(ids == ["med-1", "medication-1"])
    }

    @Test func allergiesAndProblems() throws {
        let observations = S.observations(result.document)
        #expect(observations.count == 4)
        // SNOMED CT 73425007 is "inactive", not "resolved" (issue 30).
        #expect(observations[0] == Observation(kind: .allergy, substance: "Penicillin G", reaction: "Hives", severity: "Moderate",
                                               clinicalStatus: .inactive, onset: S.day(2019, 6, 10),
                                               reactionCodings: [Coding(system: nil, code: "247472004", display: "Hives")]))
        // A negated allergy observation with no substance states "No known allergies.": kept as stated.
        #expect(observations[1] == Observation(absence: .generic(.allergies, .noneKnown)))
        #expect(observations[1].statedAbsence?.statement == "No known allergies.")
        // Resolved, with the day it resolved (effectiveTime/high) kept.
        #expect(observations[2] == Observation(kind: .condition, name: "Asthma", clinicalStatus: .resolved, onset: S.day(2015, 3, 1),
                                               facts: ClinicalFacts(end: S.day(2016, 3, 1))))
        // A year-only onset stays a year: never shown as 1 Jan 2010.
        #expect(observations[3] == Observation(kind: .condition, name: "Hypertension", clinicalStatus: .active, onset: .partial(PartialDate(year: 2010)!)))
        let records = (result.document?.records ?? []).filter { $0.data.type == .observation }
        #expect(records.map(\.title) == ["Allergy: Penicillin G", "No known allergies", "Asthma", "Hypertension"])
        #expect(records.map(\.id) == ["allergy-1", "allergy-2", "problem-1", "problem-2"])
        #expect(records[3].date == .partial(PartialDate(year: 2010)!))
        #expect(!result.diagnostics.contains { $0.message.contains("not an HL7 timestamp") && $0.keyPath?.hasSuffix("effectiveTime/low") == true })
    }

    @Test func vitalSigns() throws {
        let vitals = S.measurements(result.document)
        let at = S.instant("2024-02-29T08:30:00-05:00")
        #expect(vitals.map { $0.0.title } == ["Blood pressure", "Heart rate", "Body weight", "Body temperature", "Oxygen saturation", "Respiratory rate", "Height"])
        #expect(vitals.map { $0.1 } == [
            CareReports.Measurement(kind: .bloodPressure, systolic: 142, diastolic: 88, unit: "mm[Hg]", loinc: "85354-9"),
            CareReports.Measurement(kind: .heartRate, value: 72, unit: "/min", loinc: "8867-4"),
            CareReports.Measurement(kind: .weight, value: 61.5, unit: "kg", loinc: "29463-7"),
            CareReports.Measurement(kind: .temperature, value: 37.2, unit: "Cel", loinc: "8310-5"),
            CareReports.Measurement(kind: .oxygenSaturation, value: 97, unit: "%", loinc: "59408-5"),
            CareReports.Measurement(kind: .respiratoryRate, value: 16, unit: "/min", loinc: "9279-1"),
            CareReports.Measurement(kind: .other, value: 160, unit: "cm", loinc: "8302-2"),
        ])
        #expect(vitals.map { $0.0.date } == [at, at, S.day(2024, 2, 28), at, at, at, at])
    }

    @Test func encounters() throws {
        let appointments = S.appointments(result.document)
        #expect(appointments == [
            Appointment(provider: "Dr Alice Doctor", specialty: "Family Medicine", location: "Riverside Clinic",
                        start: S.instant("2024-02-15T10:30:00Z"), end: S.instant("2024-02-15T11:00:00Z"),
                        purpose: "Office visit", status: .completed),
            Appointment(provider: "Unknown provider", start: S.day(2024, 1, 10), status: .completed),
        ])
    }

    @Test func hl7Timestamps() {
        #expect(HL7Time.parse("20240229") == S.day(2024, 2, 29))
        #expect(HL7Time.parse("20240229-0500") == S.day(2024, 2, 29))
        #expect(HL7Time.parse("202402291230") == S.instant("2024-02-29T12:30:00Z"))
        #expect(HL7Time.parse("20240229123015+0130") == S.instant("2024-02-29T12:30:15+01:30"))
        // The offset the document gives is kept, to show the time as the document states it.
        #expect(HL7Time.parse("20240229123015+0130")?.statedOffset == 5400)
        #expect(HL7Time.parse("202004201918-0800")?.statedOffset == -28800)
        #expect(HL7Time.parse("202402291230")?.statedOffset == nil)
        #expect(HL7Time.parse("2024022912") == S.instant("2024-02-29T12:00:00Z"))
        // A year or a month stays at that precision.
        #expect(HL7Time.parse("2024") == .partial(PartialDate(year: 2024)!))
        #expect(HL7Time.parse("202402") == .partial(PartialDate(year: 2024, month: 2)!))
        for bad in ["202413", "20230229", "2014030200908-0500", "20240229x", "202402291260", "20240229+05", ""] {
            #expect(HL7Time.parse(bad) == nil, "\(bad)")
        }
        #expect(HL7Time.localDate("19400212083000+0100") == LocalDate(year: 1940, month: 2, day: 12))
    }

    @Test func comparatorText() {
        #expect(CCDAReader.comparatorText("<5") == (.number(5), .less, nil))
        #expect(CCDAReader.comparatorText(">200") == (.number(200), .greater, nil))
        #expect(CCDAReader.comparatorText(">= 1.5 mg/dL") == (.number(1.5), .greaterOrEqual, "mg/dL"))
        #expect(CCDAReader.comparatorText("12") == (.number(12), nil, nil))
        #expect(CCDAReader.comparatorText("Borderline, equal to 1:80") == (.text("Borderline, equal to 1:80"), nil, nil))
    }

    @Test func looksLikeCCDA() {
        func check(_ text: String) -> Bool { Data(text.utf8).withUnsafeBytes { CCDAImporter.looksLikeCCDA($0) } }
        #expect(check(S.document("")))
        #expect(check("\u{FEFF}  <section><templateId root=\"2.16.840.1.113883.10.20.22.2.3.1\"/></section>"))
        #expect(!check("{\"resourceType\": \"Bundle\"}"))
        #expect(!check("<html><body>urn:hl7</body></html>"))
        #expect(!check(""))
    }

    @Test func preconditionAndFrequencyForms() throws {
        let xml = S.document("""
            <component><section><code code="10160-0"/>
            <entry><substanceAdministration>
              <effectiveTime xsi:type="IVL_TS"><low value="20240101"/></effectiveTime>
              <effectiveTime xsi:type="PIVL_TS" institutionSpecified="true"><period value="12" unit="h"/></effectiveTime>
              <doseQuantity value="2"/>
              <consumable><manufacturedProduct><manufacturedMaterial><code displayName="Salbutamol inhaler"/></manufacturedMaterial></manufacturedProduct></consumable>
              <precondition><criterion><value xsi:type="CD" code="267036007" displayName="shortness of breath"/></criterion></precondition>
            </substanceAdministration></entry>
            <entry><substanceAdministration>
              <effectiveTime xsi:type="PIVL_TS"><period value="1" unit="d"/></effectiveTime>
              <consumable><manufacturedProduct><manufacturedMaterial><name>Vitamin D</name></manufacturedMaterial></manufacturedProduct></consumable>
            </substanceAdministration></entry>
            </section></component>
            """)
        let (document, diagnostics) = S.read(text: xml)
        #expect(S.errors(diagnostics).isEmpty)
        let meds = S.medications(document)
        #expect(meds.count == 2)
        #expect(meds.first?.instructions == "As needed for shortness of breath")
        #expect(meds.first?.frequency == DoseFrequency(count: 2, period: 1, unit: .day))
        #expect(meds.first?.asNeeded == true)
        // Twice a day as needed states no cap: none is invented from the frequency.
        #expect(meds.first?.maxDailyDoses == nil)
        // No unit on the dose: the inhaler's unit, puffs.
        #expect(meds.first?.dose == Quantity(value: 2, unit: "{puff}"))
        // No start date of its own: the document's date is used.
        #expect(meds.last == Medication(
            name: "Vitamin D", frequency: DoseFrequency(count: 1, period: 1, unit: .day), startDate: S.day(2024, 3, 1)))
    }
}
