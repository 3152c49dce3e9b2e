import Foundation
import Testing

@testable import CareReports

private typealias S = CCDATestSupport

/// Issue 30: a C-CDA's codes and statuses carried as stated; entries created in error left out.
@Suite("C-CDA codes and statuses")
struct CCDACodingTests {
    @Test func codesAndTranslationsAreKeptWithTheirSystems() throws {
        let xml = S.document("""
            <component><section><code code="11450-4"/>
            <entry><act><statusCode code="active"/><entryRelationship typeCode="SUBJ"><observation>
              <templateId root="2.16.840.1.113883.10.20.22.4.4"/><effectiveTime><low value="20150301"/></effectiveTime>
              <value xsi:type="CD" code="254837009" codeSystem="2.16.840.1.113883.6.96" displayName="Breast cancer">
                <translation code="C50.9" codeSystem="2.16.840.1.113883.6.90" displayName="Malignant neoplasm of breast"/>
                <translation code="X9" codeSystem="1.2.3.4"/>
              </value>
              <entryRelationship typeCode="REFR"><observation><templateId root="2.16.840.1.113883.10.20.22.4.6"/>
                <value xsi:type="CD" code="277022003" codeSystem="2.16.840.1.113883.6.96"/></observation></entryRelationship>
            </observation></entryRelationship></act></entry>
            <entry><act><statusCode code="nullified"/><entryRelationship typeCode="SUBJ"><observation>
              <templateId root="2.16.840.1.113883.10.20.22.4.4"/><effectiveTime><low value="20200101"/></effectiveTime>
              <value xsi:type="CD" code="22298006" codeSystem="2.16.840.1.113883.6.96" displayName="Heart attack"/>
            </observation></entryRelationship></act></entry>
            </section></component>
            """)
        let (document, diagnostics) = S.read(text: xml)
        #expect(S.errors(diagnostics).isEmpty)
        let records = (document?.records ?? []).filter { $0.data.type == .observation }
        #expect(records.map(\.title) == ["Breast cancer"])
        #expect(records.first?.codings == [
            Coding(system: "http://snomed.info/sct", code: "254837009", display: "Breast cancer"),
            Coding(system: "http://hl7.org/fhir/sid/icd-10-cm", code: "C50.9", display: "Malignant neoplasm of breast"),
            Coding(system: "urn:oid:1.2.3.4", code: "X9"),
        ])
        #expect(S.observations(document).first?.clinicalStatus == .remission)
        #expect(diagnostics.contains { $0.message == "statusCode is nullified (entered in error); record not imported" })
        #expect(!diagnostics.contains { $0.message.contains("Heart attack") })
    }

    @Test func allergyCriticalityAndSubstanceCodes() throws {
        let xml = S.document("""
            <component><section><code code="48765-2"/>
            <entry><act><statusCode code="active"/><entryRelationship typeCode="SUBJ"><observation>
              <templateId root="2.16.840.1.113883.10.20.22.4.7"/><effectiveTime><low value="20100101"/></effectiveTime>
              <participant typeCode="CSM"><participantRole><playingEntity>
                <code code="7980" codeSystem="2.16.840.1.113883.6.88" displayName="Penicillin G"/></playingEntity></participantRole></participant>
              <entryRelationship typeCode="SUBJ"><observation><templateId root="2.16.840.1.113883.10.20.22.4.145"/>
                <value xsi:type="CD" code="CRITH" codeSystem="2.16.840.1.113883.5.1063"/></observation></entryRelationship>
              <entryRelationship typeCode="MFST"><observation><templateId root="2.16.840.1.113883.10.20.22.4.9"/>
                <value xsi:type="CD" code="247472004" codeSystem="2.16.840.1.113883.6.96" displayName="Hives"/>
                <entryRelationship typeCode="SUBJ"><observation><templateId root="2.16.840.1.113883.10.20.22.4.8"/>
                  <value xsi:type="CD" code="6736007" displayName="Moderate"/></observation></entryRelationship>
              </observation></entryRelationship>
            </observation></entryRelationship></act></entry>
            </section></component>
            """)
        let (document, _) = S.read(text: xml)
        let allergy = try #require(S.observations(document).first)
        #expect(allergy.criticality == .high && allergy.severity == "Moderate")
        #expect(allergy.reactionCodings == [Coding(system: "http://snomed.info/sct", code: "247472004", display: "Hives")])
        #expect(document?.records.first?.codings == [Coding(system: "http://www.nlm.nih.gov/research/umls/rxnorm", code: "7980", display: "Penicillin G")])
    }
}
