extension LineChart {
    /// The same numbers as the chart: one row per x position (per point for a single series),
    /// one column per series, out-of-range values flagged in words.
    public func table() -> ChartTable {
        let u = unit.isEmpty ? "" : " (\(unit))"
        let decimals = self.decimals  // once per table, not once per value
        let columns = [xColumnTitle] + series.map { $0.name + u }
        var caption = title
        if let b = activeBand { caption += "; " + b.text(unit: unit, decimals: decimals) }

        // Group every series' points by x; at one x, the i-th point of each series shares row i.
        let perSeries = series.map(\.plottable)
        let xs = Array(Set(perSeries.flatMap { $0.map(\.x) })).sorted()
        var rows: [ChartTable.Row] = []
        for x in xs {
            let atX = perSeries.map { $0.filter { $0.x == x } }
            let depth = atX.map(\.count).max() ?? 0
            for i in 0..<depth {
                let label = atX.lazy.compactMap { i < $0.count ? $0[i].label : nil }.first ?? ""
                let cells = atX.map { pts -> ChartTable.Cell in
                    guard i < pts.count else { return ChartTable.Cell(words.noReading) }
                    let f = flag(pts[i].y)
                    let text = words.number(ChartFormat.fixed(pts[i].y, decimals: decimals)) + (f == .normal ? "" : " (\(words.flag(f)))")
                    return ChartTable.Cell(text, flag: f)
                }
                rows.append(ChartTable.Row(header: label, cells: cells))
            }
        }
        return ChartTable(caption: caption, columns: columns, rows: rows)
    }
}
