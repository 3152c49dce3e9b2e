extension DoseCalendar {
    static let viewWidth = 440.0
    static let fontSize = 14.0
    static let rowHeight = 28.0

    /// The calendar as an inline `<svg>` element; with no days or slots, an SVG that says `emptyMessage`.
    public func svg() -> String {
        let id = ChartFormat.identifier(self.id)
        guard !isEmpty else {
            return ChartSVG.empty(id: id, kind: "chart-dose-calendar", title: title, description: description, message: emptyMessage)
        }
        let c = ChartFormat.coord
        let w = Self.viewWidth, fs = Self.fontSize, rowH = Self.rowHeight
        let small = fs - 1
        // The month ("Feb 2025") is bold: a quarter wider than the estimate in a wide sans, and kept
        // clear of the first column's date ("24 Feb", bold too) by 12 more.
        let labelWidths = slots.map { ChartFormat.estimatedWidth($0.label, fontSize: small) + 10 }
            + days.map { ChartFormat.estimatedWidth($0.month, fontSize: small) * 1.25 + 12 }
        let labelCol = min(150, max(56, labelWidths.max() ?? 0))
        let colW = (w - labelCol - 2) / 7
        let r = min(8, colW * 0.2, rowH * 0.3)
        let names = (0..<7).map { $0 < weekdayNames.count ? weekdayNames[$0] : "" }
        func colX(_ weekday: Int) -> Double { labelCol + Double(weekday) * colW }

        var out = "<g class=\"dose-weekdays\">"
        for (i, name) in names.enumerated() {
            out += ChartSVG.text(ChartFormat.truncate(name, toWidth: colW - 4, fontSize: fs), x: colX(i) + colW / 2, y: 16, anchor: "middle", classes: "dose-weekday")
        }
        out += "</g>\n"

        // Index the days by (week, weekday); the first given day wins a clash.
        let sorted = sortedDays
        var byCell: [Int: DoseDay] = [:]
        for d in sorted where byCell[d.day] == nil { byCell[d.day] = d }
        let firstWeek = sorted.first!.week, lastWeek = sorted.last!.week
        let dateRow = 18.0, gap = 10.0
        let blockH = dateRow + Double(slots.count) * rowH
        var y = 26.0
        var shownMonth = ""
        var previousDayMonth = ""
        for week in firstWeek...lastWeek {
            out += "<g class=\"dose-week\">"
            // The month at the left of the week's date row, when its first day shown is in another
            // month than the week above's (and for the first week).
            if let first = (0..<7).lazy.compactMap({ byCell[week * 7 - 3 + $0] }).first, first.month != shownMonth, !first.month.isEmpty {
                shownMonth = first.month
                out += ChartSVG.text(ChartFormat.truncate(first.month, toWidth: labelCol - 8, fontSize: small), x: 2, y: y + dateRow - 5, classes: "dose-month", size: small)
            }
            for (s, slot) in slots.enumerated() {
                let rowY = y + dateRow + Double(s) * rowH
                out += ChartSVG.text(ChartFormat.truncate(slot.label, toWidth: labelCol - 8, fontSize: small), x: 2, y: rowY + rowH / 2 + small * 0.35, classes: "dose-slot-label", size: small)
            }
            for wd in 0..<7 {
                let dayNumber = week * 7 - 3 + wd
                let x = colX(wd)
                guard let day = byCell[dayNumber] else {
                    out += "<rect class=\"dose-cell dose-outside\" x=\"\(c(x + 1))\" y=\"\(c(y + dateRow))\" width=\"\(c(colW - 2))\" height=\"\(c(blockH - dateRow - 2))\" rx=\"3\" fill=\"currentColor\" fill-opacity=\"0.04\"/>"
                    continue
                }
                // The first day shown and the first of each month carry the month: "1 Mar".
                let startsMonth = day.month != previousDayMonth && !day.month.isEmpty
                previousDayMonth = day.month
                let dateText = startsMonth ? "\(day.shortLabel) \(day.month.split(separator: " ").first ?? "")" : day.shortLabel
                out += ChartSVG.text(
                    ChartFormat.truncate(dateText, toWidth: colW - 4, fontSize: small), x: x + colW / 2, y: y + dateRow - 5, anchor: "middle",
                    classes: startsMonth ? "dose-date dose-date-month" : "dose-date", size: small)
                for s in slots.indices {
                    let rowY = y + dateRow + Double(s) * rowH
                    out += "<rect class=\"dose-cell\" x=\""
                    ChartFormat.appendCoord(x + 1, to: &out)
                    out += "\" y=\""
                    ChartFormat.appendCoord(rowY, to: &out)
                    out += "\" width=\""
                    ChartFormat.appendCoord(colW - 2, to: &out)
                    out += "\" height=\""
                    ChartFormat.appendCoord(rowH - 2, to: &out)
                    out += "\" rx=\"3\" fill=\"none\" stroke=\"currentColor\" stroke-opacity=\"0.25\"/>"
                    day.cell(s).status.symbol(x: x + colW / 2, y: rowY + rowH / 2 - 1, r: r, title: cellTitle(day, s), into: &out)
                }
            }
            out += "</g>\n"
            y += blockH + gap
        }

        // Legend: every status that occurs, with its count.
        let counts = self.counts
        let shown = DoseStatus.allCases.filter { counts[$0, default: 0] > 0 }
        let labels = shown.map { $0 == .notScheduled ? words.blankNotScheduled : "\(words.status($0)) (\(counts[$0]!))" }
        let placed = ChartSVG.flow(widths: labels.map { 2 * r + 8 + ChartFormat.estimatedWidth($0, fontSize: small) }, start: 4, width: w - 4, gap: 16)
        let legendTop = y + 6
        out += "<g class=\"chart-legend\">"
        for ((status, label), at) in zip(zip(shown, labels), placed) {
            let ly = legendTop + Double(at.row) * 22
            if status == .notScheduled {
                out += "<rect class=\"dose-cell\" x=\"\(c(at.x))\" y=\"\(c(ly - r))\" width=\"\(c(2 * r))\" height=\"\(c(2 * r))\" rx=\"2\" fill=\"none\" stroke=\"currentColor\" stroke-opacity=\"0.4\"/>"
            } else {
                out += status.symbol(x: at.x + r, y: ly, r: r, title: nil)
            }
            out += ChartSVG.text(label, x: at.x + 2 * r + 6, y: ly + small * 0.35, classes: "chart-legend-label", size: small)
        }
        out += "</g>\n</svg>"
        let height = legendTop + Double(placed.map(\.row).max() ?? 0) * 22 + 14
        return ChartSVG.open(id: id, kind: "chart-dose-calendar", width: w, height: height, fontSize: fs, title: title, description: description) + out
    }
}
