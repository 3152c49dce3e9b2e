import Foundation
import Testing

@testable import CareReports

/// The HL7 C-CDA example fragments in `../shared/fixtures/ccda` (bare `section` elements with no
/// namespace and undeclared `xsi:` prefixes). Skipped when the folder is absent.
@Suite("CCDA interoperability (shared fixtures)", .enabled(if: CCDATestSupport.sharedAvailable, "../shared/fixtures/ccda is absent; interoperability fixtures skipped"))
struct CCDAInteropTests {
    typealias S = CCDATestSupport

    func load(_ name: String) throws -> ImportedDocument {
        let (document, diagnostics) = try S.readFixture(S.shared + "/" + name)
        #expect(S.errors(diagnostics).isEmpty, "\(diagnostics)")
        return try #require(document)
    }

    @Test(arguments: CCDATestSupport.sharedFiles)
    func importsWithoutError(_ name: String) throws {
        #expect(CCDATestSupport.shared.hasSuffix("shared/fixtures/ccda"))
        let data = try Data(contentsOf: URL(fileURLWithPath: S.shared + "/" + name))
        #expect(data.withUnsafeBytes { CCDAImporter.looksLikeCCDA($0) })
        let document = try load(name)
        #expect(document.format == "C-CDA R2.1")
        #expect(document.patient == nil)
        #expect(!document.records.isEmpty)
        #expect(document.skipped.isEmpty)
        let (_, diagnostics) = try S.readFixture(S.shared + "/" + name)
        // Fragments: no namespace (one warning) and undeclared xsi: prefixes (one grouped warning).
        #expect(diagnostics.contains { $0.message.hasPrefix("the root element has no namespace") })
        #expect(diagnostics.filter { $0.message.hasPrefix("namespace problem") }.count <= 1)
    }

    @Test func lessThanValue() throws {
        let report = try #require(S.labReports(try load("less-than-value.xml")).first)
        #expect(report.panel?.uncoded == LabPanel(name: "Natriuretic Peptide B [Mass/Volume] In Blood", loinc: "42637-9"))
        #expect(report.collectedAt == S.instant("2013-10-20T09:08:00-05:00"))
        #expect(report.status == .final)
        // IVL_PQ low 0 (inclusive) … high 5 (inclusive) is "≤ 5 pg/mL".
        #expect(report.results.map(\.uncoded) == [
            LabResult(name: "Natriuretic Peptide B [Mass/Volume] In Blood", loinc: "42637-9", value: .number(5), comparator: .lessOrEqual,
                      unit: "pg/mL", referenceRange: ReferenceRange(low: 0, high: 100), flag: .normal)
        ])
    }

    @Test func greaterThanValue() throws {
        let (document, diagnostics) = try S.readFixture(S.shared + "/greater-than-value.xml")
        let report = try #require(S.labReports(document).first)
        // The organizer's effectiveTime has 13 digits: warned about, and the result's time is used.
        #expect(diagnostics.contains { $0.severity == .warning && $0.keyPath == "/section/entry/organizer/effectiveTime/low" })
        #expect(report.collectedAt == S.instant("2014-03-02T09:08:00-05:00"))
        #expect(report.results.map(\.uncoded) == [
            LabResult(name: "Glucose [Mass/Volume] In Capillary Blood", loinc: "32016-8", value: .number(500), comparator: .greater,
                      unit: "mg/dL", referenceRange: ReferenceRange(low: 80, high: 140), flag: .high,
                      note: "2 reference ranges given; the normal (N) range is shown")
        ])
    }

    @Test func multipleReferenceRanges() throws {
        let report = try #require(S.labReports(try load("multiple-reference-ranges.xml")).first)
        #expect(report.collectedAt == S.instant("2017-03-19T12:30:00-08:00"))
        #expect(report.results.map(\.uncoded) == [
            LabResult(name: "Nuclear Ab [Titer] in Serum by Immunofluorescence", loinc: "5048-4", value: .text("Borderline, equal to 1:80"),
                      referenceRange: ReferenceRange(text: "Negative, less than 1:80"), flag: .abnormal,
                      note: "3 reference ranges given; the normal (N) range is shown")
        ])
    }

    @Test func bmpAndTroponin() throws {
        let document = try load("bmp-troponin.xml")
        let reports = S.labReports(document)
        #expect(reports.map { $0.panel?.name } == ["Basic Metabolic Panel - Blood", "Troponin T.Cardiac [Mass/Volume] In Serum Or Plasma", "Troponin T.Cardiac [Mass/Volume] In Serum Or Plasma"])
        #expect(reports.map(\.collectedAt) == [S.instant("2012-10-02T09:08:00-05:00"), S.instant("2012-10-02T09:08:00-05:00"), S.instant("2012-10-03T10:08:00-05:00")])
        let bmp = reports[0].results
        #expect(bmp.map(\.name) == ["Sodium [Moles/volume] in Blood", "Potassium [Moles/volume] in Blood", "Chloride [Moles/volume] in Blood",
                                    "Carbon dioxide, total [Moles/volume] in Serum or Plasma", "Urea nitrogen [Mass/volume] in Blood",
                                    "Creatinine [Mass/volume] in Blood", "Glucose [Mass/volume] in Blood"])
        #expect(bmp.map(\.loinc) == ["2947-0", "6298-4", "2069-3", "2028-9", "6299-2", "38483-4", "2339-0"])
        #expect(bmp.map(\.value) == [.number(140), .number(4.2), .number(98), .number(24), .number(10), .number(1.2), .number(185)])
        // Units exactly as the file gives them (including its md/dL and mmol/L slips).
        #expect(bmp.map(\.unit) == ["mmol/L", "mmol/L", "mmol/L", "mmol/L", "md/dL", "mg/dL", "mmol/L"])
        #expect(bmp.map(\.flag) == [.normal, .normal, .normal, .normal, .normal, .normal, .high])
        #expect(bmp.map(\.referenceRange) == [
            // Low/high from the IVL_PQ; the text is the narrative the range's <text><reference> points at.
            ReferenceRange(low: 135, high: 145, text: "135-145 mmol/L"), ReferenceRange(low: 3.5, high: 5.2, text: "3.5-5.2 mmol/L"),
            ReferenceRange(low: 95, high: 110, text: "95-110 mmol/L"), ReferenceRange(low: 23, high: 29, text: "23-29 mmol/L"),
            ReferenceRange(low: 8, high: 24, text: "8-24 mg/dL"), ReferenceRange(low: 0.8, high: 1.3, text: "0.8-1.3 mg/dL"),
            ReferenceRange(low: 70, high: 140, text: "70-140 mg/dL"),
        ])
        #expect(bmp[4].note == "reference range unit mg/dL differs from the result unit md/dL")
        #expect(bmp[6].note == "reference range unit mg/dL differs from the result unit mmol/L; 2 reference ranges given; the normal (N) range is shown")
        for troponin in reports.dropFirst() {
            #expect(troponin.results.map(\.uncoded) == [
                LabResult(name: "Troponin T.Cardiac [Mass/Volume] In Serum Or Plasma", loinc: "6598-7", value: .number(0.01), unit: "ng/mL",
                          referenceRange: ReferenceRange(low: 0, high: 0.1, text: "0.0-0.1 ng/mL"), flag: .normal)
            ])
        }
    }

    @Test func pendingComponent() throws {
        let report = try #require(S.labReports(try load("pending-component.xml")).first)
        #expect(report.status == .preliminary)
        #expect(report.panel?.uncoded == LabPanel(name: "CBC with Ordered Manual Differential panel - Blood", loinc: "57782-5"))
        #expect(report.collectedAt == S.day(2012, 8, 6))
        #expect(report.results.map(\.uncoded) == [LabResult(name: "Leukocytes [#/volume] in Blood by Manual count", loinc: "804-5", value: .text("pending"))])
    }

    @Test func medicationQIDPRN() throws {
        let document = try load("med-qid-prn.xml")
        #expect(S.medications(document) == [
            Medication(name: "ibuprofen 600 MG Oral Tablet", dose: Quantity(value: 1, unit: "{tablet}"), route: "Oral",
                       frequency: DoseFrequency(count: 4, period: 1, unit: .day), asNeeded: true,
                       // Mood INT in the Medications section, active since 2013: a current prescription.
                       startDate: S.day(2013, 12, 18), status: .active, instructions: "As needed", rxnorm: "197806")
        ])
        #expect(document.records.map(\.title) == ["ibuprofen 600 MG Oral Tablet"])
        #expect(document.records.map(\.id) == ["47d3e719-f688-459d-bcdc-47c6de0767a9"])
    }

    @Test func medicationRefused() throws {
        let document = try load("med-refused.xml")
        let at = S.instant("2018-03-15T11:23:05-05:00")
        #expect(S.medications(document) == [
            Medication(name: "lisinopril 10 MG Oral Tablet", startDate: at, endDate: at, status: .stopped,
                       instructions: "Refused (not taken). Reason: Procedure declined by patient", rxnorm: "314076")
        ])
    }
}
