/// A line chart of one or more series over time, with an optional shaded reference range,
/// rendered as an accessible inline SVG (`svg()`) and a data table (`table()`).
///
/// Used for blood pressure (two series), weight, glucose and lab analyte trends.
///
/// CSS classes used in the SVG (colours come only from these and `currentColor`; see CHART-CLASSES.md):
/// `chart`, `chart-line-chart`, `chart-empty`, `chart-text`, `chart-grid`, `chart-axis`, `chart-tick-label`,
/// `chart-unit`, `chart-band`, `chart-band-label`, `chart-series`, `chart-line`, `chart-marker`,
/// `series-1` … `series-4` (cycling), `marker-circle`, `marker-square`, `marker-diamond`, `marker-ring`,
/// `marker-high`, `marker-low`, `chart-legend`, `chart-legend-label`.
/// Series differ by dash pattern and marker shape as well as colour; points above / below the band are
/// drawn as an up / down triangle.
public struct LineChart: Sendable, Hashable {
    /// Short name, the SVG `<title>` and table caption, e.g. "Blood pressure, last 30 days".
    public var title: String
    /// One or two sentences for screen readers, the SVG `<desc>`, e.g. the trend in words.
    public var description: String
    /// Prefix for element ids; must be unique on the page (it is sanitised to letters, digits, `-`, `_`).
    public var id: String
    /// Unit shown above the y axis and in the table headings, e.g. "mmHg"; may be empty.
    public var unit: String
    /// The lines to draw, in legend order.
    public var series: [ChartSeries]
    /// The reference range to shade, if any.
    public var band: ReferenceBand?
    /// Labelled x-axis ticks; nil picks some point labels evenly.
    public var xTicks: [ChartTick]?
    /// Heading of the table's first column, e.g. "Date".
    public var xColumnTitle: String
    /// Decimals for values; nil uses the fewest (0…2) that show every value exactly.
    public var valueDecimals: Int?
    /// Text drawn instead of a chart when there are no readings.
    public var emptyMessage: String
    /// Dated events drawn as numbered vertical lines (e.g. medication changes); the x axis reaches them.
    public var events: [ChartEvent] = []
    /// The words and decimal mark written in the chart and its table.
    public var words = ChartWords.english
    /// The size of its words in the viewBox's units: larger for a reader who asks for large text,
    /// so the labels grow with the page's (and the x axis keeps fewer dates, none overlapping).
    public var labelSize = LineChart.fontSize

    /// Makes a line chart; nothing is drawn until `svg()` or `table()` is called.
    public init(
        title: String,
        description: String,
        id: String,
        unit: String,
        series: [ChartSeries],
        band: ReferenceBand? = nil,
        xTicks: [ChartTick]? = nil,
        xColumnTitle: String = "Date",
        valueDecimals: Int? = nil,
        emptyMessage: String = "No readings in this period."
    ) {
        self.title = title
        self.description = description
        self.id = id
        self.unit = unit
        self.series = series
        self.band = band
        self.xTicks = xTicks
        self.xColumnTitle = xColumnTitle
        self.valueDecimals = valueDecimals
        self.emptyMessage = emptyMessage
    }

    /// Whether no series has a finite point (then `svg()` draws only the empty message).
    public var isEmpty: Bool { series.allSatisfy { $0.plottable.isEmpty } }

    /// The band, when it has at least one end.
    var activeBand: ReferenceBand? { band.flatMap { $0.isBounded ? $0 : nil } }

    /// How `value` compares with the band (`.normal` without a band).
    public func flag(_ value: Double) -> RangeFlag { activeBand?.flag(value) ?? .normal }

    /// Decimals used for values and the band: read over every point, so a caller reads it once per chart.
    var decimals: Int {
        if let valueDecimals { return max(0, min(valueDecimals, 6)) }
        var values = series.flatMap { $0.plottable.map(\.y) }
        if let b = activeBand { values += [b.low, b.high].compactMap { $0 } }
        return ChartFormat.decimalsNeeded(values)
    }
}
