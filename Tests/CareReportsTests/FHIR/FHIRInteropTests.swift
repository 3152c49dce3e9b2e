import Foundation
import Testing

@testable import CareReports

/// Where the shared FHIR and IPS fixtures live: `../shared/fixtures` beside the repository root.
enum FHIRSharedFixtures {
    static let root: String = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // …/Tests/CareReportsTests/FHIR
        .deletingLastPathComponent()  // …/Tests/CareReportsTests
        .deletingLastPathComponent()  // …/Tests
        .deletingLastPathComponent()  // the repository root
        .deletingLastPathComponent()  // its parent, which holds shared/
        .appendingPathComponent("shared/fixtures").path

    static var available: Bool { FileManager.default.fileExists(atPath: root + "/fhir/synthea-lean294.json") }

    static func files(_ folder: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: root + "/" + folder)) ?? []
        return names.filter { $0.hasSuffix(".json") }.sorted().map { "\(folder)/\($0)" }
    }

    static func load(_ relative: String) throws -> (document: ImportedDocument?, diagnostics: [Diagnostic]) {
        let text = try String(contentsOfFile: root + "/" + relative, encoding: .utf8)
        let value = try JSONParser.parse(text)
        #expect(FHIRImporter.isBundle(value))
        return FHIRImporter.read(value, file: relative)
    }
}

@Suite(
    "FHIR interoperability (shared Synthea and IPS fixtures)",
    .enabled(if: FHIRSharedFixtures.available, "../shared/fixtures not found beside the repository; the FHIR interoperability suite needs it")
)
struct FHIRInteropTests {
    static let utc = TimeZone(identifier: "UTC")!

    @Test("every shared bundle imports with no error diagnostic")
    func everyBundleImports() throws {
        let files = FHIRSharedFixtures.files("fhir") + FHIRSharedFixtures.files("ips")
        #expect(files.count >= 4)
        for file in files {
            let (document, diagnostics) = try FHIRSharedFixtures.load(file)
            let errors = diagnostics.filter { $0.severity == .error }
            #expect(errors.isEmpty, "\(file): \(errors)")
            #expect(document != nil, "\(file)")
            #expect(document?.format == "FHIR R4")
            #expect(document?.patient != nil, "\(file)")
            let ids = document?.records.map(\.id) ?? []
            #expect(Set(ids).count == ids.count, "\(file): record ids are unique")
            // One warning per skipped type, each naming the type and never a value.
            for (type, count) in document?.skipped ?? [:] {
                let warnings = diagnostics.filter { $0.message.contains("resource type \(type) is not imported") }
                #expect(warnings.count == 1, "\(file): \(type)")
                #expect(warnings.first?.message.hasSuffix("\(count) skipped") == true)
            }
        }
    }

    @Test("synthea-lean294: patient, lipid panel and metabolic panel values")
    func lean294() throws {
        let (document, _) = try FHIRSharedFixtures.load("fhir/synthea-lean294.json")
        let doc = try #require(document)
        #expect(doc.patient?.firstName == "Lean294" && doc.patient?.lastName == "Davis923" && doc.patient?.dateOfBirth == LocalDate(year: 1945, month: 12, day: 19))
        #expect(doc.skipped["Claim"] == 54)
        #expect(doc.skipped["ExplanationOfBenefit"] == 37)
        // Survey observations are findings now (issue 40: every observation is read, by what it states).
        #expect(doc.skipped["Observation (survey)"] == nil)
        let findings = doc.records.filter { if case .observation(let o) = $0.data { o.kind == .finding } else { false } }
        #expect(findings.count == 10)

        let lipid = try #require(doc.records.first { $0.id == "779ce9fd-12f9-4b9c-87f2-f9225e427199" })
        #expect(lipid.title == "Lipid Panel, 1 Mar 2011")
        guard case .document(let document) = lipid.data, let report = document.labReport else {
            Issue.record("expected a lab report")
            return
        }
        #expect(document.kind == .labReport)
        #expect(report.status == .final)
        #expect(report.panel?.uncoded == LabPanel(name: "Lipid Panel", loinc: "57698-3"))
        #expect(report.results.count == 4)
        #expect(report.collectedAt == CareDate.parse("2011-03-01T02:28:07+00:00"))
        #expect(report.reportedAt == CareDate.parse("2011-03-01T02:28:07.303+00:00"))
        #expect(report.results[0].uncoded == LabResult(name: "Total Cholesterol", loinc: "2093-3", value: .number(162.66), unit: "mg/dL"))
        #expect(report.results[3].name == "High Density Lipoprotein Cholesterol")
        #expect(report.results[3].value == .number(41.771))
        // Synthea writes no reference ranges or interpretations.
        #expect(report.results.allSatisfy { $0.referenceRange == nil && $0.flag == nil })

        let metabolic = try #require(doc.records.first { $0.id == "aa3dfa62-0082-4757-b54a-be7000dc577f" })
        guard case .document(let metabolicDocument) = metabolic.data, let panel = metabolicDocument.labReport else {
            Issue.record("expected a lab report")
            return
        }
        #expect(panel.results.count == 16)
        #expect(panel.results[0].uncoded == LabResult(name: "Glucose", loinc: "2339-0", value: .number(67.98), unit: "mg/dL"))

        // 26 reports hold all 238 lab observations: none is left for a "Lab results" group.
        let reports = doc.records.filter { if case .document = $0.data { true } else { false } }
        #expect(reports.count == 26)
        #expect(!doc.records.contains { $0.title == "Lab results" })

        let bloodPressure = doc.records.filter { $0.title == "Blood pressure" }
        #expect(bloodPressure.count == 10)
        #expect(bloodPressure.first?.data == .measurement(CareReports.Measurement(kind: .bloodPressure, systolic: 118, diastolic: 82, unit: "mmHg", loinc: "85354-9")))

        let conditions = doc.records.compactMap { record -> Observation? in
            if case .observation(let o) = record.data, o.kind == .condition { return o }
            return nil
        }
        #expect(conditions.count == 5)
        #expect(conditions.contains { $0.name == "Hyperlipidemia" && $0.clinicalStatus == .active && $0.onset == CareDate.parse("2005-02-09T02:28:07+00:00") })
        #expect(doc.records.contains { $0.title == "Chronic sinusitis" })
    }

    @Test("synthea-frankie174: the active medication's name, dose and timing")
    func frankie174() throws {
        let (document, _) = try FHIRSharedFixtures.load("fhir/synthea-frankie174.json")
        let doc = try #require(document)
        #expect(doc.patient?.firstName == "Frankie174")
        #expect(doc.patient?.lastName == "Jast432")
        let record = try #require(doc.records.first { $0.id == "b66e915d-6999-4b24-8fef-91aa0163f644" })
        let name = "amLODIPine 5 MG / Hydrochlorothiazide 12.5 MG / Olmesartan medoxomil 20 MG Oral Tablet"
        #expect(record.title == name)
        #expect(record.date == CareDate.parse("2020-03-03T07:56:49+00:00"))
        guard case .medication(let medication) = record.data else {
            Issue.record("expected a medication")
            return
        }
        #expect(medication.name == name)
        #expect(medication.rxnorm == "999967")
        // No unit in the dose: the tablet the RxNorm name ends with, never a bare "1".
        #expect(medication.dose == Quantity(value: 1, unit: "{tablet}"))
        #expect(medication.schedule == nil)
        #expect(medication.frequency == DoseFrequency(count: 1, period: 1, unit: .day))
        #expect(medication.instructions == nil)
        #expect(medication.asNeeded == false)
        #expect(medication.status == .active)
        #expect(medication.reason == "Hypertension")
        #expect(medication.prescriber == "Dr. Merideth332 Thompson596")

        let medications = doc.records.filter { $0.data.type == .medication }
        #expect(medications.count == 29)
        let acetaminophen = doc.records.first { $0.title == "Acetaminophen 325 MG Oral Tablet" }
        if case .medication(let m)? = acetaminophen?.data {
            #expect(m.status == .stopped)
            #expect(m.dose == nil)
            #expect(m.instructions == nil)
        } else {
            Issue.record("expected the acetaminophen order")
        }
        let visits = doc.records.filter { $0.data.type == .appointment }
        #expect(visits.count == 30)
        if case .appointment(let first)? = visits.first?.data {
            #expect(first.provider == "Dr. Merideth332 Thompson596")
            #expect(first.status == .completed)
            #expect(first.purpose == "General examination of patient (procedure)")
            #expect(first.start == CareDate.parse("1993-10-05T07:56:49+00:00"))
            #expect(first.end == CareDate.parse("1993-10-05T08:11:49+00:00"))
        }
        #expect(visits.first?.title == "General examination of patient")
        let immunizations = doc.records.filter { if case .observation(let o) = $0.data { o.kind == .immunization } else { false } }
        #expect(immunizations.count == 13)
    }

    @Test("IPS minimal: condition, medication by reference and allergy names")
    func ipsMinimal() throws {
        let (document, _) = try FHIRSharedFixtures.load("ips/bundle-minimal.json")
        let doc = try #require(document)
        #expect(doc.patient?.firstName == "Martha" && doc.patient?.lastName == "DeLarosa" && doc.patient?.dateOfBirth == LocalDate(year: 1972, month: 5, day: 1))
        #expect(doc.skipped.isEmpty)
        #expect(doc.records.count == 3)
        let condition = try #require(doc.records.first { $0.id == "ad84b7a2-b4dd-474e-bef3-0779e6cb595f" })
        #expect(condition.data == .observation(Observation(
            kind: .condition, severity: "Moderate", name: "Menopausal flushing (finding)", clinicalStatus: .active,
            onset: .partial(PartialDate(year: 2015)!), verificationStatus: .confirmed)))
        #expect(condition.title == "Menopausal flushing")
        let medication = try #require(doc.records.first { $0.id == "6e883e5e-7648-485a-86de-3640a61601fe" })
        guard case .medication(let m) = medication.data else {
            Issue.record("expected a medication")
            return
        }
        #expect(m.name == "Product containing anastrozole (medicinal product)")
        #expect(medication.title == "Product containing anastrozole")
        #expect(m.dose == Quantity(value: 1, unit: "{tablet}"))
        #expect(m.route == "Oral use")
        #expect(m.status == .active)
        #expect(m.startDate == .partial(PartialDate(year: 2015, month: 3)!))
        #expect(m.rxnorm == nil)
        let allergy = try #require(doc.records.first { $0.id == "fe2769fd-22c9-4307-9122-ee0466e5aebb" })
        #expect(allergy.data == .observation(Observation(
            kind: .allergy,
            substance: "Substance with penicillin structure and antibacterial mechanism of action (substance)",
            clinicalStatus: .active, onset: .partial(PartialDate(year: 2010)!),
            verificationStatus: .confirmed, criticality: .high, categories: ["medication"], allergyType: "allergy")))
    }

    @Test("IPS with empty sections: the two immunisations, patient by Type/id references")
    func ipsNoInfo() throws {
        let (document, diagnostics) = try FHIRSharedFixtures.load("ips/bundle-no-info-required-sections.json")
        let doc = try #require(document)
        #expect(diagnostics.isEmpty)
        #expect(doc.patient?.firstName == "James" && doc.patient?.lastName == "Judge" && doc.patient?.dateOfBirth == LocalDate(year: 1985, month: 4, day: 25))
        #expect(doc.records.map(\.title) == [
            "Influenza, seasonal, injectable", "Influenza, seasonal, injectable",
            "No information about allergies", "No information about problems", "No information about medications",
        ])
        #expect(doc.records.prefix(2).map(\.date) == [.day(LocalDate(year: 2020, month: 7, day: 3)!), .day(LocalDate(year: 2019, month: 6, day: 3)!)])
        // The required sections, empty with an emptyReason, state "no information" (issue 22), as
        // their narrative says ("There is no information available regarding the subject's allergy conditions.").
        #expect(doc.records[2].data == .observation(Observation(absence: AbsenceStatement(
            topic: .allergies, assertion: .noInformation, statement: "No information about allergies.",
            system: AbsenceStatement.ipsSystem, code: "no-allergy-info"))))
        #expect(doc.records.first?.data == .observation(Observation(
            kind: .immunization, name: "Influenza, seasonal, injectable", onset: .day(LocalDate(year: 2020, month: 7, day: 3)!),
            facts: ClinicalFacts(status: .completed))))
    }
}
