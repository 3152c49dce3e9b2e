/// A dated event drawn across a line chart as a numbered, dashed vertical line, with its words in
/// the legend (e.g. a medication change on a blood-pressure chart). Told apart by its number and
/// dash, not by colour.
public struct ChartEvent: Sendable, Hashable {
    /// Position on the x axis, in the chart's units (seconds since 1970 for time charts).
    public let x: Double
    /// Short words for the legend, e.g. "Lisinopril 10 → 20 mg, Mon 24 Feb".
    public let label: String

    public init(x: Double, label: String) {
        self.x = x
        self.label = label
    }
}
