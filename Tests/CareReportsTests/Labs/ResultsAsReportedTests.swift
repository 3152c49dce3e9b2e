import Foundation
import Templates
import Testing

@testable import CareReports

/// Results as the document reports them (issue 29 item 8): results a report references but the
/// document leaves out are said to be left out, a text result is never flagged by a number rule,
/// tests sharing a name are told apart by their specimen, and UCUM units read in words.
@Suite("Results as reported")
struct ResultsAsReportedTests {
    let spanish = try! Translations(poFiles: EmbeddedTranslations.files).localizer(for: "es").localizer

    static func observation(_ id: String, code: String, display: String, text: String = "Glucose", value: String) -> String {
        #"""
        {"resourceType": "Observation", "id": "\#(id)", "status": "final", "category": [{"coding": [{"code": "laboratory"}]}],
         "code": {"text": "\#(text)", "coding": [{"system": "http://loinc.org", "code": "\#(code)", "display": "\#(display)"}]},
         "effectiveDateTime": "2024-03-01", \#(value)}
        """#
    }

    @Test("a DiagnosticReport whose Observations are not in the bundle counts them, and says so in English and Spanish")
    func resultsNotIncluded() throws {
        let (document, _) = FHIRImporterTests.read([
            #"""
            {"resourceType": "DiagnosticReport", "id": "dr", "status": "final", "code": {"text": "Basic metabolic panel"},
             "effectiveDateTime": "2024-03-01", "result": [{"reference": "Observation/missing-1"}, {"reference": "Observation/missing-2"},
               {"reference": "urn:uuid:na"}]}
            """#,
            Self.observation("na", code: "2951-2", display: "Sodium [Moles/volume] in Serum or Plasma", text: "Sodium",
                             value: #""valueQuantity": {"value": 140, "unit": "mmol/L"}"#),
        ])
        let reports = CCDATestSupport.labReports(document)
        #expect(reports.count == 1)
        #expect(reports.first?.results.count == 1)
        #expect(reports.first?.resultsNotIncluded == 2)
        #expect(LabReportWording.notIncluded(29, .english) == "Results not included in the document (29 referenced)")
        #expect(LabReportWording.notIncluded(29, spanish) == "Resultados no incluidos en el documento (29 referenciados)")
        #expect(LabReportWording.notIncluded(0, .english) == nil)
    }

    @Test("a text result is judged only against a text reference: \"Negative\" against \"NEGATIVE\" is normal, with or without a unit written after it")
    func textResultsNeverNumberFlagged() {
        let negative = LabResult(name: "Glucose (urine)", value: .text("Negative"), unit: "mmol/L", referenceRange: ReferenceRange(text: "NEGATIVE"))
        #expect(LabFlagging.flag(of: negative)?.flag == .normal)
        let glued = LabResult(name: "Glucose (urine)", value: .text("Negative mmol/L"), unit: "mmol/L", referenceRange: ReferenceRange(text: "NEGATIVE"))
        #expect(LabFlagging.flag(of: glued)?.flag == .normal)
        let numericRange = LabResult(name: "Ketones", value: .text("Negative"), unit: "mmol/L", referenceRange: ReferenceRange(low: 0, high: 0.6))
        #expect(LabFlagging.flag(of: numericRange) == nil)
        // Shown without the unit: "Negative", never "Negative mmol/L".
        #expect(LabUnitText.value(negative) == "Negative")
        #expect(LabUnitText.value(LabResult(name: "Sodium", value: .number(140), unit: "mmol/L")) == "140 mmol/L")
    }

    @Test("FHIR: two tests named Glucose with different codes get their specimen in the name; a name no other test shares is kept")
    func specimenInName() {
        let (document, _) = FHIRImporterTests.read([
            Self.observation("u", code: "5792-7", display: "Glucose [Mass/volume] in Urine by Test strip", value: #""valueString": "Negative""#),
            Self.observation("s", code: "2345-7", display: "Glucose [Mass/volume] in Serum or Plasma", value: #""valueQuantity": {"value": 5.4, "unit": "mmol/L"}"#),
            Self.observation("k", code: "2160-0", display: "Creatinine [Mass/volume] in Serum or Plasma", text: "Creatinine",
                             value: #""valueQuantity": {"value": 80, "unit": "umol/L"}"#),
        ])
        let names = Set(CCDATestSupport.labReports(document).flatMap(\.results).map(\.name))
        #expect(names == ["Glucose (urine)", "Glucose (serum or plasma)", "Creatinine"])
    }

    @Test("C-CDA: the organizer's specimen names the test when two share a name")
    func ccdaSpecimen() {
        func organizer(_ specimen: String, _ code: String) -> String {
            """
            <entry><organizer><statusCode code="completed"/><effectiveTime value="20240301"/>
              <specimen><specimenRole><specimenPlayingEntity><code displayName="\(specimen)"/></specimenPlayingEntity></specimenRole></specimen>
              <component><observation><code code="\(code)" codeSystem="2.16.840.1.113883.6.1" displayName="Glucose"/>
                <statusCode code="completed"/><value xsi:type="PQ" value="5" unit="mmol/L"/></observation></component>
            </organizer></entry>
            """
        }
        let xml = CCDATestSupport.document("<component><section><code code=\"30954-2\"/>\(organizer("Urine", "5792-7"))\(organizer("Serum", "2345-7"))</section></component>")
        let names = CCDATestSupport.labReports(CCDATestSupport.read(text: xml).document).flatMap(\.results).map(\.name)
        #expect(names.sorted() == ["Glucose (serum)", "Glucose (urine)"])
    }

    @Test("UCUM units in words, English and Spanish: {score}, {beats}/min, mm[Hg], 10*3/uL")
    func unitsInWords() {
        #expect(LabUnitText.display("{score}", .english) == "points")
        #expect(LabUnitText.display("{score}", spanish) == "puntos")
        #expect(LabUnitText.display("{beats}/min", spanish) == "latidos/min")
        #expect(LabUnitText.display("mm[Hg]", spanish) == "mmHg")
        #expect(LabUnitText.display("10*3/uL", .english) == "×10³/µL")
        #expect(LabUnitText.value(LabResult(name: "PHQ-9", value: .number(7), unit: "{score}"), spanish) == "7 puntos")
        let pain = Measurement(kind: .other, value: 4, unit: "{score}")
        #expect(MeasurementRanges.valueText(pain, DisplayFormat(timeZone: TimeZone(identifier: "UTC")!, words: spanish)) == "4 puntos")
        let pressure = Measurement(kind: .bloodPressure, systolic: 120, diastolic: 80, unit: "mm[Hg]")
        #expect(MeasurementRanges.valueText(pressure) == "120/80 mmHg")
    }
}
