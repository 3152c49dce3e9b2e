import Foundation
import Testing

@testable import CareReports

/// Issue 30: codes, statuses and criticality as the source states them.
@Suite("FHIR importer: codes and statuses as stated")
struct FHIRStatusTests {
    static func observation(_ record: ImportedRecord?) -> Observation? {
        guard case .observation(let observation)? = record?.data else { return nil }
        return observation
    }

    @Test("a condition's clinical status is kept as stated", arguments: Observation.ClinicalStatus.allCases)
    func clinicalStatus(status: Observation.ClinicalStatus) {
        let record = FHIRImporterTests.only([#"{"resourceType": "Condition", "id": "c", "clinicalStatus": {"coding": [{"system": "http://terminology.hl7.org/CodeSystem/condition-clinical", "code": "\#(status.rawValue)"}]}, "code": {"text": "Breast cancer"}, "onsetDateTime": "2015-03-01"}"#])
        #expect(Self.observation(record)?.clinicalStatus == status)
    }

    @Test("entered-in-error and refuted entries are not imported, and are counted", arguments: ["entered-in-error", "refuted"])
    func leftOut(code: String) {
        let (document, diagnostics) = FHIRImporterTests.read([
            #"{"resourceType": "Condition", "id": "c1", "verificationStatus": {"coding": [{"code": "\#(code)"}]}, "code": {"text": "Heart attack"}, "onsetDateTime": "2015-03-01"}"#,
            #"{"resourceType": "AllergyIntolerance", "id": "a1", "verificationStatus": {"coding": [{"code": "\#(code)"}]}, "code": {"text": "Penicillin"}, "recordedDate": "2015-03-01"}"#,
            #"{"resourceType": "Condition", "id": "c2", "verificationStatus": {"coding": [{"code": "confirmed"}]}, "code": {"text": "Asthma"}, "onsetDateTime": "2015-03-01"}"#,
        ])
        #expect(document?.records.map(\.id) == ["c2"])
        #expect(Self.observation(document?.records.first)?.verificationStatus == .confirmed)
        let warning = diagnostics.first { $0.message.contains("verificationStatus is \(code); record not imported") }
        #expect(warning != nil, "\(diagnostics)")
        #expect(!diagnostics.contains { $0.message.contains("Heart attack") || $0.message.contains("Penicillin") })
    }

    @Test("every coding is carried with its display as given")
    func codings() {
        let record = FHIRImporterTests.only([#"{"resourceType": "MedicationStatement", "id": "m", "status": "active", "medicationCodeableConcept": {"text": "ibuprofen 200 mg capsule", "coding": [{"system": "http://www.nlm.nih.gov/research/umls/rxnorm", "code": "206878", "display": "Proprinal 200 MG Oral Capsule"}, {"system": "http://www.whocc.no/atc", "code": "M01AE01"}, {"system": "http://hl7.org/fhir/sid/ndc", "code": ""}]}, "effectiveDateTime": "2024-01-02"}"#])
        #expect(record?.codings == [
            Coding(system: "http://www.nlm.nih.gov/research/umls/rxnorm", code: "206878", display: "Proprinal 200 MG Oral Capsule"),
            Coding(system: "http://www.whocc.no/atc", code: "M01AE01"),
        ])
    }

    @Test("an allergy keeps its criticality, category, type and reaction codes beside a reaction severity")
    func allergy() {
        let record = FHIRImporterTests.only([#"{"resourceType": "AllergyIntolerance", "id": "a", "type": "allergy", "category": ["medication"], "criticality": "high", "clinicalStatus": {"coding": [{"code": "inactive"}]}, "code": {"coding": [{"system": "http://snomed.info/sct", "code": "373270004", "display": "Substance with penicillin structure and antibacterial mechanism of action"}], "text": "Penicillin"}, "recordedDate": "2001-05-05", "reaction": [{"severity": "moderate", "manifestation": [{"coding": [{"system": "http://snomed.info/sct", "code": "247472004", "display": "Hives"}]}]}]}"#])
        let allergy = Self.observation(record)
        #expect(allergy?.criticality == .high && allergy?.severity == "moderate" && allergy?.clinicalStatus == .inactive)
        #expect(allergy?.categories == ["medication"] && allergy?.allergyType == "allergy")
        #expect(allergy?.reactionCodings == [Coding(system: "http://snomed.info/sct", code: "247472004", display: "Hives")])
        #expect(record?.codings.map(\.code) == ["373270004"])
    }

    @Test("C-CDA code systems: the standard OIDs as FHIR URIs, any other as urn:oid")
    func ccdaSystems() {
        #expect(CCDAReader.system(ofOID: "2.16.840.1.113883.6.96") == "http://snomed.info/sct")
        #expect(CCDAReader.system(ofOID: "2.16.840.1.113883.6.1") == "http://loinc.org")
        #expect(CCDAReader.system(ofOID: "2.16.840.1.113883.6.103") == "http://hl7.org/fhir/sid/icd-9-cm", "ICD-9-CM diagnoses")
        #expect(CCDAReader.system(ofOID: "2.16.840.1.113883.6.88") == "http://www.nlm.nih.gov/research/umls/rxnorm")
        #expect(CCDAReader.system(ofOID: "2.16.840.1.113883.12.292") == "http://hl7.org/fhir/sid/cvx")
        #expect(CCDAReader.system(ofOID: "2.16.840.1.113883.6.90") == "http://hl7.org/fhir/sid/icd-10-cm")
        #expect(CCDAReader.system(ofOID: "2.16.840.1.113883.6.69") == "http://hl7.org/fhir/sid/ndc")
        #expect(CCDAReader.system(ofOID: "1.2.40.0.34.5.11") == "urn:oid:1.2.40.0.34.5.11")
        #expect(CCDAReader.system(ofOID: nil) == nil)
    }

    @Test("C-CDA status observations map to the FHIR statuses they mean")
    func ccdaStatuses() {
        #expect(CCDAReader.clinicalStatus("73425007") == .inactive)
        #expect(CCDAReader.clinicalStatus("413322009") == .resolved)
        #expect(CCDAReader.clinicalStatus("277022003") == .remission)
        #expect(CCDAReader.clinicalStatus("246455001") == .recurrence)
        #expect(CCDAReader.clinicalStatus("263855007") == .relapse)
        #expect(CCDAReader.clinicalStatus("55561003") == .active)
    }

    @Test("UCUM codes only where certain")
    func ucum() {
        #expect(UCUMUnits.code("10*9/L") == "10*9/L")
        #expect(UCUMUnits.code("mmHg") == "mm[Hg]")
        #expect(UCUMUnits.code("°C") == "Cel")
        #expect(UCUMUnits.code("mg/dl") == "mg/dL")
        #expect(UCUMUnits.code("mL/min/1.73m2") == "mL/min/{1.73_m2}")
        #expect(UCUMUnits.code("tablets") == nil)
        #expect(UCUMUnits.code("mu/l") == nil)
    }
}
