import Foundation
import Testing

@testable import CareReports

/// Issue 29: Procedure, Consent, DeviceUseStatement/Device, Goal, CarePlan and what an Immunization
/// states beyond its vaccine, on a hand-written bundle.
@Suite("FHIR clinical sections")
struct FHIRSectionsTests {
    static let bundle = #"""
        {"resourceType": "Bundle", "type": "collection", "timestamp": "2024-03-01T10:00:00Z", "entry": [
          {"fullUrl": "urn:uuid:p1", "resource": {"resourceType": "Patient", "id": "p1", "name": [{"given": ["Ana"], "family": "Ruiz"}]}},
          {"fullUrl": "urn:uuid:i1", "resource": {"resourceType": "Immunization", "id": "i1", "status": "not-done",
            "statusReason": {"coding": [{"system": "http://terminology.hl7.org/CodeSystem/v3-ActReason", "code": "PATOBJ", "display": "patient objection"}]},
            "vaccineCode": {"coding": [{"system": "http://hl7.org/fhir/sid/cvx", "code": "115", "display": "Tdap"}]},
            "patient": {"reference": "urn:uuid:p1"}, "occurrenceDateTime": "2023-05-02"}},
          {"fullUrl": "urn:uuid:i2", "resource": {"resourceType": "Immunization", "id": "i2", "status": "completed", "primarySource": false,
            "vaccineCode": {"text": "Influenza"}, "patient": {"reference": "urn:uuid:p1"}, "occurrenceDateTime": "2022-10-01"}},
          {"fullUrl": "urn:uuid:c1", "resource": {"resourceType": "Consent", "id": "c1", "status": "active",
            "scope": {"coding": [{"system": "http://terminology.hl7.org/CodeSystem/consentscope", "code": "adr"}]},
            "category": [{"coding": [{"system": "http://terminology.hl7.org/CodeSystem/consentcategorycodes", "code": "dnr", "display": "Do Not Resuscitate"}]}],
            "patient": {"reference": "urn:uuid:p1"}, "dateTime": "2021-09-01",
            "provision": {"code": [{"coding": [{"system": "http://snomed.info/sct", "code": "304253006", "display": "Not for resuscitation"}]}]}}},
          {"fullUrl": "urn:uuid:d1", "resource": {"resourceType": "Device", "id": "d1",
            "udiCarrier": [{"carrierHRF": "(01)00643169007222(17)160128(21)BLC200461H"}],
            "type": {"coding": [{"system": "http://snomed.info/sct", "code": "14106009", "display": "Cardiac pacemaker"}]}, "patient": {"reference": "urn:uuid:p1"}}},
          {"fullUrl": "urn:uuid:u1", "resource": {"resourceType": "DeviceUseStatement", "id": "u1", "status": "active",
            "subject": {"reference": "urn:uuid:p1"}, "device": {"reference": "urn:uuid:d1"}, "timingDateTime": "2019-02-10"}},
          {"fullUrl": "urn:uuid:x1", "resource": {"resourceType": "Procedure", "id": "x1", "status": "not-done",
            "statusReason": {"text": "Patient declined"}, "code": {"text": "Colonoscopy"}, "subject": {"reference": "urn:uuid:p1"},
            "performedDateTime": "2023-01-10"}},
          {"fullUrl": "urn:uuid:x2", "resource": {"resourceType": "Procedure", "id": "x2", "status": "completed",
            "code": {"coding": [{"system": "http://snomed.info/sct", "code": "80146002", "display": "Appendectomy"}]}, "subject": {"reference": "urn:uuid:p1"}}},
          {"fullUrl": "urn:uuid:g1", "resource": {"resourceType": "Goal", "id": "g1", "lifecycleStatus": "active",
            "description": {"text": "Walk 30 minutes a day"}, "subject": {"reference": "urn:uuid:p1"}, "startDate": "2024-01-05"}},
          {"fullUrl": "urn:uuid:f1", "resource": {"resourceType": "Flag", "id": "f1", "status": "active", "code": {"text": "x"}}}
        ]}
        """#

    func read() throws -> ImportedDocument {
        let (document, diagnostics) = FHIRImporter.read(try JSONParser.parse(Self.bundle), file: "sections.json")
        #expect(diagnostics.allSatisfy { $0.severity == .warning }, "\(diagnostics)")
        return try #require(document)
    }

    func findings(_ document: ImportedDocument, _ kind: Observation.Kind) -> [(ImportedRecord, Observation)] {
        document.records.compactMap { record in
            guard case .observation(let o) = record.data, o.kind == kind, o.absence == nil else { return nil }
            return (record, o)
        }
    }

    @Test func immunisationNotDoneKeepsItsReasonAndReportedIsSaid() throws {
        let shots = findings(try read(), .immunization)
        let refused = try #require(shots.first { $0.1.name == "Tdap" })
        #expect(refused.1.facts?.status == .refused && refused.1.facts?.reason == "patient objection")
        #expect(refused.0.codings == [Coding(system: "http://hl7.org/fhir/sid/cvx", code: "115", display: "Tdap")])
        let reported = try #require(shots.first { $0.1.name == "Influenza" })
        #expect(reported.1.facts?.reported == true && reported.1.facts?.status == .completed)
    }

    @Test func consentIsAnAdvanceDirective() throws {
        let (record, directive) = try #require(findings(try read(), .advanceDirective).first)
        #expect(directive.name == "Do Not Resuscitate" && directive.facts?.detail == "Not for resuscitation")
        #expect(directive.facts?.status == .active)
        #expect(record.codings.map(\.code) == ["dnr", "304253006"])
    }

    @Test func deviceIsReadOnceThroughItsStatementWithTheUDI() throws {
        let devices = findings(try read(), .device)
        #expect(devices.count == 1)
        #expect(devices.first?.1.name == "Cardiac pacemaker")
        #expect(devices.first?.1.facts?.udi == "(01)00643169007222(17)160128(21)BLC200461H")
        #expect(devices.first?.1.onset == .day(LocalDate(year: 2019, month: 2, day: 10)!))
    }

    @Test func proceduresAsStatedWithoutAnInventedDate() throws {
        let procedures = findings(try read(), .procedure)
        let declined = try #require(procedures.first { $0.1.name == "Colonoscopy" })
        #expect(declined.1.facts?.status == .refused && declined.1.facts?.reason == "Patient declined")
        let done = try #require(procedures.first { $0.1.name == "Appendectomy" })
        #expect(done.1.facts?.status == .completed)
        // No performed date: "date unknown", filed under the document's date, never dated by it.
        #expect(done.1.onset?.isUnknown == true)
    }

    @Test func goalAndWhatIsNotReadAreKept() throws {
        let document = try read()
        #expect(findings(document, .goal).first?.1.name == "Walk 30 minutes a day")
        #expect(document.notShown == ["Flag"])
    }

    @Test func visitLinesSayStatusReasonAndNoDocumentDateForAnUndatedProcedure() {
        let facts = ClinicalFacts(status: .refused, reason: "Patient declined")
        #expect(ClinicalFactsWording.details(facts, kind: .procedure, .english) == ["refused", "reason: Patient declined"])
        #expect(ClinicalFactsWording.details(ClinicalFacts(status: .completed), kind: .immunization, .english) == ["given"])
        #expect(ClinicalFactsWording.details(ClinicalFacts(status: .completed, udi: "X1"), kind: .device, .english) == ["in place", "UDI X1"])
        #expect(ClinicalFactsWording.details(ClinicalFacts(reported: true), kind: .immunization, .english)
            == ["reported by the patient or family, not recorded by a clinician"])
    }
}
