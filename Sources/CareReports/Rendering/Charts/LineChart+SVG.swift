import Foundation

extension LineChart {
    static let viewWidth = 440.0
    static let fontSize = 14.0
    /// The words' size for a reader who asks for large text (1.25 times).
    static let largeFontSize = 17.5
    static let plotHeight = 200.0
    /// Above this many points in a series, only out-of-range points get markers.
    static let markerLimit = 60
    /// The largest magnitude the y axis reaches.
    static let axisLimit = 1e12

    /// Dash pattern for the series at `index` (solid, dashed, dotted, dash-dot; cycling).
    static func dash(_ index: Int) -> String? {
        [nil, "7 4", "2 3", "10 3 2 3"][index % 4]
    }

    /// The chart as an inline `<svg>` element; with no readings, an SVG that says `emptyMessage`.
    public func svg() -> String {
        let id = ChartFormat.identifier(self.id)
        let decimals = self.decimals  // read over every point: once per chart, not once per point
        let plotted = series.map(\.plottable)
        let all = plotted.flatMap { $0 }
        guard !all.isEmpty else {
            return ChartSVG.empty(id: id, kind: "chart-line-chart", title: title, description: description, message: emptyMessage)
        }
        let c = ChartFormat.coord
        let w = Self.viewWidth, fs = labelSize, band = activeBand

        // Y domain: the values and the band's ends, padded when flat, snapped to nice ticks.
        var lo = all.map(\.y).min()!, hi = all.map(\.y).max()!
        for end in [band?.low, band?.high].compactMap({ $0 }) { lo = min(lo, end); hi = max(hi, end) }
        // The axis spans at most ±1e12 (what `ChartFormat.coord` can write): ±1e308 readings would
        // make the span infinite; they are drawn at the axis's end, their value stated in the table.
        lo = min(max(lo, -Self.axisLimit), Self.axisLimit)
        hi = min(max(hi, -Self.axisLimit), Self.axisLimit)
        // An open-ended band shows a little of itself beyond its one end.
        if let band, (band.low == nil) != (band.high == nil) {
            let reach = max((hi - lo) * 0.15, max(hi.magnitude, lo.magnitude) * 0.05, 1e-6)
            if let l = band.low, band.high == nil { hi = max(hi, l + reach) }
            if let h = band.high, band.low == nil { lo = min(lo, h - reach) }
        }
        if hi - lo < 1e-9 * max(1, hi.magnitude) {
            let pad = max(hi.magnitude * 0.1, 1)
            lo -= pad
            hi += pad
        }
        let step = Self.niceStep((hi - lo) / 4)
        let yMin = (lo / step).rounded(.down) * step
        var yMax = (hi / step).rounded(.up) * step
        if yMax <= yMin { yMax = yMin + step }
        let tickCount = ChartFormat.count((yMax - yMin) / step, atMost: 100)
        let tickDecimals = max(ChartFormat.decimalsNeeded([step, yMin], limit: 4), 0)
        let yTicks = (0...tickCount).map { yMin + Double($0) * step }
        let yLabels = yTicks.map { words.number(ChartFormat.fixed($0, decimals: tickDecimals)) }

        // Layout.
        let left = (yLabels.map { ChartFormat.estimatedWidth($0, fontSize: fs) }.max() ?? 20) + 12
        let right = w - 12
        let top = unit.isEmpty ? 12.0 : 30.0
        let bottom = top + Self.plotHeight
        let inset = 10.0
        func yPos(_ v: Double) -> Double { bottom - (v - yMin) / (yMax - yMin) * (bottom - top) }
        let events = self.events.filter(\.x.isFinite).sorted { $0.x < $1.x }
        var xMin = (all.map(\.x) + events.map(\.x)).min()!, xMax = (all.map(\.x) + events.map(\.x)).max()!
        if xMax - xMin < 1e-12 * max(1, xMax.magnitude) { xMin -= 1; xMax += 1 }
        func xPos(_ v: Double) -> Double { left + inset + (v - xMin) / (xMax - xMin) * (right - left - 2 * inset) }

        var out = ""

        // Band, behind everything.
        var bandLabel = ""
        if let band {
            let yTop = band.high.map(yPos) ?? top
            let yBottom = band.low.map(yPos) ?? bottom
            out += "<rect class=\"chart-band\" x=\"\(c(left))\" y=\"\(c(yTop))\" width=\"\(c(right - left))\" height=\"\(c(max(yBottom - yTop, 1)))\" fill=\"currentColor\" fill-opacity=\"0.12\"/>\n"
            let label = band.text(unit: unit, decimals: decimals, words: words)
            let small = fs - 1
            let labelY: Double
            if yBottom - yTop >= small + 8 { labelY = yTop + small + 2 }
            else if yTop - top >= small + 4 { labelY = yTop - 4 }
            else { labelY = yBottom + small + 2 }
            bandLabel = ChartSVG.text(label, x: right - 4, y: labelY, anchor: "end", classes: "chart-band-label", size: small) + "\n"
        }

        // Grid and y axis labels; the band's label over the grid (on a halo of the surface, in the
        // style sheet), so no gridline strikes through its words, and under the series.
        out += "<g class=\"chart-grid\" stroke=\"currentColor\" stroke-opacity=\"0.2\" stroke-width=\"1\">"
        for v in yTicks { out += "<line x1=\"\(c(left))\" x2=\"\(c(right))\" y1=\"\(c(yPos(v)))\" y2=\"\(c(yPos(v)))\"/>" }
        out += "</g>\n" + bandLabel + "<g class=\"chart-axis\">"
        out += "<line class=\"chart-axis-line\" x1=\"\(c(left))\" x2=\"\(c(right))\" y1=\"\(c(bottom))\" y2=\"\(c(bottom))\" stroke=\"currentColor\" stroke-width=\"1\"/>"
        for (v, label) in zip(yTicks, yLabels) {
            out += ChartSVG.text(label, x: left - 6, y: yPos(v) + fs * 0.35, anchor: "end", classes: "chart-tick-label")
        }
        if !unit.isEmpty { out += ChartSVG.text(unit, x: 2, y: 16, classes: "chart-unit") }

        // X ticks: given, or a spread of point labels; overlapping ones dropped.
        let candidates: [ChartTick]
        if let xTicks {
            candidates = xTicks.filter { $0.x.isFinite && $0.x >= xMin && $0.x <= xMax }.sorted { $0.x < $1.x }
        } else {
            var seen = Set<Double>()
            let distinct = all.sorted { $0.x < $1.x }.filter { seen.insert($0.x).inserted }
            let widest = distinct.map { ChartFormat.estimatedWidth($0.label, fontSize: fs) }.max() ?? 0
            let fit = max(1, min(distinct.count, ChartFormat.count((right - left) / (widest + 16), atMost: distinct.count)))
            let picks = fit == 1 ? [distinct.count / 2]
                : (0..<fit).map { Int((Double($0) * Double(distinct.count - 1) / Double(fit - 1)).rounded()) }
            candidates = picks.map { ChartTick(x: distinct[$0].x, label: distinct[$0].label) }
        }
        var lastEnd = -Double.infinity
        for tick in candidates {
            let half = ChartFormat.estimatedWidth(tick.label, fontSize: fs) / 2
            let px = xPos(tick.x)
            // Kept right of the y axis's numbers (which reach down to this row) and inside the
            // frame, with room for a font wider than the estimate (a bold or wide sans: 12 %).
            let room = half * 1.12
            let cx = min(max(px, left - 4 + room), w - room - 2)
            guard cx - half >= lastEnd + 6 else { continue }
            lastEnd = cx + half
            out += "<line class=\"chart-axis-tick\" x1=\"\(c(px))\" x2=\"\(c(px))\" y1=\"\(c(bottom))\" y2=\"\(c(bottom + 4))\" stroke=\"currentColor\" stroke-width=\"1\"/>"
            out += ChartSVG.text(tick.label, x: cx, y: bottom + 6 + fs, anchor: "middle", classes: "chart-tick-label")
        }
        out += "</g>\n"

        // Events: a numbered dashed line each, behind the series.
        for (index, event) in events.enumerated() {
            let px = xPos(event.x)
            out += "<g class=\"chart-event\"><title>\(ChartFormat.escape(event.label))</title>"
            out += "<line class=\"chart-event-line\" x1=\"\(c(px))\" x2=\"\(c(px))\" y1=\"\(c(top))\" y2=\"\(c(bottom))\" stroke=\"currentColor\" stroke-width=\"1.5\" stroke-dasharray=\"5 3\"/>"
            out += Self.eventBadge(index + 1, x: px, y: top + 9)
            out += "</g>\n"
        }

        // Series: line, then markers with hover titles.
        let u = unit.isEmpty ? "" : " " + unit
        var anyHigh = false, anyLow = false
        for (i, (s, points)) in zip(series, plotted).enumerated() where !points.isEmpty {
            let cls = "series-\(i % 4 + 1)"
            out += "<g class=\"chart-series \(cls)\">"
            if points.count > 1 {
                let d = points.enumerated().map { "\($0.offset == 0 ? "M" : "L")\(c(xPos($0.element.x))) \(c(yPos($0.element.y)))" }.joined()
                let dash = Self.dash(i).map { " stroke-dasharray=\"\($0)\"" } ?? ""
                out += "<path class=\"chart-line \(cls)\" d=\"\(d)\" fill=\"none\" stroke=\"currentColor\" stroke-width=\"2\" stroke-linejoin=\"round\" stroke-linecap=\"round\"\(dash)/>"
            }
            let showAll = points.count <= Self.markerLimit
            for p in points {
                let f = flag(p.y)
                guard showAll || f != .normal else { continue }
                let shape: ChartMarker = f == .high ? .triangleUp : f == .low ? .triangleDown : .forSeries(i)
                anyHigh = anyHigh || f == .high
                anyLow = anyLow || f == .low
                let tip = "\(s.name), \(p.label): \(words.number(ChartFormat.fixed(p.y, decimals: decimals)))\(u)\(f == .normal ? "" : ", " + words.flag(f))"
                shape.svg(x: xPos(p.x), y: yPos(p.y), r: f == .normal ? 3.5 : showAll ? 5 : 3.5, classes: cls, title: tip, into: &out)
            }
            out += "</g>\n"
        }

        // Legend in text, wrapped below the plot.
        var items: [(width: Double, draw: (Double, Double) -> String)] = []
        for (i, s) in series.enumerated() {
            let cls = "series-\(i % 4 + 1)"
            let label = s.name
            items.append((34 + ChartFormat.estimatedWidth(label, fontSize: fs), { x, y in
                let dash = Self.dash(i).map { " stroke-dasharray=\"\($0)\"" } ?? ""
                return "<line class=\"chart-line \(cls)\" x1=\"\(c(x))\" x2=\"\(c(x + 28))\" y1=\"\(c(y))\" y2=\"\(c(y))\" stroke=\"currentColor\" stroke-width=\"2\"\(dash)/>"
                    + ChartMarker.forSeries(i).svg(x: x + 14, y: y, r: 3.5, classes: cls)
                    + ChartSVG.text(label, x: x + 34, y: y + fs * 0.35, classes: "chart-legend-label")
            }))
        }
        for (on, marker, label) in [(anyHigh, ChartMarker.triangleUp, words.aboveRange), (anyLow, .triangleDown, words.belowRange)] where on {
            items.append((20 + ChartFormat.estimatedWidth(label, fontSize: fs), { x, y in
                marker.svg(x: x + 7, y: y, r: 5, classes: "")
                    + ChartSVG.text(label, x: x + 20, y: y + fs * 0.35, classes: "chart-legend-label")
            }))
        }
        for (index, event) in events.enumerated() {
            let label = event.label
            items.append((24 + ChartFormat.estimatedWidth(label, fontSize: fs), { x, y in
                "<g class=\"chart-event\">" + Self.eventBadge(index + 1, x: x + 8, y: y)
                    + ChartSVG.text(label, x: x + 22, y: y + fs * 0.35, classes: "chart-legend-label") + "</g>"
            }))
        }
        let legendTop = bottom + fs + 32
        let placed = ChartSVG.flow(widths: items.map(\.width), start: 4, width: w - 4, gap: 18)
        out += "<g class=\"chart-legend\">"
        for (item, at) in zip(items, placed) { out += item.draw(at.x, legendTop + Double(at.row) * 22) }
        out += "</g>\n</svg>"
        let rows = (placed.map(\.row).max() ?? 0) + 1
        let height = legendTop + Double(rows - 1) * 22 + 14
        return ChartSVG.open(id: id, kind: "chart-line-chart", width: w, height: height, fontSize: fs, title: title, description: description) + out
    }

    /// The number of an event in a box with a solid outline, at (`x`, `y`).
    static func eventBadge(_ number: Int, x: Double, y: Double) -> String {
        let c = ChartFormat.coord
        return "<rect class=\"chart-event-badge\" x=\"\(c(x - 8))\" y=\"\(c(y - 8))\" width=\"16\" height=\"16\" rx=\"3\" fill=\"none\" stroke=\"currentColor\" stroke-width=\"1.5\"/>"
            + ChartSVG.text("\(number)", x: x, y: y + 4.5, anchor: "middle", classes: "chart-event-number", size: 12)
    }

    /// A round tick step (1, 2, 2.5 or 5 × 10ⁿ) at least `raw`.
    static func niceStep(_ raw: Double) -> Double {
        guard raw > 0, raw.isFinite else { return 1 }
        let magnitude = pow(10, (log10(raw)).rounded(.down))
        let n = raw / magnitude
        let nice: Double = n <= 1 ? 1 : n <= 2 ? 2 : n <= 2.5 ? 2.5 : n <= 5 ? 5 : 10
        return nice * magnitude
    }
}
