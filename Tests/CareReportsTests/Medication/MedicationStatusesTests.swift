import Foundation
import Testing

@testable import CareReports

/// Medicines' statuses and doses as the document states them (docs/clinical-imports.md, "Planned,
/// not taken and unknown medicines", "Every dosage instruction, every dose as written"), the same in
/// the FHIR and the C-CDA importer.
@Suite("Medicine statuses as stated")
struct MedicationStatusesTests {
    typealias S = CCDATestSupport

    static func fhir(_ resource: String) -> Medication? {
        // A document date, so an undated entry could fall back on it (and must not, when not in use).
        let (document, _) = FHIRImporterTests.read([resource], extra: #", "timestamp": "2024-06-01T12:00:00Z""#)
        guard case .medication(let m)? = document?.records.first?.data else { return nil }
        return m
    }

    static func request(status: String, intent: String) -> String {
        #"{"resourceType": "MedicationRequest", "id": "mr", "status": "\#(status)", "intent": "\#(intent)", "authoredOn": "2024-05-01", "medicationCodeableConcept": {"text": "warfarin 5 MG Oral Tablet"}}"#
    }

    static func statement(status: String, date: String = #", "effectiveDateTime": "2024-06-05""#) -> String {
        #"{"resourceType": "MedicationStatement", "id": "ms", "status": "\#(status)"\#(date), "medicationCodeableConcept": {"text": "aspirin 81 MG Oral Tablet"}}"#
    }

    @Test("FHIR: a proposal, a plan, a draft and an intended statement are planned; an order is not")
    func fhirPlanned() {
        let proposal = Self.fhir(Self.request(status: "active", intent: "proposal"))
        #expect(proposal?.status == .planned && proposal?.intent == .proposal && proposal?.draft == false)
        #expect(proposal?.startIsAuthored == true)
        // A plan written before the document with no start of its own is a current prescription;
        // one that states a later start is planned.
        #expect(Self.fhir(Self.request(status: "active", intent: "plan"))?.status == .active)
        let later = Self.request(status: "active", intent: "plan").replacingOccurrences(
            of: #""authoredOn": "2024-05-01""#,
            with: #""authoredOn": "2024-05-01", "dosageInstruction": [{"timing": {"repeat": {"boundsPeriod": {"start": "2024-06-20"}}}}]"#)
        #expect(Self.fhir(later)?.intent == .plan && Self.fhir(later)?.status == .planned)
        let draft = Self.fhir(Self.request(status: "draft", intent: "order"))
        #expect(draft?.status == .planned && draft?.intent == .order && draft?.draft == true)
        #expect(Self.fhir(Self.request(status: "active", intent: "order"))?.status == .active)
        // An order in use with no date of its own is dated by the document, as before.
        #expect(Self.fhir(Self.statement(status: "active", date: ""))?.startDate.isUnknown == false)
        let intended = Self.fhir(Self.statement(status: "intended"))
        #expect(intended?.status == .planned && intended?.intent == nil)
        #expect(intended?.isNotInUse == true && intended?.isCurrentStatus == false)
    }

    @Test("FHIR: not-taken is not taken (never stopped); unknown stays unknown, its date too")
    func fhirNotTakenAndUnknown() {
        #expect(Self.fhir(Self.statement(status: "not-taken"))?.status == .notTaken)
        let unknown = Self.fhir(Self.statement(status: "unknown", date: ""))
        #expect(unknown?.status == .unknown)
        #expect(unknown?.startDate.isUnknown == true, "no start date is made up from the document's")
    }

    @Test("FHIR: every dosage instruction is read, days of the week with or without clock times")
    func fhirEveryDosage() throws {
        let medication = try #require(MedicationsAsOrderedTests.fhirMedication("""
            {"timing": {"repeat": {"frequency": 1, "period": 1, "periodUnit": "d", "dayOfWeek": ["mon", "tue", "wed", "thu", "fri"]}},
             "doseAndRate": [{"doseQuantity": {"value": 50, "unit": "ug"}}]},
            {"timing": {"repeat": {"frequency": 1, "period": 1, "periodUnit": "d", "dayOfWeek": ["sat", "sun"]}},
             "doseAndRate": [{"doseQuantity": {"value": 100, "unit": "ug"}}]}
            """, name: "levothyroxine 0.05 MG Oral Tablet"))
        #expect(medication.dose == Quantity(value: 50, unit: "ug"))
        #expect(medication.schedule == DoseSchedule(times: [], daysOfWeek: [1, 2, 3, 4, 5]))
        #expect(medication.moreDosages == [Medication.Dosage(
            dose: Quantity(value: 100, unit: "ug"), schedule: DoseSchedule(times: [], daysOfWeek: [6, 7]),
            frequency: DoseFrequency(count: 1, period: 1, unit: .day))])
        #expect(medication.dosage(1).dose == Quantity(value: 100, unit: "ug"))
    }

    @Test("FHIR: why an order is held is kept as its status reason")
    func fhirStatusReason() {
        let held = Self.fhir(#"{"resourceType": "MedicationRequest", "id": "mr", "status": "on-hold", "intent": "order", "authoredOn": "2024-05-01", "statusReason": {"text": "eGFR 38"}, "medicationCodeableConcept": {"text": "ibuprofen"}}"#)
        #expect(held?.status == .onHold && held?.statusReason == "eGFR 38")
    }

    static func ccda(mood: String, section: String = "10160-0", dose: String = #"<doseQuantity value="1"/>"#) -> Medication? {
        let text = S.document("""
            <component><section><code code="\(section)"/>
            <entry><substanceAdministration moodCode="\(mood)"><statusCode code="active"/>
              <effectiveTime xsi:type="IVL_TS"><low value="20240610"/></effectiveTime>
              <effectiveTime xsi:type="PIVL_TS"><period value="12" unit="h"/></effectiveTime>
              <routeCode displayName="Subcutaneous"/>\(dose)
              <consumable><manufacturedProduct><manufacturedMaterial><code displayName="heparin 5000 UNT/ML Injectable Solution"/></manufacturedMaterial></manufacturedProduct></consumable>
            </substanceAdministration></entry>
            </section></component>
            """)
        return S.medications(S.read(text: text).document).first
    }

    @Test("C-CDA: INT, RQO and PRP in the Medications section are planned (plan, order, proposal); EVN is current")
    func ccdaMoods() {
        #expect(Self.ccda(mood: "INT")?.status == .planned)
        #expect(Self.ccda(mood: "INT")?.intent == .plan)
        #expect(Self.ccda(mood: "RQO")?.intent == .order)
        #expect(Self.ccda(mood: "PRP")?.intent == .proposal)
        #expect(Self.ccda(mood: "EVN")?.status == .active)
    }

    @Test("C-CDA: a planned medicine of the Plan of Treatment keeps its dose, route and schedule")
    func ccdaPlanOfTreatment() throws {
        let heparin = try #require(Self.ccda(mood: "INT", section: "18776-5", dose: #"<doseQuantity value="5000" unit="[iU]"/>"#))
        #expect(heparin.status == .planned && heparin.intent == .plan)
        #expect(heparin.dose == Quantity(value: 5000, unit: "[iU]"))
        #expect(heparin.route == "Subcutaneous")
        #expect(heparin.frequency == DoseFrequency(count: 1, period: 12, unit: .hour))
        #expect(heparin.startDate == S.day(2024, 6, 10))
    }

    @Test("C-CDA: a cancelled planned medicine of the Plan of Treatment stays a plan line, never a stopped medicine")
    func ccdaCancelledPlan() throws {
        let text = S.document("""
            <component><section><code code="18776-5"/>
            <entry><substanceAdministration moodCode="INT"><statusCode code="cancelled"/>
              <effectiveTime xsi:type="IVL_TS"><low value="20240610"/></effectiveTime>
              <consumable><manufacturedProduct><manufacturedMaterial><code displayName="heparin 5000 UNT/ML Injectable Solution"/></manufacturedMaterial></manufacturedProduct></consumable>
            </substanceAdministration></entry>
            </section></component>
            """)
        let document = S.read(text: text).document
        #expect(S.medications(document).isEmpty)
        #expect(S.observations(document).first?.kind == .plan)
    }

    @Test("C-CDA: a dose given as a range is kept as the range and reads \"1–2 tablets\"")
    func ccdaDoseRange() throws {
        let text = S.document("""
            <component><section><code code="10160-0"/>
            <entry><substanceAdministration moodCode="EVN"><effectiveTime xsi:type="IVL_TS"><low value="20240401"/></effectiveTime>
              <doseQuantity><low value="1"/><high value="2"/></doseQuantity>
              <consumable><manufacturedProduct><manufacturedMaterial><code displayName="acetaminophen 325 MG Oral Tablet"/></manufacturedMaterial></manufacturedProduct></consumable>
            </substanceAdministration></entry>
            </section></component>
            """)
        let (document, diagnostics) = S.read(text: text)
        let medication = try #require(S.medications(document).first)
        #expect(medication.dose == Quantity(value: 1, unit: "{tablet}") && medication.doseHigh == 2)
        #expect(!diagnostics.contains { $0.message.contains("not a number") })
        let english = DisplayFormat(timeZone: TimeZone(identifier: "UTC")!)
        #expect(DoseText.amount(medication.dose!, english, high: medication.doseHigh) == "1–2 tablets")
    }
}
