/// One reading on a line chart: a position, a value and the words that name it in the data table.
public struct ChartPoint: Sendable, Hashable {
    /// Position along the x axis, e.g. seconds since 1970 or a day number; only the order and spacing matter.
    public var x: Double
    /// The value plotted on the y axis.
    public var y: Double
    /// How the table and hover text name this point, e.g. "Mon 3 Mar 2025 08:15".
    public var label: String

    /// Makes a point at `x` with value `y`, named `label` in the table.
    public init(x: Double, y: Double, label: String) {
        self.x = x
        self.y = y
        self.label = label
    }

    /// Whether both coordinates are finite numbers; other points are left out of the chart and table.
    public var isFinite: Bool { x.isFinite && y.isFinite }
}
