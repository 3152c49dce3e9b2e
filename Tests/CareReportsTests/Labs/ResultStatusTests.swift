import Foundation
import Testing

@testable import CareReports

/// A result's status and date are its own (docs/clinical-imports.md, "A result's status is its
/// own"): loose FHIR results of one day keep theirs in the day's group, which states none itself.
@Suite("Result statuses")
struct ResultStatusTests {
    static func observation(_ id: String, status: String, text: String, value: String) -> String {
        #"""
        {"resourceType": "Observation", "id": "\#(id)", "status": "\#(status)", "category": [{"coding": [{"code": "laboratory"}]}],
         "code": {"text": "\#(text)"}, "effectiveDateTime": "2024-03-01", \#(value)}
        """#
    }

    @Test("loose results of one day: each keeps its status; the day's group states one only when they share it")
    func looseResultsKeepTheirStatus() throws {
        let (document, _) = FHIRImporterTests.read([
            Self.observation("k", status: "final", text: "Potassium", value: #""valueQuantity": {"value": 6.1, "unit": "meq/L"}"#),
            Self.observation("a", status: "preliminary", text: "ALT", value: #""valueQuantity": {"value": 88, "unit": "U/L"}"#),
            Self.observation("n", status: "cancelled", text: "Sodium", value: #""dataAbsentReason": {"text": "Not performed"}"#),
        ])
        let report = try #require(CCDATestSupport.labReports(document).first)
        #expect(report.grouped)
        #expect(report.statedStatus == nil)
        let statuses = Dictionary(uniqueKeysWithValues: report.results.map { ($0.name, report.status(of: $0)) })
        #expect(statuses == ["Potassium": .final, "ALT": .preliminary, "Sodium": .cancelled])
        #expect(report.results.first { $0.name == "Sodium" }?.stated == .absent([]))

        let (same, _) = FHIRImporterTests.read([
            Self.observation("k", status: "amended", text: "Potassium", value: #""valueQuantity": {"value": 6.1, "unit": "meq/L"}"#),
        ])
        #expect(CCDATestSupport.labReports(same).first?.statedStatus == .amended)
    }

    @Test("C-CDA result statusCode: completed final, active preliminary, aborted and cancelled cancelled, none its organizer's")
    func ccdaResultStatus() {
        #expect(CCDAReader.resultStatus("completed", pending: false) == .final)
        #expect(CCDAReader.resultStatus("active", pending: false) == .preliminary)
        #expect(CCDAReader.resultStatus("aborted", pending: false) == .cancelled)
        #expect(CCDAReader.resultStatus("cancelled", pending: false) == .cancelled)
        #expect(CCDAReader.resultStatus(nil, pending: false) == nil)
        #expect(CCDAReader.resultStatus("completed", pending: true) == .preliminary)
    }

    @Test("a report the source wrote keeps its status; a result of it with its own says its own")
    func reportStatusIsNotPushedOntoResults() {
        let final = LabResult(name: "Potassium", value: .number(6.1), status: .final)
        let unstated = LabResult(name: "ALT", value: .number(88))
        let report = LabReport(status: .preliminary, results: [final, unstated])
        #expect(report.statedStatus == .preliminary)
        #expect(report.status(of: final) == .final)
        #expect(report.status(of: unstated) == .preliminary)
    }
}
