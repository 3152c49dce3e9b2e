import Testing
@testable import CareReports

@Suite("Chart number and text formatting")
struct ChartFormatTests {
    @Test("a band's words: each {range} filled as splitting on it and joining would (ASCII by bytes, the rest by Characters)")
    func referenceRangeFilled() {
        let templates = [
            "reference range {range}", "rango de referencia {range}", "{range}", "", "no marker", "{range} and {range}", "{range", "{{range}}",
            "x\r\n{range}\r\n", "intervalo {range}\u{301} é", "e\u{301}{range}", "\u{600}{range}",
        ]
        for template in templates {
            #expect(
                ReferenceBand.filled(template, "70–99 mg/dL") == template.split(separator: "{range}", omittingEmptySubsequences: false).joined(separator: "70–99 mg/dL"),
                "\(template)")
        }
    }

    @Test("fixed decimals, no locale, no -0")
    func fixed() {
        #expect(ChartFormat.fixed(3.14159, decimals: 2) == "3.14")
        #expect(ChartFormat.fixed(2.5, decimals: 0) == "3")
        #expect(ChartFormat.fixed(-2.5, decimals: 0) == "-3")
        #expect(ChartFormat.fixed(-0.001, decimals: 2) == "0.00")
        #expect(ChartFormat.fixed(-0.0, decimals: 0) == "0")
        #expect(ChartFormat.fixed(1234567.891, decimals: 1) == "1234567.9")
        #expect(ChartFormat.fixed(0.05, decimals: 3) == "0.050")
        #expect(ChartFormat.fixed(.nan, decimals: 1) == "0")
        #expect(ChartFormat.coord(12.50) == "12.5")
        #expect(ChartFormat.coord(-0.001) == "0")
        #expect(ChartFormat.coord(100) == "100")
    }

    @Test("a coordinate is fixed(_, 2) with the zeros cut, for every kind of value")
    func coordMatchesFixed() {
        // coord builds its text directly; it must say what fixed(_, decimals: 2) says, trimmed.
        func reference(_ value: Double) -> String {
            var s = ChartFormat.fixed(value, decimals: 2)
            if s.contains(".") {
                while s.hasSuffix("0") { s.removeLast() }
                if s.hasSuffix(".") { s.removeLast() }
            }
            return s == "-0" ? "0" : s
        }
        var values: [Double] = [0, -0.0, 0.004, 0.005, -0.005, 0.015, 0.1, 0.25, 0.995, -0.995, 1.005, 9.999, 10, 12.5, -12.34,
            439.996, 1e12, -1e12, 1e13, -1e13, .infinity, -.infinity, .nan, .ulpOfOne, -.leastNonzeroMagnitude]
        var x = -1000.0
        while x <= 1000 { values.append(x); x += 0.0625 + 0.001 }
        for cents in -2000...2000 { values.append(Double(cents) / 100); values.append(Double(cents) / 100 + 0.005) }
        for value in values { #expect(ChartFormat.coord(value) == reference(value), "\(value)") }
    }

    @Test("fewest decimals that show the values")
    func decimalsNeeded() {
        #expect(ChartFormat.decimalsNeeded([120, 80]) == 0)
        #expect(ChartFormat.decimalsNeeded([72.4, 71]) == 1)
        #expect(ChartFormat.decimalsNeeded([5.25]) == 2)
        #expect(ChartFormat.decimalsNeeded([1.0 / 3]) == 2)
    }

    @Test("escaping")
    func escape() {
        #expect(ChartFormat.escape(#"a<b>&"c"'d"#) == "a&lt;b&gt;&amp;&quot;c&quot;&#39;d")
        #expect(ChartFormat.escape("bell\u{07}") == "bell", "controls are dropped, as everywhere (DisplayText)")
    }

    @Test("nice steps")
    func niceStep() {
        #expect(LineChart.niceStep(7) == 10)
        #expect(LineChart.niceStep(2.2) == 2.5)
        #expect(LineChart.niceStep(0.03) == 0.05)
        #expect(LineChart.niceStep(0) == 1)
    }
}
