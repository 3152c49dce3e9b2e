import Foundation
import Templates
import Testing

@testable import CareReports

/// Issue 22: a clinical document speaks for its own date, and the visit summary of an old one
/// still shows its latest vital signs, with their dates.
@Suite("Clinical documents on their own clock")
struct DocumentClockTests {
    static let now = CareDate.parse("2026-11-25T08:00:00Z")!.resolved(in: TimeZone(identifier: "UTC")!)

    /// A bundle written to a temporary file and loaded as the whole input.
    static func load(_ json: String, name: String = "doc.json") throws -> CareExport {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("clock-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent(name)
        try Data(json.utf8).write(to: file)
        return try ExportLoader().load(file.path).export
    }

    static func context(_ export: CareExport) throws -> ReportContext {
        let viewer = try ViewerRequest(.member(userId: "patient", narrowedTo: nil), circleId: "imported").resolve(in: export)
        return ReportContext(records: PrivacyPolicy.visibleRecords(for: viewer, in: export)!, now: now)
    }

    static func bundle(timestamp: String? = nil, compositionDate: String? = nil, entries: [String]) -> String {
        var all = entries
        if let compositionDate {
            all.insert(#"{"resourceType": "Composition", "id": "c", "status": "final", "date": "\#(compositionDate)", "title": "Summary"}"#, at: 0)
        }
        all.insert(#"{"resourceType": "Patient", "id": "p", "name": [{"given": ["Ana"], "family": "Ruiz"}], "birthDate": "1950-02-03"}"#, at: 0)
        let stamp = timestamp.map { #", "timestamp": "\#($0)""# } ?? ""
        return #"{"resourceType": "Bundle", "type": "document"\#(stamp), "entry": ["#
            + all.map { #"{"resource": \#($0)}"# }.joined(separator: ",") + "]}"
    }

    static let pulse = #"{"resourceType": "Observation", "id": "HR", "status": "final", "category": [{"coding": [{"code": "vital-signs"}]}], "code": {"coding": [{"system": "http://loinc.org", "code": "8867-4"}]}, "effectiveDateTime": "DATE", "valueQuantity": {"value": VALUE, "unit": "/min"}}"#

    static func pulse(_ id: String, _ date: String, _ value: Int) -> String {
        pulse.replacingOccurrences(of: "\"HR\"", with: "\"\(id)\"").replacingOccurrences(of: "DATE", with: date)
            .replacingOccurrences(of: "VALUE", with: "\(value)")
    }

    @Test("data as of: Bundle.timestamp, else Composition.date, else the newest meta.lastUpdated")
    func documentDate() throws {
        let stamped = try Self.load(Self.bundle(timestamp: "2024-09-22T10:30:00Z", compositionDate: "2020-01-01", entries: []))
        #expect(stamped.exportedAt == CareDate.parse("2024-09-22T10:30:00Z")!.resolved(in: TimeZone(identifier: "UTC")!))
        #expect(stamped.dataDate == .documents(day: nil))
        #expect(try Self.context(stamped).dataAsOf == "Sun 22 Sep 2024, 10:30")

        let composed = try Self.load(Self.bundle(compositionDate: "2013-08-15", entries: []))
        #expect(composed.dataDate == .documents(day: LocalDate(year: 2013, month: 8, day: 15)!))
        let context = try Self.context(composed)
        #expect(context.dataAsOf == "Thu 15 Aug 2013")
        // A day without a time speaks for the whole of that day.
        #expect(context.dataUntil == LocalDate(year: 2013, month: 8, day: 16)!.midnight(in: TimeZone(identifier: "UTC")!).addingTimeInterval(-1))
        #expect(context.staleNote?.contains("after the date of the documents, Thu 15 Aug 2013") == true)

        let updated = try Self.load(Self.bundle(entries: [
            #"{"resourceType": "Condition", "id": "a", "meta": {"lastUpdated": "2019-03-01T00:00:00Z"}, "code": {"text": "Gout"}, "onsetDateTime": "2018-01-01"}"#,
            #"{"resourceType": "Condition", "id": "b", "meta": {"lastUpdated": "2021-06-05T12:00:00Z"}, "code": {"text": "Asthma"}, "onsetDateTime": "2018-01-01"}"#,
        ]))
        #expect(updated.exportedAt == CareDate.parse("2021-06-05T12:00:00Z")!.resolved(in: TimeZone(identifier: "UTC")!))

        let undated = try Self.load(Self.bundle(entries: [
            #"{"resourceType": "Condition", "id": "a", "code": {"text": "Gout"}, "onsetDateTime": "2018-01-01"}"#,
        ]))
        #expect(undated.exportedAt == nil && undated.dataDate == .export)
    }

    @Test("a native export's exportedAt stands, documents beside it or not")
    func nativeExportKeepsItsDate() throws {
        let sample = try VisitFixture.sample()
        #expect(sample.dataDate == .export)
        #expect(sample.exportedAt == CareDate.parse("2025-04-18T18:00:00-07:00")!.resolved(in: TimeZone(identifier: "UTC")!))
    }

    @Test("an old document's visit summary has its period end on the document's date and shows its latest vitals with dates")
    func oldDocumentShowsLatestVitals() throws {
        let export = try Self.load(Self.bundle(timestamp: "2024-09-22T10:30:00Z", entries: [
            Self.pulse("h1", "2019-05-01T09:00:00Z", 70), Self.pulse("h2", "2020-02-03T09:00:00Z", 88),
        ]))
        let context = try Self.context(export)
        let summary = VisitSummaryBuilder(context: context).build()
        #expect(summary.period.hasSuffix("to Sun 22 Sep 2024"))
        #expect(summary.vitalsAnyDate)
        #expect(summary.vitals.count == 1)
        #expect(summary.vitals[0].latest == "88 (3 Feb 2020)")
        #expect(summary.vitals[0].lowest == "70 (1 May 2019)" && summary.vitals[0].readings == 2)
        #expect(summary.vitals[0].trend == "Not assessed: the readings span 1 May 2019 to 3 Feb 2020.")
        let html = try VisitFixture.html(summary)
        #expect(html.contains("latest of each, any date"))
        #expect(!html.contains("No readings in the period.</p>"))
        #expect(html.contains("Sun 22 Sep 2024, 10:30"))
        #expect(!html.contains("unknown time"))
        // The FHIR output keeps its own date and lists the same latest reading.
        let bundle = IPSBundleBuilder(context: context).json()
        #expect(bundle.contains("\"date\": \"2026-11-25T08:00:00Z\"") || bundle.contains("\"date\": \"2026-11-25T08:00:00+00:00\""))
        #expect(bundle.contains("\"value\": 88"))
    }

    @Test("readings in the period are the period's, not the latest of any date")
    func periodReadingsStay() throws {
        let export = try Self.load(Self.bundle(timestamp: "2024-09-22T10:30:00Z", entries: [
            Self.pulse("h1", "2019-05-01T09:00:00Z", 70), Self.pulse("h2", "2024-09-01T09:00:00Z", 66),
        ]))
        let summary = VisitSummaryBuilder(context: try Self.context(export)).build()
        #expect(!summary.vitalsAnyDate)
        #expect(summary.vitals.map(\.latest) == ["66 (1 Sep 2024)"] && summary.vitals[0].readings == 1)
    }

    @Test("the site of a document lists the weeks it has records in, not empty weeks up to today")
    func weeksOfADocument() throws {
        let export = try Self.load(Self.bundle(timestamp: "2024-09-22T10:30:00Z", entries: [
            Self.pulse("h1", "2019-05-01T09:00:00Z", 70), Self.pulse("h2", "2020-02-03T09:00:00Z", 88),
        ]))
        let context = try Self.context(export)
        let links = SiteLinks(context: context, catalog: LabCatalog(context))
        #expect(links.weeks.map(\.description) == ["2019-W18", "2020-W06"])
    }
}
