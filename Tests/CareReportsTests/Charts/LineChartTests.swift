import Foundation
import Testing
@testable import CareReports

@Suite("Line chart")
struct LineChartTests {
    static func single(_ values: [Double], band: ReferenceBand? = nil, name: String = "Weight", id: String = "w") -> LineChart {
        LineChart(
            title: "Weight", description: "Weight readings.", id: id, unit: "kg",
            series: [ChartSeries(name: name, points: values.enumerated().map { ChartPoint(x: Double($0.offset), y: $0.element, label: "Day \($0.offset + 1)") })],
            band: band)
    }

    static let shapes: [(String, LineChart)] = [
        ("blood pressure", ChartSamples.bloodPressure()),
        ("glucose with band", ChartSamples.glucose()),
        ("one point", single([72.4])),
        ("equal values", single([70, 70, 70, 70])),
        ("negative values", single([-3.5, -1, 0, 2.25, -0.001])),
        ("many points", single((0..<500).map { 70 + sin(Double($0) / 20) * 5 }, band: ReferenceBand(low: 66, high: 74))),
        ("high end only", single([5.2, 5.9, 6.1], band: ReferenceBand(high: 5.7))),
        ("low end only", single([55, 61, 72], band: ReferenceBand(low: 60))),
        ("empty", single([])),
    ]

    @Test("the SVG is well formed", arguments: shapes.indices)
    func wellFormed(_ index: Int) {
        let (what, chart) = Self.shapes[index]
        let svg = chart.svg()
        XMLCheck.expectWellFormed(svg, what)
        XMLCheck.expectWellFormed(chart.table().html(), what + " table")
        #expect(!svg.contains("NaN") && !svg.contains("nan") && !svg.contains("inf"), "\(what): no non-finite numbers")
        #expect(svg.range(of: #"[" ,MLA]-0(\.0+)?[" ,MLAZ]"#, options: .regularExpression) == nil, "\(what): no -0")
    }

    @Test("accessible name, description, scaling and inherited font")
    func accessible() {
        let svg = ChartSamples.bloodPressure(id: "bp-week").svg()
        #expect(svg.hasPrefix("<svg "))
        #expect(svg.hasSuffix("</svg>"))
        #expect(svg.contains(#"role="img""#))
        #expect(svg.contains(#"aria-labelledby="bp-week-title bp-week-desc""#))
        #expect(svg.contains(#"<title id="bp-week-title">Blood pressure, 1–14 March</title>"#))
        #expect(svg.contains(#"<desc id="bp-week-desc">Systolic between"#))
        #expect(svg.contains(#"viewBox="0 0 440 "#))
        #expect(svg.contains(#"width="100%""#))
        #expect(svg.contains("max-width:"))
        #expect(svg.contains("font-family:inherit"))
    }

    @Test("an unsafe id is made safe")
    func safeID() {
        let svg = Self.single([1, 2], id: "9 \"x\"").svg()
        #expect(svg.contains(#"aria-labelledby="chart-9--x--title chart-9--x--desc""#))
        #expect(svg.contains(#"<title id="chart-9--x--title">"#))
    }

    @Test("no hard-coded colours, scripts or external references")
    func onlyClassesAndCurrentColor() {
        for (what, chart) in Self.shapes {
            let svg = chart.svg()
            #expect(svg.range(of: #"#[0-9a-fA-F]{3,8}\b|rgba?\(|hsla?\("#, options: .regularExpression) == nil, "\(what)")
            for attribute in ["fill", "stroke"] {
                let pattern = attribute + #"="(?!currentColor"|none")[^"]*""#
                #expect(svg.range(of: pattern, options: .regularExpression) == nil, "\(what): \(attribute) only currentColor/none")
            }
            for banned in ["<script", "href", "@import", "<style", "url(", "on" + "load="] {
                #expect(!svg.contains(banned), "\(what): \(banned)")
            }
        }
    }

    @Test("a band is drawn and labelled when a range is given, and not otherwise")
    func band() {
        let svg = ChartSamples.glucose().svg()
        #expect(svg.occurrences(of: #"class="chart-band""#) == 1)
        #expect(svg.contains("reference range 70–99 mg/dL"))
        #expect(!ChartSamples.bloodPressure().svg().contains("chart-band"))
        #expect(Self.single([5.2], band: ReferenceBand(high: 5.7)).svg().contains("reference range ≤ 5.7 kg"))
        #expect(Self.single([5.2], band: ReferenceBand(low: 60)).svg().contains("reference range ≥ 60.0 kg"))
        #expect(!Self.single([5.2], band: ReferenceBand()).svg().contains("chart-band"))
    }

    @Test("out-of-range points get the high and low triangles, others the series shape")
    func flaggedMarkers() {
        let svg = ChartSamples.glucose().svg()
        // 104 and 118 are high, 67 is low; the legend adds one of each.
        #expect(svg.occurrences(of: "chart-marker marker-high series-1") == 2)
        #expect(svg.occurrences(of: "chart-marker marker-low series-1") == 1)
        #expect(svg.occurrences(of: "chart-marker marker-circle series-1") == 4 + 1)
        #expect(svg.contains("above range (high)"))
        #expect(svg.contains("below range (low)"))
        #expect(svg.contains("<title>Glucose, Day 3: 104 mg/dL, high</title>"))
        #expect(svg.contains("<title>Glucose, Day 4: 67 mg/dL, low</title>"))
        // Values on the ends of the band are in range.
        #expect(ReferenceBand(low: 70, high: 99).flag(99) == .normal)
        #expect(ReferenceBand(low: 70, high: 99).flag(70) == .normal)
    }

    @Test("many points: only flagged points keep markers")
    func manyPoints() {
        let values = (0..<400).map { Double($0 % 50) }
        let svg = Self.single(values, band: ReferenceBand(high: 48)).svg()
        #expect(svg.occurrences(of: "marker-high series-1") == 8)
        #expect(svg.occurrences(of: "marker-circle series-1\" cx") == 1, "no plain markers on the plot, one in the legend")
        #expect(svg.occurrences(of: "L") >= 399)
    }

    @Test("series differ by dash and marker shape, and have a text legend")
    func seriesDistinct() {
        let svg = ChartSamples.bloodPressure().svg()
        #expect(svg.contains(#"class="chart-line series-1""#))
        #expect(svg.contains(#"class="chart-line series-2""#))
        #expect(svg.contains(#"stroke-dasharray="7 4""#))
        #expect(svg.contains("marker-circle series-1"))
        #expect(svg.contains("marker-square series-2"))
        #expect(svg.contains(">Systolic</text>"))
        #expect(svg.contains(">Diastolic</text>"))
        #expect(svg.contains(">mmHg</text>"))
    }

    @Test("hostile text is escaped in the SVG and the table")
    func escaping() {
        let hostile = #"<script>alert("x")</script> & 'co'"#
        let chart = LineChart(
            title: hostile, description: hostile, id: "h", unit: "<u>",
            series: [ChartSeries(name: hostile, points: [ChartPoint(x: 0, y: 1, label: hostile), ChartPoint(x: 1, y: 2, label: "b")])])
        for text in [chart.svg(), chart.table().html()] {
            #expect(!text.contains("<script"))
            #expect(!text.contains("<u>"))
            #expect(text.contains("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;co&#39;"))
            XMLCheck.expectWellFormed(text, "hostile")
        }
    }

    @Test("same input, same bytes")
    func deterministic() {
        for (what, chart) in Self.shapes {
            #expect(chart.svg() == chart.svg(), "\(what)")
            #expect(chart.table().html() == chart.table().html(), "\(what)")
        }
        #expect(ChartSamples.glucose().svg() == ChartSamples.glucose().svg())
    }

    @Test("the table has one row per point, values and flags in words")
    func table() {
        let glucose = ChartSamples.glucose().table()
        #expect(glucose.rows.count == 7)
        #expect(glucose.columns == ["Date", "Glucose (mg/dL)"])
        #expect(glucose.caption == "Fasting glucose; reference range 70–99 mg/dL")
        #expect(glucose.rows[2].cells[0].text == "104 (high)")
        #expect(glucose.rows[3].cells[0].text == "67 (low)")
        #expect(glucose.rows[0].cells[0].text == "88")
        let html = glucose.html()
        #expect(html.occurrences(of: "<tr><th scope=\"row\">") == 7)
        #expect(html.occurrences(of: "<th scope=\"col\">") == 2)
        #expect(html.contains("<caption>Fasting glucose; reference range 70–99 mg/dL</caption>"))
        #expect(html.contains(#"<td class="chart-flag-high">104 (high)</td>"#))

        let bp = ChartSamples.bloodPressure().table()
        #expect(bp.rows.count == 14)
        #expect(bp.columns == ["Date", "Systolic (mmHg)", "Diastolic (mmHg)"])
        #expect(bp.rows[0].header == "1 Mar 2025 08:00")
        #expect(bp.rows[0].cells.map(\.text) == ["128", "82"])

        #expect(Self.single((0..<500).map(Double.init)).table().rows.count == 500)
    }

    @Test("series with different x positions share a table, gaps say so")
    func ragged() {
        let chart = LineChart(
            title: "t", description: "d", id: "r", unit: "",
            series: [
                ChartSeries(name: "A", points: [ChartPoint(x: 0, y: 1, label: "one"), ChartPoint(x: 2, y: 3, label: "three")]),
                ChartSeries(name: "B", points: [ChartPoint(x: 1, y: 2, label: "two"), ChartPoint(x: 2, y: 4, label: "three")]),
            ])
        let rows = chart.table().rows
        #expect(rows.map(\.header) == ["one", "two", "three"])
        #expect(rows.map { $0.cells.map(\.text) } == [["1", "no reading"], ["no reading", "2"], ["3", "4"]])
        #expect(chart.table().columns == ["Date", "A", "B"])
    }

    @Test("no points: an empty state, no table rows")
    func empty() {
        let chart = Self.single([])
        #expect(chart.isEmpty)
        let svg = chart.svg()
        #expect(svg.contains("chart-empty"))
        #expect(svg.contains("No readings in this period."))
        #expect(svg.contains(#"aria-labelledby="w-title w-desc""#))
        #expect(chart.table().rows.isEmpty)
        let nonFinite = LineChart(title: "t", description: "d", id: "n", unit: "", series: [ChartSeries(name: "x", points: [ChartPoint(x: .nan, y: 1, label: "a"), ChartPoint(x: 1, y: .infinity, label: "b")])])
        #expect(nonFinite.isEmpty)
        #expect(nonFinite.svg().contains("chart-empty"))
    }

    @Test("one point and equal values place the point inside the plot")
    func degenerate() {
        for chart in [Self.single([72.4]), Self.single([70, 70, 70])] {
            let svg = chart.svg()
            #expect(svg.contains("marker-circle series-1\" cx"))
            #expect(!svg.contains("NaN"))
        }
        // Ticks bracket the single value.
        #expect(Self.single([70, 70]).svg().contains(">70</text>"))
    }

    @Test("decimals: automatic, or as asked")
    func decimals() {
        #expect(Self.single([70.25, 71]).table().rows.map { $0.cells[0].text } == ["70.25", "71.00"])
        var chart = Self.single([70.25, 71])
        chart.valueDecimals = 1
        #expect(chart.table().rows.map { $0.cells[0].text } == ["70.3", "71.0"])
    }
}
