import Foundation
import Templates
import Testing

@testable import CareReports

/// Issue 29: a clinical document's dates reach the reader as it states them: a year or a month is
/// never shown as a day, an unknown date is never filled in with the document's date, and times
/// are shown at the offset the document gives.
@Suite("Dates as the document states them")
struct DatesAsStatedTests {
    static let utc = TimeZone(identifier: "UTC")!
    static let spanish = try! Translations(poFiles: EmbeddedTranslations.files).localizer(for: "es").localizer

    static let absentDate = #"{"extension": [{"url": "http://hl7.org/fhir/StructureDefinition/data-absent-reason", "valueCode": "unknown"}]}"#

    @Test("a partial date is shown at its precision in English and Spanish; a day and an instant as before")
    func partialDatesOnPages() {
        let english = DisplayFormat(timeZone: Self.utc)
        let spanish = DisplayFormat(timeZone: Self.utc, words: Self.spanish)
        let year = CareDate.partial(PartialDate(year: 2015)!)
        let month = CareDate.partial(PartialDate(year: 2015, month: 1)!)
        #expect(english.date(year) == "2015" && english.dateTime(year) == "2015")
        #expect(english.date(month) == "Jan 2015" && english.dateTime(month) == "Jan 2015")
        #expect(spanish.date(year) == "2015")
        #expect(spanish.date(month) == "ene 2015")
        #expect(english.date(.unknown(filedOn: LocalDate(year: 2025, month: 5, day: 27)!)) == "date unknown")
        #expect(spanish.date(.unknown(filedOn: LocalDate(year: 2025, month: 5, day: 27)!)) == "fecha desconocida")
        #expect(english.since(year) == "since 2015" && spanish.since(month) == "desde ene 2015")
        #expect(english.since(.unknown(filedOn: LocalDate(year: 2025, month: 5, day: 27)!)) == nil)
        #expect(english.dateTime(.day(LocalDate(year: 2015, month: 1, day: 1)!)) == "Thu 1 Jan 2015")
        #expect(english.dateTime(CareDate.parse("2025-04-09T10:15:00+12:00")!) == "Tue 8 Apr 2025, 22:15", "a native instant: the export's zone")
    }

    @Test("a time is shown at the offset the document gives, whatever the reader's zone")
    func statedOffsets() {
        let london = DisplayFormat(timeZone: TimeZone(identifier: "Europe/London")!)
        #expect(london.dateTime(FHIRDate.parse("2026-04-09T10:15:00+12:00")!) == "Thu 9 Apr 2026, 10:15")
        #expect(london.dateTime(HL7Time.parse("202004201918-0800")!) == "Mon 20 Apr 2020, 19:18")
        #expect(london.date(HL7Time.parse("202004201918-0800")!) == "Mon 20 Apr 2020")
        #expect(HL7Time.parse("202004201918-0800")!.localDay(in: Self.utc) == LocalDate(year: 2020, month: 4, day: 20))
    }

    @Test("the IPS output writes dates at their precision and offset; an unknown date is absent with its reason")
    func fhirOutput() throws {
        #expect(FHIRJSON.date(.partial(PartialDate(year: 2015)!), in: Self.utc) == .string("2015"))
        #expect(FHIRJSON.date(.partial(PartialDate(year: 2015, month: 1)!), in: Self.utc) == .string("2015-01"))
        #expect(FHIRJSON.date(FHIRDate.parse("2025-05-22T08:15:00+10:00")!, in: Self.utc) == .string("2025-05-22T08:15:00+10:00"))
        #expect(FHIRJSON.date(CareDate.parse("2025-05-22T08:15:00+10:00")!, in: Self.utc) == .string("2025-05-21T22:15:00Z"), "native: the circle's zone")
        let unknown = CareDate.unknown(filedOn: LocalDate(year: 2025, month: 5, day: 27)!)
        #expect(FHIRJSON.date(unknown, in: Self.utc) == nil)
        #expect(FHIRJSON.absent(unknown) != nil && FHIRJSON.absent(.partial(PartialDate(year: 2015)!)) == nil)
    }

    @Test("an immunisation and a medication whose date is unknown say so, on the page and in the IPS output, never the document's date")
    func unknownDates() throws {
        let json = DocumentClockTests.bundle(timestamp: "2025-05-27T09:00:00+10:00", entries: [
            #"{"resourceType": "Immunization", "id": "tdap", "status": "completed", "vaccineCode": {"text": "Boostrix"}, "_occurrenceDateTime": \#(Self.absentDate)}"#,
            #"{"resourceType": "Immunization", "id": "flu", "status": "completed", "vaccineCode": {"text": "Influenza"}, "occurrenceDateTime": "2015"}"#,
            #"{"resourceType": "MedicationStatement", "id": "ator", "status": "active", "medicationCodeableConcept": {"text": "Atorvastatin"}, "_effectiveDateTime": \#(Self.absentDate), "dosage": [{"text": "1 daily"}]}"#,
            #"{"resourceType": "Condition", "id": "asthma", "code": {"text": "Asthma"}, "onsetDateTime": "2015-01", "clinicalStatus": {"coding": [{"code": "active"}]}}"#,
        ])
        let export = try DocumentClockTests.load(json)
        let shot = try #require(export.healthRecords.first { $0.title == "Boostrix" })
        #expect(shot.date == .unknown(filedOn: LocalDate(year: 2025, month: 5, day: 27)!))
        let context = try DocumentClockTests.context(export)
        let summary = VisitSummaryBuilder(context: context).build()
        #expect(summary.immunizations.compactMap(\.detail).sorted() == ["given, 2015", "given, date unknown"])
        #expect(summary.problems.compactMap(\.detail) == ["since Jan 2015"])
        let html = try VisitFixture.html(summary)
        let shots = try #require(html.firstMatch(of: /<section aria-labelledby="immunizations-heading">(?s:.*?)<\/section>/)).0
        #expect(shots.contains("date unknown") && !shots.contains("27 May") && !shots.contains("1 Jan"), "no day the document does not state")
        #expect(!html.contains("1 Jan 2015") && html.contains("since Jan 2015"))
        let bundle = IPSBundleBuilder(context: context).json()
        // occurrence[x] is required: the unknown date is the text "unknown" with its data-absent-reason.
        #expect(bundle.contains(#""occurrenceString": "unknown""#) && bundle.contains(#""_occurrenceString""#) && bundle.contains(#""valueCode": "unknown""#))
        #expect(bundle.contains(#""occurrenceDateTime": "2015""#) && bundle.contains(#""onsetDateTime": "2015-01""#))
        #expect(!bundle.contains(#""occurrenceDateTime": "2025-05-27"#))
        #expect(bundle.contains(#""_start""#), "the medicine's unknown start stays absent with its reason")
    }

    @Test("a dosage's own boundsPeriod.start is the medicine's start, not the order's or the document's date")
    func boundsPeriodStart() {
        let (document, _) = FHIRImporterTests.read([
            #"{"resourceType": "MedicationStatement", "id": "m", "status": "active", "medicationCodeableConcept": {"text": "Metformin"}, "dosage": [{"timing": {"repeat": {"boundsPeriod": {"start": "2011-03-04"}}}}]}"#,
            #"{"resourceType": "MedicationRequest", "id": "r", "status": "active", "intent": "order", "authoredOn": "2022-01-05", "medicationCodeableConcept": {"text": "Lisinopril"}, "dosageInstruction": [{"timing": {"repeat": {"boundsPeriod": {"start": "2011-06"}}}}]}"#,
        ], extra: #", "timestamp": "2022-02-01T10:00:00Z""#)
        let starts = (document?.records ?? []).compactMap { record -> CareDate? in
            if case .medication(let m) = record.data { m.startDate } else { nil }
        }
        #expect(starts == [.day(LocalDate(year: 2011, month: 3, day: 4)!), .partial(PartialDate(year: 2011, month: 6)!)])
    }

    @Test("documents-only input speaks of the newest document's own clock (one rule)")
    func documentClock() throws {
        let export = try DocumentClockTests.load(DocumentClockTests.bundle(timestamp: "2026-04-09T10:15:00+12:00", entries: []))
        #expect(export.timeZone.secondsFromGMT() == 12 * 3600)
        #expect(DisplayFormat(timeZone: export.timeZone).dateTime(.instant(export.exportedAt!)) == "Thu 9 Apr 2026, 10:15")
    }

    @Test("a C-CDA medication whose effectiveTime is nullFlavor UNK has an unknown start, not the document's date")
    func ccdaUnknownStart() {
        let xml = """
            <ClinicalDocument xmlns="urn:hl7-org:v3"><effectiveTime value="20250527"/>
            <recordTarget><patientRole><id root="1.2.3" extension="42"/><patient><name><given>Ann</given><family>Lee</family></name></patient></patientRole></recordTarget>
            <component><structuredBody><component><section><code code="10160-0"/><entry><substanceAdministration moodCode="INT">
            <effectiveTime xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:type="IVL_TS"><low nullFlavor="UNK"/></effectiveTime>
            <consumable><manufacturedProduct><manufacturedMaterial><code displayName="Atorvastatin"/></manufacturedMaterial></manufacturedProduct></consumable>
            </substanceAdministration></entry></section></component></structuredBody></component></ClinicalDocument>
            """
        let (document, _) = CCDATestSupport.read(text: xml)
        #expect(CCDATestSupport.medications(document).map(\.startDate) == [.unknown(filedOn: LocalDate(year: 2025, month: 5, day: 27)!)])
        #expect(document?.patient?.identifiers == ["1.2.3|42"] && document?.patient?.ids == ["42"])
    }
}
