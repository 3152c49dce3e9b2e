/// The words and decimal mark the charts write (legends, hover text, the tables under them), in the
/// reader's language; English unless the report layer gives others.
public struct ChartWords: Sendable, Hashable {
    public var high = "high"
    public var low = "low"
    public var aboveRange = "above range (high)"
    public var belowRange = "below range (low)"
    public var noReading = "no reading"
    /// `reference range {range}`, `no reference range`.
    public var referenceRange = "reference range {range}"
    public var noReferenceRange = "no reference range"
    public var blankNotScheduled = "blank: not scheduled"
    /// Dose statuses by their English label (`DoseStatus.label`).
    public var doseStatuses: [DoseStatus: String] = [:]
    /// `.` or `,`.
    public var decimalMark = "."

    public init() {}

    public static let english = ChartWords()

    /// `text` (a number written with `.`) with the decimal mark.
    func number(_ text: String) -> String {
        decimalMark == "." || !text.utf8.contains(UInt8(ascii: ".")) ? text : text.split(separator: ".", omittingEmptySubsequences: false).joined(separator: decimalMark)
    }

    func flag(_ flag: RangeFlag) -> String {
        switch flag {
        case .normal: ""
        case .high: high
        case .low: low
        }
    }

    func status(_ status: DoseStatus) -> String { doseStatuses[status] ?? status.label }
}
