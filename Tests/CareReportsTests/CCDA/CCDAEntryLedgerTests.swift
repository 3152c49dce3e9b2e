import Foundation
import Testing

@testable import CareReports

/// Every entry of every section gets one outcome (issue 40), and the rules that read entries by
/// what they state, whatever section files them.
@Suite("C-CDA entry ledger")
struct CCDAEntryLedgerTests {
    typealias S = CCDATestSupport

    @Test func everyEntryHasOneLineWithItsOutcome() throws {
        let xml = S.document("""
            <component><section><code code="11450-4"/><title>Problems</title><text>Asthma</text>
            <entry><act><statusCode code="active"/><entryRelationship typeCode="SUBJ"><observation>
              <templateId root="2.16.840.1.113883.10.20.22.4.4"/><effectiveTime><low value="20100101"/></effectiveTime>
              <value xsi:type="CD" code="195967001" codeSystem="2.16.840.1.113883.6.96" displayName="Asthma"/></observation>
            </entryRelationship></act></entry>
            <entry><act><statusCode code="nullified"/><entryRelationship typeCode="SUBJ"><observation>
              <templateId root="2.16.840.1.113883.10.20.22.4.4"/><effectiveTime><low value="20100101"/></effectiveTime>
              <value xsi:type="CD" code="38341003" codeSystem="2.16.840.1.113883.6.96" displayName="Hypertension"/></observation>
            </entryRelationship></act></entry>
            <entry><observation/></entry>
            </section></component>
            """)
        let document = try #require(S.read(text: xml).document)
        #expect(document.ledger.map(\.outcome) == [.shown, .omitted, .omitted])
        #expect(document.ledger[0].place == "problems" && document.ledger[0].sectionTitle == "Problems")
        #expect(document.ledger[1].reason?.contains("entered in error") == true)
        #expect(document.ledger[2].reason?.contains("states nothing") == true)
        #expect(Set(document.ledger.map(\.entry)).count == 3)
    }

    @Test func anEntryNothingStructuredIsReadFromIsShownByItsSectionsNarrative() throws {
        let xml = S.document("""
            <component><section><code code="47420-5"/><title>Functional Status</title>
            <text><paragraph>Walks with a cane; needs help with bathing.</paragraph></text>
            <entry><organizer classCode="CLUSTER" moodCode="EVN"><statusCode code="completed"/>
              <component><act classCode="ACT" moodCode="EVN"><code nullFlavor="UNK"/></act></component></organizer></entry>
            </section></component>
            """)
        let document = try #require(S.read(text: xml).document)
        let line = try #require(document.ledger.first)
        #expect(line.outcome == .shown && line.place == "sections as written")
        let record = try #require(document.records.first { $0.id == line.record })
        #expect(record.title == "Functional Status")
        #expect(document.notShown.isEmpty)
    }

    @Test func anEntryWithNoNarrativeToShowItIsUnreadAndItsSectionNamedByItsTitle() throws {
        let xml = S.document("""
            <component><section><code code="10190-7"/><title>Mental Status</title>
            <entry><act classCode="ACT" moodCode="EVN"><code nullFlavor="UNK"/></act></entry>
            </section></component>
            """)
        let document = try #require(S.read(text: xml).document)
        #expect(document.ledger.map(\.outcome) == [.unread])
        #expect(document.notShown == ["Mental Status"])
    }

    @Test func vitalSignsAreReadByTheirCodeInAnySectionAndPaired() throws {
        let xml = S.document("""
            <component><section><code code="29545-1"/><title>Physical Exam</title>
            <entry><observation moodCode="EVN"><code code="8480-6" codeSystem="2.16.840.1.113883.6.1"/>
              <effectiveTime value="20240301"/><value xsi:type="PQ" value="155" unit="mm[Hg]"/></observation></entry>
            <entry><observation moodCode="EVN"><code code="8462-4" codeSystem="2.16.840.1.113883.6.1"/>
              <effectiveTime value="20240301"/><value xsi:type="PQ" value="85" unit="mm[Hg]"/></observation></entry>
            <entry><observation moodCode="EVN"><code code="8302-2" codeSystem="2.16.840.1.113883.6.1" displayName="Body height"/>
              <effectiveTime value="20240301"/><value xsi:type="PQ" value="170" unit="cm"/></observation></entry>
            </section></component>
            """)
        let document = try #require(S.read(text: xml).document)
        let readings = S.measurements(document).map(\.1)
        #expect(readings.contains { $0.kind == .bloodPressure && $0.systolic == 155 && $0.diastolic == 85 })
        #expect(readings.contains { $0.value == 170 && $0.unit == "cm" })
        #expect(document.ledger.map(\.outcome) == [.shown, .shown, .shown])
        #expect(document.ledger[0].record == document.ledger[1].record)
    }

    @Test func aPlannedMedicineIsNamedByItsProductWhateverItsSection() throws {
        let xml = S.document("""
            <component><section><code code="18776-5"/><title>Plan of Treatment</title>
            <entry><substanceAdministration classCode="SBADM" moodCode="INT">
              <effectiveTime xsi:type="IVL_TS"><low value="20240305"/></effectiveTime>
              <consumable><manufacturedProduct><manufacturedMaterial>
                <code code="1361615" codeSystem="2.16.840.1.113883.6.88" displayName="Heparin 5000 UNT/ML Injectable Solution"/>
              </manufacturedMaterial></manufacturedProduct></consumable></substanceAdministration></entry>
            </section></component>
            """)
        let (document, diagnostics) = S.read(text: xml)
        // A planned medicine of the Plan of Treatment is read as a planned medicine (its dose, route and schedule with it).
        let plan = try #require(S.medications(document).first)
        #expect(plan.name == "Heparin 5000 UNT/ML Injectable Solution" && plan.status == .planned && plan.intent == .plan)
        #expect(document?.ledger.map(\.place) == ["planned medicines"])
        #expect(!diagnostics.contains { $0.message.contains("names nothing") })
    }

    @Test func pregnancyIsAFindingWithItsExpectedDeliveryDate() throws {
        let xml = S.document("""
            <component><section><code code="29762-2"/><title>Social History</title>
            <entry><observation classCode="OBS" moodCode="EVN"><code code="ASSERTION" codeSystem="2.16.840.1.113883.5.4"/>
              <effectiveTime value="20240301"/>
              <value xsi:type="CD" code="77386006" codeSystem="2.16.840.1.113883.6.96" displayName="Pregnant"/>
              <entryRelationship typeCode="REFR"><observation classCode="OBS" moodCode="EVN">
                <code code="11778-8" codeSystem="2.16.840.1.113883.6.1" displayName="Estimated date of delivery"/>
                <value xsi:type="TS" value="20240901"/></observation></entryRelationship></observation></entry>
            </section></component>
            """)
        let document = try #require(S.read(text: xml).document)
        let finding = try #require(S.observations(document).first)
        #expect(finding.kind == .finding && finding.name == "Pregnant")
        #expect(finding.facts?.dateValue == .day(LocalDate(year: 2024, month: 9, day: 1)!))
        #expect(document.records.first?.codings.contains { $0.code == "77386006" } == true)
    }

    @Test func aReactionKeepsItsOwnSeverity() throws {
        let xml = S.document("""
            <component><section><code code="48765-2"/>
            <entry><act><statusCode code="active"/><entryRelationship typeCode="SUBJ"><observation>
              <templateId root="2.16.840.1.113883.10.20.22.4.7"/><effectiveTime><low value="20100101"/></effectiveTime>
              <participant typeCode="CSM"><participantRole><playingEntity>
                <code code="2670" codeSystem="2.16.840.1.113883.6.88" displayName="Codeine"/></playingEntity></participantRole></participant>
              <entryRelationship typeCode="SUBJ" inversionInd="true"><observation><templateId root="2.16.840.1.113883.10.20.22.4.8"/>
                <value xsi:type="CD" code="255604002" displayName="Mild"/></observation></entryRelationship>
              <entryRelationship typeCode="MFST"><observation><templateId root="2.16.840.1.113883.10.20.22.4.9"/>
                <value xsi:type="CD" code="56018004" codeSystem="2.16.840.1.113883.6.96" displayName="Wheezing"/>
                <entryRelationship typeCode="SUBJ"><observation><templateId root="2.16.840.1.113883.10.20.22.4.8"/>
                  <value xsi:type="CD" code="6736007" displayName="Moderate"/></observation></entryRelationship>
              </observation></entryRelationship>
            </observation></entryRelationship></act></entry>
            </section></component>
            """)
        let allergy = try #require(S.observations(S.read(text: xml).document).first)
        #expect(allergy.reaction == "Wheezing" && allergy.severity == "Moderate")
    }

    @Test func familyHistoryIsNamedByTheRelativeWithTheirCondition() throws {
        let xml = S.document("""
            <component><section><code code="10157-6"/><title>Family History</title>
            <entry><organizer classCode="CLUSTER" moodCode="EVN"><templateId root="2.16.840.1.113883.10.20.22.4.45"/>
              <subject><relatedSubject classCode="PRS"><code code="FTH" codeSystem="2.16.840.1.113883.5.111" displayName="Father"/></relatedSubject></subject>
              <component><observation classCode="OBS" moodCode="EVN"><templateId root="2.16.840.1.113883.10.20.22.4.46"/>
                <code code="64572001" codeSystem="2.16.840.1.113883.6.96" displayName="Condition"/>
                <value xsi:type="CD" code="22298006" codeSystem="2.16.840.1.113883.6.96" displayName="Myocardial infarction"/>
              </observation></component></organizer></entry>
            </section></component>
            """)
        let finding = try #require(S.observations(S.read(text: xml).document).first)
        #expect(finding.kind == .finding && finding.name == "Father" && finding.facts?.detail == "Myocardial infarction")
    }

    @Test func aGoalRangeWithOneBoundSaysWhichBound() throws {
        let xml = S.document("""
            <component><section><code code="61146-7"/><title>Goals</title>
            <entry><observation classCode="OBS" moodCode="GOL"><code code="29463-7" codeSystem="2.16.840.1.113883.6.1" displayName="Weight loss"/>
              <effectiveTime value="20240101"/>
              <value xsi:type="IVL_PQ"><low value="10" unit="%"/></value></observation></entry>
            </section></component>
            """)
        let goal = try #require(S.observations(S.read(text: xml).document).first)
        #expect(goal.facts?.detail == "≥ 10 %")
    }
}
