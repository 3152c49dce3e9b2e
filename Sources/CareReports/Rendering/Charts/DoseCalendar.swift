/// A calendar of doses: Monday–Sunday columns, one block of rows per week, one row per dose slot,
/// each cell a status symbol; rendered as an accessible inline SVG (`svg()`) and a table (`table()`).
///
/// CSS classes used in the SVG (colours come only from these and `currentColor`; see CHART-CLASSES.md):
/// `chart`, `chart-dose-calendar`, `chart-empty`, `chart-text`, `dose-weekday`, `dose-month`, `dose-date`,
/// `dose-date-month` (a day that starts a month, "1 Mar"), `dose-slot-label`,
/// `dose-cell`, `dose-outside`, `dose-symbol`, `dose-taken`, `dose-late`, `dose-missed`, `dose-skipped`,
/// `dose-prn`, `dose-unrecorded`, `dose-none`, `chart-legend`, `chart-legend-label`.
/// Each status has its own shape (filled circle, half-filled circle, cross, dash, diamond, dotted ring,
/// blank) and every cell has a `<title>` naming the day, slot and status.
public struct DoseCalendar: Sendable, Hashable {
    /// Short name, the SVG `<title>` and table caption, e.g. "Metformin doses, March".
    public var title: String
    /// One or two sentences for screen readers, the SVG `<desc>`, e.g. "26 of 28 doses taken; 2 missed."
    public var description: String
    /// Prefix for element ids; must be unique on the page (it is sanitised to letters, digits, `-`, `_`).
    public var id: String
    /// The dose times, top to bottom within each week.
    public var slots: [DoseSlot]
    /// The days shown, in any order; weeks with no day between the first and last are drawn empty.
    public var days: [DoseDay]
    /// Column headings Monday first; seven entries.
    public var weekdayNames: [String]
    /// Heading of the table's first column.
    public var dayColumnTitle: String
    /// Text drawn instead of a calendar when there are no days or no slots.
    public var emptyMessage: String
    /// The words of statuses and the legend.
    public var words = ChartWords.english

    /// Makes a dose calendar; nothing is drawn until `svg()` or `table()` is called.
    public init(
        title: String,
        description: String,
        id: String,
        slots: [DoseSlot],
        days: [DoseDay],
        weekdayNames: [String] = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"],
        dayColumnTitle: String = "Day",
        emptyMessage: String = "No doses scheduled in this period."
    ) {
        self.title = title
        self.description = description
        self.id = id
        self.slots = slots
        self.days = days
        self.weekdayNames = weekdayNames
        self.dayColumnTitle = dayColumnTitle
        self.emptyMessage = emptyMessage
    }

    /// Whether there is nothing to draw (no days or no slots).
    public var isEmpty: Bool { days.isEmpty || slots.isEmpty }

    /// The days in date order (ties keep their given order).
    var sortedDays: [DoseDay] {
        days.enumerated().sorted { $0.element.day != $1.element.day ? $0.element.day < $1.element.day : $0.offset < $1.offset }.map(\.element)
    }

    /// How many cells have each status.
    public var counts: [DoseStatus: Int] {
        var out: [DoseStatus: Int] = [:]
        for d in days { for i in slots.indices { out[d.cell(i).status, default: 0] += 1 } }
        return out
    }

    /// Hover text for one cell, e.g. "Mon 3 Mar 2025, 08:00: taken late (at 09:40)".
    func cellTitle(_ day: DoseDay, _ slot: Int) -> String {
        "\(day.label), \(slots[slot].label): \(text(day.cell(slot)))"
    }

    /// A cell's status and detail in words, e.g. "taken late (at 09:40)".
    func text(_ cell: DoseCell) -> String {
        guard let detail = cell.detail, !detail.isEmpty else { return words.status(cell.status) }
        return "\(words.status(cell.status)) (\(detail))"
    }
}
