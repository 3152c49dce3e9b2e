import Foundation
import Testing
@testable import CareReports

/// Golden files under Snapshots/; set RECORD_SNAPSHOTS=1 to write them anew.
@Suite("Chart snapshots")
struct ChartSnapshotTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Snapshots")

    static func check(_ text: String, _ name: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        let url = folder.appendingPathComponent(name)
        if ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1" {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data((text + "\n").utf8).write(to: url)
            return
        }
        guard let data = FileManager.default.contents(atPath: url.path) else {
            Issue.record("missing snapshot \(name); run with RECORD_SNAPSHOTS=1", sourceLocation: sourceLocation)
            return
        }
        #expect(String(decoding: data, as: UTF8.self) == text + "\n", "snapshot \(name) differs; re-record with RECORD_SNAPSHOTS=1 if intended", sourceLocation: sourceLocation)
    }

    @Test("line chart with a band and flagged points")
    func lineChart() throws {
        let chart = ChartSamples.glucose()
        try Self.check(chart.svg(), "glucose-line-chart.svg")
        try Self.check(chart.table().html(), "glucose-line-chart-table.html")
    }

    @Test("dose calendar")
    func doseCalendar() throws {
        let calendar = ChartSamples.doses()
        try Self.check(calendar.svg(), "dose-calendar.svg")
        try Self.check(calendar.table().html(), "dose-calendar-table.html")
    }
}
