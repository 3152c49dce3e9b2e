extension StackedBarChart {
    static let viewWidth = 560.0
    static let fontSize = 12.0
    static let plotHeight = 180.0
    static let patternCount = 6

    /// The chart as an inline `<svg>` element; with nothing to draw, an SVG that says `emptyMessage`.
    public func svg() -> String {
        let id = ChartFormat.identifier(self.id)
        guard !isEmpty, !categories.isEmpty else {
            return ChartSVG.empty(id: id, kind: "chart-stacked-bar", title: title, description: description, message: emptyMessage)
        }
        let c = ChartFormat.coord, fs = Self.fontSize, w = Self.viewWidth
        let totals = self.totals
        let step = Self.step(for: totals.max() ?? 1)
        let yMax = max(step, Int((Double(totals.max() ?? 1) / Double(step)).rounded(.up)) * step)
        let left = ChartFormat.estimatedWidth("\(yMax)", fontSize: fs) + 14, right = w - 8
        let top = 34.0, bottom = top + Self.plotHeight
        func y(_ value: Int) -> Double { bottom - Double(value) / Double(yMax) * Self.plotHeight }
        let slot = (right - left) / Double(categories.count)
        let barWidth = min(36, slot * 0.7)

        var out = ChartSVG.open(id: id, kind: "chart-stacked-bar chart-wide", width: w, height: 0, fontSize: fs, title: title, description: description)
        out += patterns(id: id)
        out += ChartSVG.text(unit, x: 4, y: 14, classes: "chart-unit") + "\n"
        out += "<g class=\"chart-grid\" stroke=\"currentColor\" stroke-opacity=\"0.25\" aria-hidden=\"true\">"
        for tick in stride(from: 0, through: yMax, by: step) { out += "<line x1=\"\(c(left))\" x2=\"\(c(right))\" y1=\"\(c(y(tick)))\" y2=\"\(c(y(tick)))\"/>" }
        out += "</g>\n<g class=\"chart-axis\" aria-hidden=\"true\">"
        for tick in stride(from: 0, through: yMax, by: step) {
            out += ChartSVG.text("\(tick)", x: left - 6, y: y(tick) + fs * 0.35, anchor: "end", classes: "chart-tick-label")
        }
        out += "<line class=\"chart-axis-line\" x1=\"\(c(left))\" x2=\"\(c(right))\" y1=\"\(c(bottom))\" y2=\"\(c(bottom))\" stroke=\"currentColor\"/>"
        for (index, category) in categories.enumerated() {
            let x = left + slot * (Double(index) + 0.5)
            for (line, text) in category.lines.prefix(2).enumerated() {
                out += ChartSVG.text(text, x: x, y: bottom + 15 + Double(line) * (fs + 2), anchor: "middle", classes: "chart-tick-label", size: fs - 1)
            }
        }
        out += "</g>\n"
        var labels = ""
        for (index, category) in categories.enumerated() {
            let x = left + slot * (Double(index) + 0.5) - barWidth / 2
            var base = 0
            for (number, part) in series.enumerated() {
                let value = part.value(index)
                guard value > 0 else { continue }
                let y0 = y(base + value), height = y(base) - y(base + value)
                let label = "\(part.name), \(category.name): \(value) \(unit)"
                out += "<g class=\"chart-bar series-\(number % 4 + 1)\"><title>\(ChartFormat.escape(label))</title>"
                out += "<rect x=\"\(c(x))\" y=\"\(c(y0))\" width=\"\(c(barWidth))\" height=\"\(c(height))\" fill=\"url(#\(id)-pattern-\(number))\" stroke=\"currentColor\" stroke-width=\"1\"/>"
                out += "</g>"
                if height >= fs + 2 {
                    labels += ChartSVG.text("\(value)", x: x + barWidth / 2, y: y0 + height / 2 + fs * 0.35, anchor: "middle", classes: "chart-bar-label", size: fs - 1)
                }
                base += value
            }
            out += ChartSVG.text("\(totals[index])", x: x + barWidth / 2, y: y(totals[index]) - 4, anchor: "middle", classes: "chart-bar-total") + "\n"
        }
        // The numbers inside the parts, in the text colour with a halo (CSS), above every pattern.
        out += "<g class=\"chart-bar-labels\" aria-hidden=\"true\">" + labels + "</g>\n"
        let (legend, height) = self.legend(id: id, left: left, right: right, top: bottom + 44, fontSize: fs)
        out += legend + "</svg>"
        return out.replacingOccurrences(of: "viewBox=\"0 0 \(c(w)) 0\"", with: "viewBox=\"0 0 \(c(w)) \(c(height))\"")
    }

    /// The fill patterns of every series, `ID-pattern-N`.
    func patterns(id: String) -> String {
        "<defs>\n" + series.indices.map { Self.pattern(id: id, index: $0) }.joined() + "</defs>\n"
    }

    /// The legend, a pattern swatch and the name of each series, wrapping between `left` and `right`
    /// from the baseline `top`; with the height of the chart down to its end.
    func legend(id: String, left: Double, right: Double, top: Double, fontSize fs: Double) -> (svg: String, end: Double) {
        let c = ChartFormat.coord
        let widths = series.map { 20 + ChartFormat.estimatedWidth($0.name, fontSize: fs) }
        let places = ChartSVG.flow(widths: widths, start: left, width: right, gap: 16)
        var out = "<g class=\"chart-legend\">"
        for (number, part) in series.enumerated() {
            let (x, row) = places[number]
            let rowY = top + Double(row) * (fs + 10)
            out += "<g class=\"series-\(number % 4 + 1)\"><rect x=\"\(c(x))\" y=\"\(c(rowY - fs + 1))\" width=\"14\" height=\"14\" fill=\"url(#\(id)-pattern-\(number))\" stroke=\"currentColor\" stroke-width=\"1\"/>"
            out += ChartSVG.text(part.name, x: x + 20, y: rowY, classes: "chart-legend-label") + "</g>"
        }
        let rows = (places.map(\.row).max() ?? 0) + 1
        return (out + "</g>\n", top + Double(rows) * (fs + 10))
    }

    /// A step of 1, 2 or 5 times a power of ten giving at most five grid lines.
    static func step(for maximum: Int) -> Int {
        var magnitude = 1
        while true {
            for factor in [1, 2, 5] where maximum <= factor * magnitude * 5 { return factor * magnitude }
            magnitude *= 10
        }
    }

    /// The fill of series `index`: a pattern drawn in the series' colour (`currentColor` of its class).
    static func pattern(id: String, index: Int) -> String {
        let kind = index % patternCount
        let open = "<pattern id=\"\(id)-pattern-\(index)\" class=\"chart-pattern series-\(index % 4 + 1)\" patternUnits=\"userSpaceOnUse\" width=\"8\" height=\"8\">"
        let back = "<rect width=\"8\" height=\"8\" fill=\"currentColor\" fill-opacity=\"0.22\"/>"
        let marks: String
        switch kind {
        case 0: marks = "<rect width=\"8\" height=\"8\" fill=\"currentColor\"/>"
        case 1: marks = back + "<path d=\"M-2 2l4-4M0 8l8-8M6 10l4-4\" stroke=\"currentColor\" stroke-width=\"2\"/>"
        case 2: marks = back + "<circle cx=\"4\" cy=\"4\" r=\"2\" fill=\"currentColor\"/>"
        case 3: marks = back + "<path d=\"M0 2h8M0 6h8\" stroke=\"currentColor\" stroke-width=\"1.6\"/>"
        case 4: marks = back + "<path d=\"M0 0l8 8M8 0l-8 8\" stroke=\"currentColor\" stroke-width=\"1.4\"/>"
        default: marks = back + "<path d=\"M2 0v8M6 0v8\" stroke=\"currentColor\" stroke-width=\"1.6\"/>"
        }
        return open + marks + "</pattern>\n"
    }
}
