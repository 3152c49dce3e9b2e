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
        var out = ""
        symbol(x: x, y: y, r: r, title: title, into: &out)
        return out
    }

    /// ``symbol(x:y:r:title:)`` appended to `out` (a calendar writes hundreds: no string of its own each).
    func symbol(x: Double, y: Double, r: Double, title: String?, into out: inout String) {
        func c(_ value: Double) { ChartFormat.appendCoord(value, to: &out) }
        out += "<g class=\"dose-symbol "
        out += className
        out += "\">"
        if let title {
            out += "<title>"
            out += ChartFormat.escape(title)
            out += "</title>"
        }
        switch self {
        case .takenOnTime:
            out += "<circle cx=\""; c(x); out += "\" cy=\""; c(y); out += "\" r=\""; c(r); out += "\" fill=\"currentColor\"/></g>"
        case .takenLate:
            // Ring with its left half filled.
            out += "<circle cx=\""; c(x); out += "\" cy=\""; c(y); out += "\" r=\""; c(r - 0.75)
            out += "\" fill=\"none\" stroke=\"currentColor\" stroke-width=\"1.5\"/>"
            out += "<path d=\"M"; c(x); out += " "; c(y - r); out += "A"; c(r); out += " "; c(r); out += " 0 0 0 "; c(x); out += " "; c(y + r)
            out += "Z\" fill=\"currentColor\"/></g>"
        case .missed:
            let s = r * 0.8
            out += "<path d=\"M"; c(x - s); out += " "; c(y - s); out += "L"; c(x + s); out += " "; c(y + s)
            out += "M"; c(x + s); out += " "; c(y - s); out += "L"; c(x - s); out += " "; c(y + s)
            out += "\" fill=\"none\" stroke=\"currentColor\" stroke-width=\"2.5\" stroke-linecap=\"round\"/></g>"
        case .skipped:
            out += "<path d=\"M"; c(x - r); out += " "; c(y); out += "L"; c(x + r); out += " "; c(y)
            out += "\" fill=\"none\" stroke=\"currentColor\" stroke-width=\"2.5\" stroke-linecap=\"round\"/></g>"
        case .asNeeded:
            let s = r * 0.9
            out += "<path d=\"M"; c(x); out += " "; c(y - s); out += "L"; c(x + s); out += " "; c(y); out += "L"; c(x); out += " "; c(y + s)
            out += "L"; c(x - s); out += " "; c(y); out += "Z\" fill=\"currentColor\"/></g>"
        case .notRecorded:
            out += "<circle cx=\""; c(x); out += "\" cy=\""; c(y); out += "\" r=\""; c(r - 1)
            out += "\" fill=\"none\" stroke=\"currentColor\" stroke-width=\"1.5\" stroke-dasharray=\"2 2\"/></g>"
        case .afterExport:
            let dot = max(1.2, r * 0.2), step = r * 0.65
            for dx in [-step, 0, step] {
                out += "<circle cx=\""; c(x + dx); out += "\" cy=\""; c(y); out += "\" r=\""; c(dot); out += "\" fill=\"currentColor\"/>"
            }
            out += "</g>"
        case .notScheduled:
            // A transparent hit area so the cell still has a hover title.
            out += "<rect x=\""; c(x - r); out += "\" y=\""; c(y - r); out += "\" width=\""; c(2 * r); out += "\" height=\""; c(2 * r)
            out += "\" fill=\"none\" pointer-events=\"all\"/></g>"
        }
    }
}
