extension DoseCalendar {
    /// The same information as the calendar: one row per day, one column per slot, statuses in words.
    public func table() -> ChartTable {
        let rows = sortedDays.map { day in
            ChartTable.Row(header: day.label, cells: slots.indices.map { ChartTable.Cell(text(day.cell($0))) })
        }
        return ChartTable(caption: title, columns: [dayColumnTitle] + slots.map(\.label), rows: rows)
    }
}
