import Foundation

/// A QR code drawn as one SVG path, a run of dark modules per row a rectangle, on white with the
/// 4-module quiet zone the standard asks for. Its printed size is the style sheet's (`.share-qr`).
public enum QRCodeSVG {
    public static let quietZone = 4

    /// The `<svg>` element; `label` is its accessible name (escaped here).
    public static func svg(_ code: QRCode, label: String) -> String {
        let side = code.size + 2 * quietZone
        var path = ""
        for row in 0..<code.size {
            var column = 0
            while column < code.size {
                guard code.isDark(row: row, column: column) else { column += 1; continue }
                let start = column
                while column < code.size, code.isDark(row: row, column: column) { column += 1 }
                path += "M\(start + quietZone) \(row + quietZone)h\(column - start)v1h-\(column - start)z"
            }
        }
        return "<svg class=\"share-qr\" xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 \(side) \(side)\" role=\"img\" aria-label=\"\(escaped(label))\" shape-rendering=\"crispEdges\">"
            + "<rect width=\"\(side)\" height=\"\(side)\" fill=\"#fff\"/><path fill=\"#000\" d=\"\(path)\"/></svg>"
    }

    static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "\"", with: "&quot;")
            .replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
    }
}
