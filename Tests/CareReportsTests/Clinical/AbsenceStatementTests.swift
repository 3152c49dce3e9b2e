import Foundation
import Templates
import Testing

@testable import CareReports

/// Issue 22: every statement of absence a document makes is kept and shown as stated, beside the
/// real entries of its section.
@Suite("Statements of absence")
struct AbsenceStatementTests {
    static func statements(_ document: ImportedDocument?) -> [String] {
        (document?.records ?? []).compactMap { record in
            guard case .observation(let o) = record.data else { return nil }
            return o.statedAbsence?.statement
        }
    }

    @Test("FHIR: IPS absent-unknown codes and SNOMED CT situations become statements; real entries stay")
    func fhirStatements() {
        let (document, diagnostics) = FHIRImporterTests.read([
            #"{"resourceType": "AllergyIntolerance", "id": "pen", "criticality": "high", "code": {"text": "Penicillin"}, "recordedDate": "2017-07-20"}"#,
            #"{"resourceType": "AllergyIntolerance", "id": "nkfa", "code": {"coding": [{"system": "http://hl7.org/fhir/uv/ips/CodeSystem/absent-unknown-uv-ips", "code": "no-known-food-allergies"}]}, "recordedDate": "2017-07-20"}"#,
            #"{"resourceType": "AllergyIntolerance", "id": "nkfa2", "code": {"coding": [{"system": "http://snomed.info/sct", "code": "429625007", "display": "No known food allergy (situation)"}]}, "recordedDate": "2017-07-20"}"#,
            #"{"resourceType": "AllergyIntolerance", "id": "nkda", "code": {"coding": [{"system": "http://snomed.info/sct", "code": "409137002"}]}, "recordedDate": "2017-07-20"}"#,
            #"{"resourceType": "Condition", "id": "np", "code": {"coding": [{"system": "http://hl7.org/fhir/uv/ips/CodeSystem/absent-unknown-uv-ips", "code": "no-problem-info"}]}}"#,
            #"{"resourceType": "Condition", "id": "nkp", "code": {"coding": [{"system": "http://snomed.info/sct", "code": "160245001"}]}, "recordedDate": "2017-07-20"}"#,
            // 160244002 is the older "No known allergies" (SNOMED CT), not a statement about problems.
            #"{"resourceType": "AllergyIntolerance", "id": "nka", "code": {"coding": [{"system": "http://snomed.info/sct", "code": "160244002"}]}, "recordedDate": "2017-07-20"}"#,
            #"{"resourceType": "MedicationStatement", "id": "nm", "status": "unknown", "medicationCodeableConcept": {"coding": [{"system": "http://hl7.org/fhir/uv/ips/CodeSystem/absent-unknown-uv-ips", "code": "no-known-medications"}]}}"#,
            #"{"resourceType": "Immunization", "id": "ni", "status": "completed", "vaccineCode": {"coding": [{"system": "http://hl7.org/fhir/uv/ips/CodeSystem/absent-unknown-uv-ips", "code": "no-immunization-info"}]}}"#,
        ], type: "document", extra: #", "timestamp": "2017-07-20T14:30:00Z""#)
        #expect(diagnostics.filter { $0.severity == .error }.isEmpty)
        #expect(Self.statements(document) == [
            "No known food allergies.", "No known food allergies.", "No known drug allergies.", "No information about problems.",
            "No current problems or disability.", "No known allergies.", "No known medications.", "No information about immunizations.",
        ])
        #expect(document?.records.first?.title == "Allergy: Penicillin")
        // Undated statements take the document's date.
        #expect(document?.records.first { $0.id == "nm" }?.date == CareDate.parse("2017-07-20T14:30:00Z"))
    }

    static let ccda = """
        <ClinicalDocument xmlns="urn:hl7-org:v3" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
        <effectiveTime value="20130815"/>
        <recordTarget><patientRole><patient><name><given>Ana</given><family>Ruiz</family></name></patient></patientRole></recordTarget>
        <component><structuredBody>
        <component><section><code code="48765-2"/>
          <entry><act><entryRelationship><observation negationInd="true"><value xsi:type="CD" code="419199007"/>
            <participant typeCode="CSM"><participantRole><playingEntity><code nullFlavor="NA"/></playingEntity></participantRole></participant>
          </observation></entryRelationship></act></entry>
          <entry><act><entryRelationship><observation negationInd="true"><value xsi:type="CD" code="419199007"/>
            <participant typeCode="CSM"><participantRole><playingEntity><code code="7980" displayName="Penicillin G"/></playingEntity></participantRole></participant>
          </observation></entryRelationship></act></entry>
          <entry><act><entryRelationship><observation><value xsi:type="CD" code="419199007" displayName="Allergy to substance"/>
            <participant typeCode="CSM"><participantRole><playingEntity><code code="2670" displayName="Codeine"/></playingEntity></participantRole></participant>
          </observation></entryRelationship></act></entry>
        </section></component>
        <component><section><code code="11450-4"/>
          <entry><act><entryRelationship><observation negationInd="true"><value xsi:type="CD" code="55607006" displayName="Problem"/></observation></entryRelationship></act></entry>
          <entry><act><entryRelationship><observation><value xsi:type="CD" nullFlavor="NI"/></observation></entryRelationship></act></entry>
        </section></component>
        <component><section><code code="10160-0"/>
          <entry><substanceAdministration negationInd="true"><consumable><manufacturedProduct><manufacturedMaterial><code nullFlavor="NA"/></manufacturedMaterial></manufacturedProduct></consumable></substanceAdministration></entry>
        </section></component>
        <component><section nullFlavor="NI"><code code="11369-6"/><title>Immunizations</title><text>No information</text></section></component>
        </structuredBody></component>
        </ClinicalDocument>
        """

    @Test("C-CDA: negationInd and nullFlavor NI/NA/UNK on allergy, problem and medication entries, and on a section")
    func ccdaStatements() {
        let (document, diagnostics) = CCDATestSupport.read(text: Self.ccda)
        #expect(diagnostics.filter { $0.severity == .error }.isEmpty, "\(diagnostics)")
        #expect(Self.statements(document) == [
            "No known allergies.", "No known allergy to Penicillin G.", "No known problems.", "No information about problems.",
            "No known medications.", "No information about immunizations.",
        ])
        #expect(document?.records.contains { $0.title == "Allergy: Codeine" } == true)
        #expect(document?.date == .day(LocalDate(year: 2013, month: 8, day: 15)!))
    }

    @Test("a statement is shown beside the real allergy, never merged with it or hidden by it, in the page and the FHIR output")
    func visitShowsBoth() throws {
        let json = DocumentClockTests.bundle(timestamp: "2017-07-20T14:30:00Z", entries: [
            #"{"resourceType": "AllergyIntolerance", "id": "pen", "criticality": "high", "code": {"text": "Penicillin"}, "recordedDate": "2017-07-20"}"#,
            #"{"resourceType": "AllergyIntolerance", "id": "nkfa", "code": {"coding": [{"system": "http://snomed.info/sct", "code": "429625007", "display": "No known food allergy (situation)"}]}}"#,
            #"{"resourceType": "Condition", "id": "nkp", "code": {"coding": [{"system": "http://hl7.org/fhir/uv/ips/CodeSystem/absent-unknown-uv-ips", "code": "no-known-problems"}]}}"#,
            #"{"resourceType": "MedicationStatement", "id": "nm", "status": "unknown", "medicationCodeableConcept": {"coding": [{"system": "http://hl7.org/fhir/uv/ips/CodeSystem/absent-unknown-uv-ips", "code": "no-medication-info"}]}}"#,
        ])
        let context = try DocumentClockTests.context(try DocumentClockTests.load(json))
        let summary = VisitSummaryBuilder(context: context).build()
        #expect(summary.allergies.map(\.text) == ["Penicillin"] && summary.allergies[0].detail == "high criticality")
        #expect(summary.allergyStatements.map(\.text) == ["No known food allergies."])
        #expect(summary.allergyStatements[0].stated == "Stated on 20 Jul 2017.")
        #expect(summary.allergyStatus == nil)
        #expect(summary.problems.isEmpty && summary.problemStatements.map(\.text) == ["No known problems."])
        #expect(summary.medicationStatements.map(\.text) == ["No information about medications."])
        let html = try VisitFixture.html(summary)
        for text in ["<strong>Penicillin</strong>: high criticality", "<strong>No known food allergies.</strong>", "<strong>No known problems.</strong>",
                     "<strong>No information about medications.</strong>"] {
            #expect(html.contains(text), "\(text)")
        }
        let problems = try #require(html.firstMatch(of: /<section aria-labelledby="problems-heading">(?s:.*?)<\/section>/)).0
        #expect(!problems.contains("None recorded.") && !html.contains("No current medications recorded."))
        let bundle = IPSBundleBuilder(context: context).json()
        #expect(bundle.contains("\"code\": \"429625007\"") && bundle.contains("\"text\": \"Penicillin\""))
        #expect(bundle.contains("\"code\": \"no-known-problems\"") && bundle.contains("\"code\": \"no-medication-info\""))
    }

    @Test("an IPS Composition section with no entry and an emptyReason states an absence")
    func emptySections() {
        let (document, _) = FHIRImporterTests.read([
            #"{"resourceType": "Composition", "id": "c", "status": "final", "date": "2024-01-02", "title": "IPS", "section": [{"title": "Allergies", "code": {"coding": [{"system": "http://loinc.org", "code": "48765-2"}]}, "text": {"div": "<div>No information available</div>"}, "emptyReason": {"coding": [{"code": "unavailable"}]}}, {"title": "Problems", "code": {"coding": [{"system": "http://loinc.org", "code": "11450-4"}]}, "emptyReason": {"coding": [{"code": "nilknown"}]}}]}"#,
        ], type: "document")
        #expect(Self.statements(document) == ["No information about allergies.", "No known problems."])
    }

    @Test("the native \"none known\" allergy is the statement \"No known allergies.\"")
    func nativeNoneKnown() {
        let observation = Observation(kind: .allergy, substance: "none known")
        #expect(observation.statedAbsence == .generic(.allergies, .noneKnown))
        #expect(Observation(kind: .allergy, substance: "Latex").statedAbsence == nil)
    }

    @Test("the tables: every IPS code has a topic and a sentence; unknown codes state nothing")
    func tables() {
        for (code, entry) in AbsenceStatement.ipsCodes {
            #expect(entry.2.hasSuffix("."), "\(code)")
            #expect(AbsenceStatement.known(system: AbsenceStatement.ipsSystem, code: code)?.topic == entry.0)
        }
        #expect(AbsenceStatement.known(system: AbsenceStatement.snomedSystem, code: "91936005") == nil)
        #expect(AbsenceStatement.known(system: "http://loinc.org", code: "716186003") == nil)
    }
}
