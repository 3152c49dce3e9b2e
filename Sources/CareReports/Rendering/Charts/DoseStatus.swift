/// What happened to one scheduled dose (or as-needed use) on one day.
public enum DoseStatus: String, Sendable, Hashable, CaseIterable {
    /// Taken within the on-time window; drawn as a filled circle.
    case takenOnTime
    /// Taken, but late; drawn as a half-filled circle.
    case takenLate
    /// Scheduled and not taken; drawn as a cross.
    case missed
    /// Deliberately not taken (e.g. on advice); drawn as a dash.
    case skipped
    /// An as-needed (PRN) dose was used; drawn as a small diamond.
    case asNeeded
    /// Scheduled, but nothing has been recorded yet; drawn as a dotted ring.
    case notRecorded
    /// Due after the export was taken, so not known yet (never "missed"); drawn as three dots.
    case afterExport
    /// No dose due in this slot that day; left blank.
    case notScheduled

    /// The status in words, for legends, tables and hover text.
    public var label: String {
        switch self {
        case .takenOnTime: "taken on time"
        case .takenLate: "taken late"
        case .missed: "missed"
        case .skipped: "skipped"
        case .asNeeded: "as-needed use"
        case .notRecorded: "not recorded"
        case .afterExport: "after the export, not known"
        case .notScheduled: "not scheduled"
        }
    }

    /// The CSS class on the status's symbol, e.g. `dose-taken`.
    public var className: String {
        switch self {
        case .takenOnTime: "dose-taken"
        case .takenLate: "dose-late"
        case .missed: "dose-missed"
        case .skipped: "dose-skipped"
        case .asNeeded: "dose-prn"
        case .notRecorded: "dose-unrecorded"
        case .afterExport: "dose-after"
        case .notScheduled: "dose-none"
        }
    }

    /// The symbol centred on (`x`, `y`) with radius `r`, with `title` as a hover child when given.
    func symbol(x: Double, y: Double, r: Double, title: String?) -> String {
        let c = ChartFormat.coord
        let t = title.map { "<title>\(ChartFormat.escape($0))</title>" } ?? ""
        let g = "<g class=\"dose-symbol \(className)\">\(t)"
        switch self {
        case .takenOnTime:
            return g + "<circle cx=\"\(c(x))\" cy=\"\(c(y))\" r=\"\(c(r))\" fill=\"currentColor\"/></g>"
        case .takenLate:
            // Ring with its left half filled.
            return g + "<circle cx=\"\(c(x))\" cy=\"\(c(y))\" r=\"\(c(r - 0.75))\" fill=\"none\" stroke=\"currentColor\" stroke-width=\"1.5\"/>"
                + "<path d=\"M\(c(x)) \(c(y - r))A\(c(r)) \(c(r)) 0 0 0 \(c(x)) \(c(y + r))Z\" fill=\"currentColor\"/></g>"
        case .missed:
            let s = r * 0.8
            return g + "<path d=\"M\(c(x - s)) \(c(y - s))L\(c(x + s)) \(c(y + s))M\(c(x + s)) \(c(y - s))L\(c(x - s)) \(c(y + s))\" fill=\"none\" stroke=\"currentColor\" stroke-width=\"2.5\" stroke-linecap=\"round\"/></g>"
        case .skipped:
            return g + "<path d=\"M\(c(x - r)) \(c(y))L\(c(x + r)) \(c(y))\" fill=\"none\" stroke=\"currentColor\" stroke-width=\"2.5\" stroke-linecap=\"round\"/></g>"
        case .asNeeded:
            let s = r * 0.9
            return g + "<path d=\"M\(c(x)) \(c(y - s))L\(c(x + s)) \(c(y))L\(c(x)) \(c(y + s))L\(c(x - s)) \(c(y))Z\" fill=\"currentColor\"/></g>"
        case .notRecorded:
            return g + "<circle cx=\"\(c(x))\" cy=\"\(c(y))\" r=\"\(c(r - 1))\" fill=\"none\" stroke=\"currentColor\" stroke-width=\"1.5\" stroke-dasharray=\"2 2\"/></g>"
        case .afterExport:
            let dot = max(1.2, r * 0.2), step = r * 0.65
            return g + [-step, 0, step].map { dx in
                "<circle cx=\"\(c(x + dx))\" cy=\"\(c(y))\" r=\"\(c(dot))\" fill=\"currentColor\"/>"
            }.joined() + "</g>"
        case .notScheduled:
            // A transparent hit area so the cell still has a hover title.
            return g + "<rect x=\"\(c(x - r))\" y=\"\(c(y - r))\" width=\"\(c(2 * r))\" height=\"\(c(2 * r))\" fill=\"none\" pointer-events=\"all\"/></g>"
        }
    }
}
