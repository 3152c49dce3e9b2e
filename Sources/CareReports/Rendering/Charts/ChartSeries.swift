/// One named line on a line chart, e.g. "Systolic".
public struct ChartSeries: Sendable, Hashable {
    /// The name shown in the legend and as a table column heading.
    public var name: String
    /// The readings, in any order; they are drawn sorted by `x`.
    public var points: [ChartPoint]

    /// Makes a series named `name` with `points`.
    public init(name: String, points: [ChartPoint]) {
        self.name = name
        self.points = points
    }

    /// The finite points sorted by `x` (ties keep their given order).
    var plottable: [ChartPoint] {
        points.enumerated()
            .filter { $0.element.isFinite }
            .sorted { $0.element.x != $1.element.x ? $0.element.x < $1.element.x : $0.offset < $1.offset }
            .map(\.element)
    }
}
