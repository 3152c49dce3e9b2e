import Foundation
import Testing

@testable import CareReports

/// Issue 29 item 3, beyond records and medicine starts: a result's, a vital sign's, an
/// immunisation's, a procedure's and a condition onset's date that the document says is unknown
/// (FHIR `_element` with `data-absent-reason`, C-CDA `nullFlavor`) is "date unknown" on the page and
/// left out with its reason in the IPS output, never the document's date.
@Suite("Unknown dates of results, immunisations, procedures and onsets")
struct UnknownDatesTests {
    static let absent = DatesAsStatedTests.absentDate
    static let filed = CareDate.unknown(filedOn: LocalDate(year: 2025, month: 5, day: 27)!)

    static let fhirEntries = [
        #"{"resourceType": "Observation", "id": "hb", "status": "final", "category": [{"coding": [{"code": "laboratory"}]}], "code": {"coding": [{"system": "http://loinc.org", "code": "718-7"}], "text": "Haemoglobin"}, "_effectiveDateTime": \#(absent), "valueQuantity": {"value": 13.2, "unit": "g/dL"}, "referenceRange": [{"low": {"value": 12, "unit": "g/dL"}, "high": {"value": 16, "unit": "g/dL"}}]}"#,
        #"{"resourceType": "Observation", "id": "pulse", "status": "final", "category": [{"coding": [{"code": "vital-signs"}]}], "code": {"coding": [{"system": "http://loinc.org", "code": "8867-4"}]}, "_effectiveDateTime": \#(absent), "valueQuantity": {"value": 72, "unit": "/min"}}"#,
        #"{"resourceType": "Procedure", "id": "appx", "status": "completed", "code": {"text": "Appendectomy"}, "_performedDateTime": \#(absent)}"#,
        #"{"resourceType": "Condition", "id": "gout", "code": {"text": "Gout"}, "clinicalStatus": {"coding": [{"code": "active"}]}, "_onsetDateTime": \#(absent), "recordedDate": "2020-03-04"}"#,
        #"{"resourceType": "DiagnosticReport", "id": "rep", "status": "final", "code": {"text": "Urine panel"}, "_effectiveDateTime": \#(absent), "issued": "2025-05-20T10:00:00+10:00", "result": [{"reference": "Observation/ket"}]}"#,
        #"{"resourceType": "Observation", "id": "ket", "status": "final", "category": [{"coding": [{"code": "laboratory"}]}], "code": {"text": "Ketones"}, "valueString": "Negative"}"#,
    ]

    @Test("FHIR: a result, report, vital sign, procedure and onset the resource says are undated stay 'date unknown'")
    func fhirImport() throws {
        let export = try DocumentClockTests.load(DocumentClockTests.bundle(timestamp: "2025-05-27T09:00:00+10:00", entries: Self.fhirEntries))
        let byTitle = Dictionary(export.healthRecords.map { ($0.title, $0) }, uniquingKeysWith: { a, _ in a })
        #expect(byTitle["Heart rate"]?.date == Self.filed)
        #expect(byTitle["Appendectomy"]?.date == Self.filed)
        let reports = export.healthRecords.compactMap { record -> LabReport? in
            if case .document(let document) = record.data { document.labReport } else { nil }
        }
        #expect(reports.count == 2 && reports.allSatisfy { $0.collectedAt == Self.filed }, "never the issue or the document's date: \(reports.map { ($0.panel?.name, $0.collectedAt, $0.results.map(\.name)) })")
        let gout = try #require(byTitle["Gout"])
        guard case .observation(let condition) = gout.data else { Issue.record("not an observation"); return }
        #expect(condition.onset == Self.filed && gout.date == .day(LocalDate(year: 2020, month: 3, day: 4)!), "filed by its recorded date")
    }

    @Test("FHIR: the visit summary says 'date unknown' and the IPS output leaves each date out with its reason")
    func fhirOutputs() throws {
        let export = try DocumentClockTests.load(DocumentClockTests.bundle(timestamp: "2025-05-27T09:00:00+10:00", entries: Self.fhirEntries))
        let context = try DocumentClockTests.context(export)
        let summary = VisitSummaryBuilder(context: context).build()
        #expect(summary.procedures.compactMap(\.detail) == ["done, date unknown"])
        #expect(summary.normalResults.map(\.date) == ["date unknown"], "grouped under 'date unknown', not the document's day")
        #expect(summary.vitals.allSatisfy { $0.latest.contains("date unknown") })
        let html = try VisitFixture.html(summary)
        for heading in ["results-heading", "vitals-heading", "procedures-heading"] {
            let section = try #require(html.firstMatch(of: try Regex("<section aria-labelledby=\"\(heading)\">(?s:.*?)</section>")))
            let body = String(html[section.range]).replacing(/<h2(?s:.*?)<\/h2>/, with: "")
            #expect(body.contains("date unknown") && !body.contains("27 May") && !body.contains("20 May"),
                    "\(heading): neither the document's nor the issue day is shown as the date")
        }
        let json = IPSBundleBuilder(context: context).json()
        let bundle = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        var absentKeys: [String: Int] = [:]
        for entry in bundle["entry"] as? [[String: Any]] ?? [] {
            for key in (entry["resource"] as? [String: Any] ?? [:]).keys where key.hasPrefix("_") { absentKeys[key, default: 0] += 1 }
        }
        #expect(absentKeys["_performedDateTime"] == 1)
        #expect(absentKeys["_onsetDateTime"] == 1)
        // The two lab results, the vital sign, and the report the document wrote (loose results
        // gathered by carereport are no DiagnosticReport of the source's, and none is written for them).
        #expect((absentKeys["_effectiveDateTime"] ?? 0) >= 4)
        #expect(!IPSBundleBuilder(context: context).json().contains("2025-05-27\""), "no date is filled in with the document's day")
    }

    static let ccda = """
        <ClinicalDocument xmlns="urn:hl7-org:v3" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"><effectiveTime value="20250527"/>
        <recordTarget><patientRole><id root="1.2.3" extension="42"/><patient><name><given>Ann</given><family>Lee</family></name></patient></patientRole></recordTarget>
        <component><structuredBody>
        <component><section><code code="11369-6"/><entry><substanceAdministration moodCode="EVN"><statusCode code="completed"/><effectiveTime nullFlavor="UNK"/>
        <consumable><manufacturedProduct><manufacturedMaterial><code code="115" codeSystem="2.16.840.1.113883.12.292" displayName="Tdap"/></manufacturedMaterial></manufacturedProduct></consumable>
        </substanceAdministration></entry></section></component>
        <component><section><code code="47519-4"/><entry><procedure moodCode="EVN"><code code="80146002" codeSystem="2.16.840.1.113883.6.96" displayName="Appendectomy"/><statusCode code="completed"/><effectiveTime><low nullFlavor="UNK"/></effectiveTime></procedure></entry></section></component>
        <component><section><code code="30954-2"/><entry><organizer classCode="BATTERY" moodCode="EVN"><code code="718-7" codeSystem="2.16.840.1.113883.6.1" displayName="Hemoglobin"/><statusCode code="completed"/><effectiveTime nullFlavor="UNK"/>
        <component><observation moodCode="EVN"><code code="718-7" codeSystem="2.16.840.1.113883.6.1" displayName="Hemoglobin"/><statusCode code="completed"/><effectiveTime nullFlavor="UNK"/><value xsi:type="PQ" value="13.2" unit="g/dL"/></observation></component>
        </organizer></entry></section></component>
        <component><section><code code="8716-3"/><entry><organizer classCode="CLUSTER" moodCode="EVN"><statusCode code="completed"/><effectiveTime nullFlavor="UNK"/>
        <component><observation moodCode="EVN"><code code="8867-4" codeSystem="2.16.840.1.113883.6.1"/><statusCode code="completed"/><effectiveTime nullFlavor="UNK"/><value xsi:type="PQ" value="72" unit="/min"/></observation></component>
        </organizer></entry></section></component>
        </structuredBody></component></ClinicalDocument>
        """

    @Test("C-CDA: an immunisation, a procedure, a result and a vital sign with a nullFlavor effectiveTime are 'date unknown'")
    func ccdaImport() {
        let (document, _) = CCDATestSupport.read(text: Self.ccda)
        let records = document?.records ?? []
        #expect(records.count == 4)
        #expect(records.allSatisfy { $0.date == Self.filed }, "\(records.map(\.date))")
        #expect(CCDATestSupport.labReports(document).map(\.collectedAt) == [Self.filed])
        #expect(CCDATestSupport.observations(document).map(\.onset) == [Self.filed, Self.filed], "the entry's own date is 'unknown', not absent")
    }

    @Test("C-CDA: a goal and a directive with a nullFlavor date are written absent with their reason in the IPS; a partial goal start at its precision")
    func ccdaSectionsInTheIPS() throws {
        let xml = """
            <ClinicalDocument xmlns="urn:hl7-org:v3"><effectiveTime value="20250527"/>
            <recordTarget><patientRole><id root="1.2.3" extension="42"/><patient><name><given>Ann</given><family>Lee</family></name><birthTime value="19400101"/></patient></patientRole></recordTarget>
            <component><structuredBody>
            <component><section><code code="61146-7"/>
            <entry><observation moodCode="GOL"><code code="289169006" codeSystem="2.16.840.1.113883.6.96" displayName="Walk unaided"/><effectiveTime nullFlavor="UNK"/></observation></entry>
            <entry><observation moodCode="GOL"><code code="161832001" codeSystem="2.16.840.1.113883.6.96" displayName="Lose weight"/><effectiveTime value="2015"/></observation></entry>
            </section></component>
            <component><section><code code="42348-3"/><entry><observation moodCode="EVN"><code code="75320-2" codeSystem="2.16.840.1.113883.6.1"/>
            <effectiveTime nullFlavor="UNK"/><value xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:type="CD" code="304253006" codeSystem="2.16.840.1.113883.6.96" displayName="Not for resuscitation"/></observation></entry></section></component>
            </structuredBody></component></ClinicalDocument>
            """
        let export = try DocumentClockTests.load(xml, name: "doc.xml")
        let context = try DocumentClockTests.context(export)
        let json = IPSBundleBuilder(context: context).json()
        #expect(json.contains(#""_startDate""#), "the unknown goal start is absent with its reason")
        #expect(json.contains(#""startDate": "2015""#), "a year stays a year")
        #expect(json.contains(#""_dateTime""#), "the directive's unknown date is absent with its reason")
        #expect(!json.contains("2025-05-27\""), "no date is filled in with the document's day")
        let summary = VisitSummaryBuilder(context: context).build()
        #expect(summary.goals.contains { $0.detail.contains("The date it was set is not known.") })
        #expect(summary.goals.contains { $0.detail.contains("Set on 2015.") }, "a year stays a year")
    }
}
