import Foundation
import Testing

@testable import CareReports

/// Medication changes on the readings they affect (issue 16 item 1): which medicines act on which
/// measures, the numbered lines on the chart, the rows in its table and the first-week note.
@Suite("Medication changes on reading charts")
struct MedicationChangeMarkTests {
    func medication(_ name: String, rxnorm: String? = nil, reason: String? = nil) -> Medication {
        Medication(name: name, startDate: CareDate.parse("2025-01-06")!, status: .active, reason: reason, rxnorm: rxnorm)
    }

    @Test func drugClassesMapToTheMeasuresTheyAffect() {
        #expect(MedicationEffects.measures(of: medication("Lisinopril")) == [.bloodPressure])
        #expect(MedicationEffects.measures(of: medication("Metoprolol succinate ER")) == [.bloodPressure, .heartRate])
        #expect(MedicationEffects.measures(of: medication("Metformin")) == [.bloodGlucose])
        #expect(MedicationEffects.measures(of: medication("Furosemide")) == [.bloodPressure, .weight])
        #expect(MedicationEffects.measures(of: medication("Insulin glargine")) == [.bloodGlucose])
        #expect(MedicationEffects.measures(of: medication("Acetaminophen")).isEmpty)
        #expect(MedicationEffects.measures(of: medication("Atorvastatin", reason: "High cholesterol")).isEmpty)
        // By RxNorm code, whatever the name says; and by the order's own reason.
        #expect(MedicationEffects.measures(of: medication("Glucophage", rxnorm: "861007")) == [.bloodGlucose])
        #expect(MedicationEffects.measures(of: medication("Herbal tea", reason: "for her blood pressure")) == [.bloodPressure])
        // A word inside another word is not an ingredient.
        #expect(MedicationEffects.measures(of: medication("Notlisinoprilx")).isEmpty)
    }

    @Test func everyClassIsDocumentedWithItsIngredients() throws {
        let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("docs/medication-effects.md")
        let text = try String(contentsOf: docs, encoding: .utf8).lowercased()
        for drugClass in MedicationEffects.classes {
            #expect(text.contains(drugClass.name.lowercased()), "docs/medication-effects.md lacks \(drugClass.name)")
            for ingredient in drugClass.ingredients { #expect(text.contains(ingredient), "docs lack \(ingredient)") }
        }
    }

    @Test func lineChartDrawsNumberedEventLinesAndLegend() {
        let series = ChartSeries(name: "Systolic", points: [ChartPoint(x: 100, y: 140, label: "a"), ChartPoint(x: 200, y: 130, label: "b")])
        var chart = LineChart(title: "BP", description: "d", id: "bp", unit: "mmHg", series: [series])
        let plain = chart.svg()
        chart.events = [ChartEvent(x: 50, label: "Lisinopril 10 → 20 mg, 24 Feb <b>")]
        let svg = chart.svg()
        #expect(!plain.contains("chart-event"))
        #expect(svg.components(separatedBy: "class=\"chart-event-line\"").count == 2)
        #expect(svg.contains("stroke-dasharray=\"5 3\""))
        #expect(svg.contains(">1</text>"))
        #expect(svg.contains("Lisinopril 10 → 20 mg, 24 Feb &lt;b&gt;"))
        // The x axis reaches back to the event, so the line is drawn left of the first reading.
        let lineX = svg.range(of: "class=\"chart-event-line\" x1=\"").map { Double(svg[$0.upperBound...].prefix { $0 != "\"" })! }!
        #expect(lineX < 80)
    }

    func week(_ export: CareExport, _ text: String) throws -> WeeklySummary {
        let context = try VisitFixture.context(export)
        let catalog = LabCatalog(context)
        let builder = WeeklySummaryBuilder(context: context, links: SiteLinks(context: context, catalog: catalog), catalog: catalog)
        return builder.build(ISOWeek(containing: LocalDate(year: 2025, month: 2, day: text == "W09" ? 26 : 5)!))
    }

    @Test func theDoseChangeWeekShowsTheChangeOnTheBloodPressureChartAndTable() throws {
        let summary = try week(try VisitFixture.sample(), "W09")
        let pressure = try #require(summary.measurements.first { $0.kind == "Blood pressure" })
        #expect(pressure.readings.first?.change == "Lisinopril increased 10 → 20 mg")
        #expect(pressure.readings.first?.when == "Mon 24 Feb 2025")
        #expect(pressure.readings.dropFirst().allSatisfy { $0.change == nil })
        #expect(pressure.doseNote == "First week on the new dose: Lisinopril increased 10 → 20 mg on Mon 24 Feb 2025.")
        let chart = try #require(pressure.chart)
        #expect(chart.contains("Lisinopril 10 → 20 mg, 24 Feb"))
        #expect(chart.contains("Medication changes: 1. Lisinopril 10 → 20 mg, 24 Feb."))
        // Lisinopril does not act on glucose or weight: their charts carry no mark.
        for group in summary.measurements where group.kind != "Blood pressure" {
            #expect(group.readings.allSatisfy { $0.change == nil } && group.doseNote == nil, "\(group.kind)")
            #expect(!(group.chart ?? "").contains("chart-event"))
        }
    }

    @Test func aWeekWithoutChangesHasNoMarks() throws {
        let summary = try week(try VisitFixture.sample(), "W06")
        #expect(summary.measurements.allSatisfy { $0.doseNote == nil && $0.readings.allSatisfy { $0.change == nil } })
    }

    @Test func aHiddenOrderMarksNothing() throws {
        var export = try VisitFixture.sample()
        export.healthRecords.removeAll { $0.id == "hr-med-lisinopril-20" }
        let summary = try week(export, "W09")
        let pressure = try #require(summary.measurements.first { $0.kind == "Blood pressure" })
        let words = pressure.readings.compactMap(\.change) + [pressure.doseNote ?? "", pressure.chart ?? ""]
        #expect(!words.joined().contains("20 mg"))
        #expect(pressure.doseNote == nil)
    }
}
