/// The `<svg>` wrapper shared by all charts: accessible name, scaling and inherited font.
enum ChartSVG {
    /// Opening tag plus `<title>` and `<desc>`, labelled by both.
    static func open(id: String, kind: String, width: Double, height: Double, fontSize: Double, title: String, description: String) -> String {
        let c = ChartFormat.coord
        let e = ChartFormat.escape
        return """
        <svg xmlns="http://www.w3.org/2000/svg" class="chart \(kind)" id="\(id)" role="img" \
        aria-labelledby="\(id)-title \(id)-desc" viewBox="0 0 \(c(width)) \(c(height))" width="100%" \
        preserveAspectRatio="xMidYMid meet" style="max-width:36rem;height:auto;font-family:inherit" \
        font-family="inherit" font-size="\(c(fontSize))">
        <title id="\(id)-title">\(e(title))</title>
        <desc id="\(id)-desc">\(e(description))</desc>

        """
    }

    /// A whole SVG that says `message` in place of a chart.
    static func empty(id: String, kind: String, title: String, description: String, message: String) -> String {
        let width = 440.0, height = 64.0, font = 14.0
        return open(id: id, kind: kind + " chart-empty", width: width, height: height, fontSize: font, title: title, description: description + " " + message)
            + "<rect class=\"chart-empty-frame\" x=\"1\" y=\"1\" width=\"438\" height=\"62\" rx=\"6\" fill=\"none\" stroke=\"currentColor\" stroke-opacity=\"0.4\" stroke-dasharray=\"4 4\"/>\n"
            + "<text class=\"chart-text chart-empty-label\" x=\"220\" y=\"37\" text-anchor=\"middle\" fill=\"currentColor\">\(ChartFormat.escape(ChartFormat.truncate(message, toWidth: 420, fontSize: font)))</text>\n</svg>"
    }

    /// Text with the given class, position and anchor.
    static func text(_ s: String, x: Double, y: Double, anchor: String = "start", classes: String, size: Double? = nil) -> String {
        let c = ChartFormat.coord
        let sizeAttr = size.map { " font-size=\"\(c($0))\"" } ?? ""
        return "<text class=\"chart-text \(classes)\" x=\"\(c(x))\" y=\"\(c(y))\" text-anchor=\"\(anchor)\"\(sizeAttr) fill=\"currentColor\">\(ChartFormat.escape(s))</text>"
    }

    /// Places items of the given widths left to right, wrapping within `width`; returns each item's (x, row).
    static func flow(widths: [Double], start: Double, width: Double, gap: Double) -> [(x: Double, row: Int)] {
        var out: [(Double, Int)] = []
        var x = start, row = 0
        for w in widths {
            if x > start && x + w > width { x = start; row += 1 }
            out.append((x, row))
            x += w + gap
        }
        return out
    }
}
