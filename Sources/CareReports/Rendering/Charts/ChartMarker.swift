/// Marker shapes drawn at points and in legends; each is told apart by outline, not colour.
enum ChartMarker: Sendable, Hashable {
    case circle, square, diamond, ring, triangleUp, triangleDown

    /// The marker for the series at `index` (cycles every four series).
    static func forSeries(_ index: Int) -> ChartMarker {
        [.circle, .square, .diamond, .ring][index % 4]
    }

    /// The shape name written as a `marker-…` class.
    var className: String {
        switch self {
        case .circle: "marker-circle"
        case .square: "marker-square"
        case .diamond: "marker-diamond"
        case .ring: "marker-ring"
        case .triangleUp: "marker-high"
        case .triangleDown: "marker-low"
        }
    }

    /// An SVG element for the shape centred on (`x`, `y`) with half-size `r`, classed `classes`,
    /// with `title` as a hover/tooltip child when given.
    func svg(x: Double, y: Double, r: Double, classes: String, title: String? = nil) -> String {
        var out = ""
        svg(x: x, y: y, r: r, classes: classes, title: title, into: &out)
        return out
    }

    /// ``svg(x:y:r:classes:title:)`` appended to `out` (a chart writes one per point: no string of its own each).
    func svg(x: Double, y: Double, r: Double, classes: String, title: String? = nil, into out: inout String) {
        func c(_ value: Double) { ChartFormat.appendCoord(value, to: &out) }
        let tag: String
        switch self {
        case .circle, .ring: tag = "circle"
        case .square: tag = "rect"
        case .diamond, .triangleUp, .triangleDown: tag = "path"
        }
        out += "<"
        out += tag
        out += " class=\"chart-marker "
        out += className
        if !classes.isEmpty {
            out += " "
            out += classes
        }
        out += "\""
        switch self {
        case .circle:
            out += " cx=\""; c(x); out += "\" cy=\""; c(y); out += "\" r=\""; c(r); out += "\" fill=\"currentColor\""
        case .ring:
            out += " cx=\""; c(x); out += "\" cy=\""; c(y); out += "\" r=\""; c(r * 0.9); out += "\" fill=\"none\" stroke=\"currentColor\" stroke-width=\"2\""
        case .square:
            let s = r * 0.9
            out += " x=\""; c(x - s); out += "\" y=\""; c(y - s); out += "\" width=\""; c(2 * s); out += "\" height=\""; c(2 * s); out += "\" fill=\"currentColor\""
        case .diamond:
            let s = r * 1.25
            out += " d=\"M"; c(x); out += " "; c(y - s); out += "L"; c(x + s); out += " "; c(y); out += "L"; c(x); out += " "; c(y + s)
            out += "L"; c(x - s); out += " "; c(y); out += "Z\" fill=\"currentColor\""
        case .triangleUp:
            let s = r * 1.35
            out += " d=\"M"; c(x); out += " "; c(y - s); out += "L"; c(x + s); out += " "; c(y + s * 0.75); out += "L"; c(x - s); out += " "; c(y + s * 0.75)
            out += "Z\" fill=\"currentColor\" stroke=\"currentColor\" stroke-width=\"1\""
        case .triangleDown:
            let s = r * 1.35
            out += " d=\"M"; c(x); out += " "; c(y + s); out += "L"; c(x + s); out += " "; c(y - s * 0.75); out += "L"; c(x - s); out += " "; c(y - s * 0.75)
            out += "Z\" fill=\"currentColor\" stroke=\"currentColor\" stroke-width=\"1\""
        }
        guard let title else {
            out += "/>"
            return
        }
        out += "><title>"
        out += ChartFormat.escape(title)
        out += "</title></"
        out += tag
        out += ">"
    }
}
