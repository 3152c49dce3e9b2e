/// One day of a dose calendar: which day it is and one cell per slot.
public struct DoseDay: Sendable, Hashable {
    /// Days since 1970-01-01 (as `LocalDate.daysSinceEpoch`); places the day in its Monday–Sunday week.
    public var day: Int
    /// The day in full for hover text and the table, e.g. "Mon 3 Mar 2025".
    public var label: String
    /// The day in brief above its column, e.g. "3 Mar".
    public var shortLabel: String
    /// One cell per slot, in the calendar's slot order; missing cells count as not scheduled.
    public var cells: [DoseCell]
    /// The day's month, e.g. "Mar 2025": written beside the first week shown and each week a month
    /// starts in, and in the day's label there ("1 Mar"); empty draws no month.
    public var month: String

    /// Makes a day; `cells[i]` belongs to the calendar's `slots[i]`.
    public init(day: Int, label: String, shortLabel: String, cells: [DoseCell], month: String = "") {
        self.day = day
        self.label = label
        self.shortLabel = shortLabel
        self.cells = cells
        self.month = month
    }

    /// The cell for slot `index`, or not scheduled when there is none.
    public func cell(_ index: Int) -> DoseCell {
        index < cells.count ? cells[index] : DoseCell(.notScheduled)
    }

    /// 0 for Monday … 6 for Sunday.
    var weekday: Int { ((day + 3) % 7 + 7) % 7 }

    /// Index of the Monday-first week containing the day.
    var week: Int { (day + 3 - weekday) / 7 }
}
