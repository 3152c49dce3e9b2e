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
        let c = ChartFormat.coord
        let cls = "class=\"chart-marker \(className)\(classes.isEmpty ? "" : " " + classes)\""
        let open: String
        switch self {
        case .circle:
            open = "<circle \(cls) cx=\"\(c(x))\" cy=\"\(c(y))\" r=\"\(c(r))\" fill=\"currentColor\""
        case .ring:
            open = "<circle \(cls) cx=\"\(c(x))\" cy=\"\(c(y))\" r=\"\(c(r * 0.9))\" fill=\"none\" stroke=\"currentColor\" stroke-width=\"2\""
        case .square:
            let s = r * 0.9
            open = "<rect \(cls) x=\"\(c(x - s))\" y=\"\(c(y - s))\" width=\"\(c(2 * s))\" height=\"\(c(2 * s))\" fill=\"currentColor\""
        case .diamond:
            let s = r * 1.25
            open = "<path \(cls) d=\"M\(c(x)) \(c(y - s))L\(c(x + s)) \(c(y))L\(c(x)) \(c(y + s))L\(c(x - s)) \(c(y))Z\" fill=\"currentColor\""
        case .triangleUp:
            let s = r * 1.35
            open = "<path \(cls) d=\"M\(c(x)) \(c(y - s))L\(c(x + s)) \(c(y + s * 0.75))L\(c(x - s)) \(c(y + s * 0.75))Z\" fill=\"currentColor\" stroke=\"currentColor\" stroke-width=\"1\""
        case .triangleDown:
            let s = r * 1.35
            open = "<path \(cls) d=\"M\(c(x)) \(c(y + s))L\(c(x + s)) \(c(y - s * 0.75))L\(c(x - s)) \(c(y - s * 0.75))Z\" fill=\"currentColor\" stroke=\"currentColor\" stroke-width=\"1\""
        }
        guard let title else { return open + "/>" }
        let tag = open.hasPrefix("<circle") ? "circle" : open.hasPrefix("<rect") ? "rect" : "path"
        return open + "><title>\(ChartFormat.escape(title))</title></\(tag)>"
    }
}
