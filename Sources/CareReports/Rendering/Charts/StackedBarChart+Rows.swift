extension StackedBarChart {
    static let rowsWidth = 360.0
    static let rowsFontSize = 14.0
    static let rowHeight = 24.0

    /// The chart for every screen: the bars standing side by side (`svg()`, class `chart-wide`), and
    /// the same bars lying one under another (`rowsSVG()`, class `chart-narrow`) for a phone, where
    /// the style sheet shows it instead (twelve weeks side by side at 390 px would need 6 px words).
    public func svgForEveryScreen() -> String {
        let rows = rowsSVG()
        return rows.isEmpty ? svg() : svg() + "\n" + rows
    }

    /// One bar per category lying on its own row, its label before it and its total after it, the
    /// parts with their patterns and numbers as in `svg()`; drawn 360 units wide, so its words stay
    /// about 12 px on a phone. Empty when there is nothing to draw (`svg()` says so).
    public func rowsSVG() -> String {
        guard !isEmpty, !categories.isEmpty else { return "" }
        let id = ChartFormat.identifier(self.id) + "-rows"
        let c = ChartFormat.coord, fs = Self.rowsFontSize, w = Self.rowsWidth, barHeight = Self.rowHeight - 6
        let totals = self.totals, most = max(1, totals.max() ?? 1)
        let names = categories.map { $0.lines.prefix(2).joined(separator: " ") }
        let left = 4 + (names.map { ChartFormat.estimatedWidth($0, fontSize: fs - 1) }.max() ?? 0) + 8
        let right = w - 6 - ChartFormat.estimatedWidth("\(most)", fontSize: fs)
        let top = 26.0
        func x(_ value: Int) -> Double { left + Double(value) / Double(most) * (right - left) }

        var out = ChartSVG.open(id: id, kind: "chart-stacked-bar chart-narrow", width: w, height: 0, fontSize: fs, title: title, description: description)
        out += patterns(id: id)
        out += ChartSVG.text(unit, x: left, y: 14, classes: "chart-unit", size: fs - 1) + "\n"
        let bottom = top + Double(categories.count) * Self.rowHeight
        out += "<g class=\"chart-axis\" aria-hidden=\"true\"><line class=\"chart-axis-line\" x1=\"\(c(left))\" x2=\"\(c(left))\" y1=\"\(c(top - 4))\" y2=\"\(c(bottom))\" stroke=\"currentColor\"/>"
        for (index, name) in names.enumerated() {
            let middle = top + Double(index) * Self.rowHeight + barHeight / 2
            out += ChartSVG.text(name, x: left - 6, y: middle + fs * 0.35, anchor: "end", classes: "chart-tick-label", size: fs - 1)
        }
        out += "</g>\n"
        var labels = ""
        for (index, category) in categories.enumerated() {
            let y0 = top + Double(index) * Self.rowHeight, middle = y0 + barHeight / 2
            var base = 0
            for (number, part) in series.enumerated() {
                let value = part.value(index)
                guard value > 0 else { continue }
                let x0 = x(base), width = x(base + value) - x(base)
                let label = "\(part.name), \(category.name): \(value) \(unit)"
                out += "<g class=\"chart-bar series-\(number % 4 + 1)\"><title>\(ChartFormat.escape(label))</title>"
                out += "<rect x=\"\(c(x0))\" y=\"\(c(y0))\" width=\"\(c(width))\" height=\"\(c(barHeight))\" fill=\"url(#\(id)-pattern-\(number))\" stroke=\"currentColor\" stroke-width=\"1\"/>"
                out += "</g>"
                if width >= ChartFormat.estimatedWidth("\(value)", fontSize: fs - 1) + 6 {
                    labels += ChartSVG.text("\(value)", x: x0 + width / 2, y: middle + fs * 0.35, anchor: "middle", classes: "chart-bar-label", size: fs - 1)
                }
                base += value
            }
            out += ChartSVG.text("\(totals[index])", x: x(totals[index]) + 4, y: middle + fs * 0.35, classes: "chart-bar-total") + "\n"
        }
        out += "<g class=\"chart-bar-labels\" aria-hidden=\"true\">" + labels + "</g>\n"
        let (legend, height) = self.legend(id: id, left: 4, right: w - 4, top: bottom + 24, fontSize: fs)
        out += legend + "</svg>"
        return out.replacingOccurrences(of: "viewBox=\"0 0 \(c(w)) 0\"", with: "viewBox=\"0 0 \(c(w)) \(c(height))\"")
    }
}
