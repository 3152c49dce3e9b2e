@testable import CareReports
import Testing

/// The workload page's stacked bar chart: its table equals its bars, its parts differ by pattern
/// and carry text, and its text is escaped.
@Suite struct StackedBarChartTests {
    func chart(_ series: [StackedBarChart.Series]) -> StackedBarChart {
        StackedBarChart(
            title: "Tasks", description: "Per week", id: "t", unit: "tasks done",
            categories: [.init(name: "Week 1", lines: ["W1"]), .init(name: "Week 2", lines: ["W2"])], series: series,
            categoryTitle: "Week", emptyMessage: "Nothing done.")
    }

    @Test func theTableHoldsEveryNumberAndTheTotals() {
        let table = chart([.init(name: "Ann", values: [2, 0]), .init(name: "Bo", values: [1, 3])]).table()
        #expect(table.columns == ["Week", "Ann", "Bo", "Everyone"])
        #expect(table.rows.map(\.header) == ["Week 1", "Week 2"])
        #expect(table.rows.map { $0.cells.map(\.text) } == [["2", "1", "3"], ["0", "3", "3"]])
    }

    @Test func eachPartHasItsOwnPatternATitleAndNoColourOfItsOwn() {
        let svg = chart((0..<7).map { .init(name: "P\($0)", values: [1, 1]) }).svg()
        for index in 0..<7 { #expect(svg.contains("id=\"t-pattern-\(index)\"")) }
        #expect(svg.contains("<title>P3, Week 2: 1 tasks done</title>"))
        #expect(!svg.contains("#") || !svg.contains("fill=\"#"), "no hard-coded colour")
        #expect(svg.contains("class=\"chart-text chart-bar-total\""))
        #expect(svg.contains("role=\"img\""))
        #expect(!svg.contains("viewBox=\"0 0 560 0\""), "the height is filled in")
    }

    @Test func forAPhoneTheBarsLieOneUnderAnotherInAChartOfTheirOwn() {
        let bars = chart([.init(name: "Ann", values: [2, 0]), .init(name: "Bo", values: [1, 3])])
        let rows = bars.rowsSVG()
        #expect(rows.contains("class=\"chart chart-stacked-bar chart-narrow\" id=\"t-rows\""))
        #expect(rows.contains("viewBox=\"0 0 360 "), "drawn for a phone's width")
        #expect(rows.contains("id=\"t-rows-pattern-1\"") && !rows.contains("url(#t-pattern-"), "its own patterns: the ids stay unique on the page")
        #expect(rows.contains("<title>Bo, Week 2: 3 tasks done</title>"))
        let both = bars.svgForEveryScreen()
        #expect(both.hasPrefix(bars.svg()) && both.hasSuffix(rows))
        #expect(bars.svg().contains("class=\"chart chart-stacked-bar chart-wide\""))
        let empty = chart([.init(name: "Ann", values: [0, 0])])
        #expect(empty.rowsSVG().isEmpty && empty.svgForEveryScreen() == empty.svg(), "nothing to draw is said once")
    }

    @Test func nothingToDrawSaysSo() {
        let svg = chart([.init(name: "Ann", values: [0, 0])]).svg()
        #expect(svg.contains("chart-empty"))
        #expect(svg.contains("Nothing done."))
    }

    @Test func namesAreEscaped() {
        let svg = chart([.init(name: "<img onerror=x>", values: [1, 0])]).svg()
        #expect(!svg.contains("<img"))
        #expect(svg.contains("&lt;img"))
    }

    @Test func gridStepsStayFew() {
        #expect(StackedBarChart.step(for: 4) == 1)
        #expect(StackedBarChart.step(for: 7) == 2)
        #expect(StackedBarChart.step(for: 23) == 5)
        #expect(StackedBarChart.step(for: 240) == 50)
    }
}
