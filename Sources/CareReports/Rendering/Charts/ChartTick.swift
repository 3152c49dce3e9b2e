/// A labelled tick on the x axis of a line chart.
public struct ChartTick: Sendable, Hashable {
    /// Position on the same scale as the points' `x`.
    public var x: Double
    /// Text under the tick, e.g. "3 Mar".
    public var label: String

    /// Makes a tick at `x` labelled `label`.
    public init(x: Double, label: String) {
        self.x = x
        self.label = label
    }
}
