/// Bars stacked from parts, one bar per category (e.g. a week), one part per series (e.g. a
/// person), rendered as an accessible inline SVG (`svg()`) and a data table (`table()`).
///
/// Used for the tasks each person did per week on the workload page. Parts differ by fill pattern
/// (solid, diagonal lines, dots, horizontal lines, cross-hatch, vertical lines; cycling after six)
/// as well as colour, and each part tall enough for it carries its number; every bar carries its
/// total above it, so nothing depends on colour (and print in black and white keeps it all).
///
/// CSS classes (see CHART-CLASSES.md): `chart`, `chart-stacked-bar`, `chart-empty`, `chart-text`,
/// `chart-grid`, `chart-axis`, `chart-axis-line`, `chart-tick-label`, `chart-unit`, `chart-bar`,
/// `chart-bar-label`, `chart-bar-total`, `chart-pattern`, `series-1` … `series-4`, `chart-legend`,
/// `chart-legend-label`, and `chart-wide` or `chart-narrow` (`svgForEveryScreen()`).
public struct StackedBarChart: Sendable, Hashable {
    /// One part of every bar, e.g. one person.
    public struct Series: Sendable, Hashable {
        public var name: String
        /// One value per category, in category order (missing values are zero; negatives count as zero).
        public var values: [Int]

        public init(name: String, values: [Int]) {
            self.name = name
            self.values = values
        }

        func value(_ index: Int) -> Int { index < values.count ? max(0, values[index]) : 0 }
    }

    /// One bar: its axis label (one or two short lines) and the name used in the table and titles.
    public struct Category: Sendable, Hashable {
        public var name: String
        public var lines: [String]

        public init(name: String, lines: [String]) {
            self.name = name
            self.lines = lines
        }
    }

    /// Short name: the SVG `<title>` and the table's caption.
    public var title: String
    /// A sentence or two for screen readers: the SVG `<desc>`.
    public var description: String
    /// Prefix for element ids; unique on the page.
    public var id: String
    /// What the values count, above the y axis and in the table's caption, e.g. "tasks done".
    public var unit: String
    public var categories: [Category]
    public var series: [Series]
    /// Heading of the table's first column, e.g. "Week".
    public var categoryTitle: String
    /// Text drawn instead of a chart when every value is zero.
    public var emptyMessage: String
    /// Heading of the table's last column, each category's total (in the reader's language).
    public var totalTitle: String

    public init(
        title: String, description: String, id: String, unit: String, categories: [Category], series: [Series],
        categoryTitle: String, emptyMessage: String, totalTitle: String = "Everyone"
    ) {
        self.title = title
        self.description = description
        self.id = id
        self.unit = unit
        self.categories = categories
        self.series = series
        self.categoryTitle = categoryTitle
        self.emptyMessage = emptyMessage
        self.totalTitle = totalTitle
    }

    /// Each category's total.
    public var totals: [Int] { categories.indices.map { index in series.reduce(0) { $0 + $1.value(index) } } }

    /// True when there is nothing to draw.
    public var isEmpty: Bool { totals.allSatisfy { $0 == 0 } }

    /// The same numbers as the chart: one row per category, one column per series, then the total.
    public func table() -> ChartTable {
        let totals = self.totals
        let rows = categories.enumerated().map { index, category in
            ChartTable.Row(
                header: category.name, cells: series.map { ChartTable.Cell("\($0.value(index))") } + [ChartTable.Cell("\(totals[index])")])
        }
        return ChartTable(caption: title, columns: [categoryTitle] + series.map(\.name) + [totalTitle], rows: rows)
    }
}
