/// The numbers behind a chart as an accessible HTML table, to sit beside the picture.
///
/// CSS classes: `chart-table` on the `<table>`; `chart-flag-high` / `chart-flag-low` on cells whose
/// text includes a "high" / "low" flag (the word is always in the text too).
public struct ChartTable: Sendable, Hashable {
    /// One body row: a row heading (e.g. the date) and one cell per remaining column.
    public struct Row: Sendable, Hashable {
        /// The first cell, written as `<th scope="row">`.
        public var header: String
        /// The other cells, in column order.
        public var cells: [Cell]

        /// Makes a row headed `header` with `cells`.
        public init(header: String, cells: [Cell]) {
            self.header = header
            self.cells = cells
        }
    }

    /// One data cell: its text and an optional range flag.
    public struct Cell: Sendable, Hashable {
        /// The cell's text, flag word included.
        public var text: String
        /// The flag, used only to add a CSS class.
        public var flag: RangeFlag

        /// Makes a cell showing `text`.
        public init(_ text: String, flag: RangeFlag = .normal) {
            self.text = text
            self.flag = flag
        }
    }

    /// The table's `<caption>`.
    public var caption: String
    /// Column headings, the row-heading column first; each is written as `<th scope="col">`.
    public var columns: [String]
    /// Body rows.
    public var rows: [Row]

    /// Makes a table with `caption`, `columns` and `rows`.
    public init(caption: String, columns: [String], rows: [Row]) {
        self.caption = caption
        self.columns = columns
        self.rows = rows
    }

    /// The table as an HTML `<table>` element with escaped text.
    public func html() -> String {
        let e = ChartFormat.escape
        var out = "<table class=\"chart-table\">\n<caption>\(e(caption))</caption>\n<thead><tr>"
        for column in columns { out += "<th scope=\"col\">\(e(column))</th>" }
        out += "</tr></thead>\n<tbody>\n"
        for row in rows {
            out += "<tr><th scope=\"row\">\(e(row.header))</th>"
            for cell in row.cells {
                switch cell.flag {
                case .normal: out += "<td>\(e(cell.text))</td>"
                case .high: out += "<td class=\"chart-flag-high\">\(e(cell.text))</td>"
                case .low: out += "<td class=\"chart-flag-low\">\(e(cell.text))</td>"
                }
            }
            out += "</tr>\n"
        }
        out += "</tbody>\n</table>"
        return out
    }
}
