/// Deterministic text and number formatting shared by the chart renderers (no locale, no `-0`).
enum ChartFormat {
    /// `value` with exactly `decimals` digits after the point (0…6), rounded half away from zero.
    static func fixed(_ value: Double, decimals: Int) -> String {
        guard value.isFinite else { return "0" }
        let d = max(0, min(decimals, 6))
        var scale: Int64 = 1
        for _ in 0..<d { scale *= 10 }
        let clamped = min(max(value, -1e12), 1e12)
        let n = Int64((clamped.magnitude * Double(scale)).rounded(.toNearestOrAwayFromZero))
        var s = clamped < 0 && n != 0 ? "-" : ""
        s += String(n / scale)
        if d > 0 {
            let frac = String(n % scale)
            s += "." + String(repeating: "0", count: d - frac.count) + frac
        }
        return s
    }

    /// `value` rounded to a whole number within 0…`limit` (NaN counts as 0): a checked Double-to-Int,
    /// so no reading, however large, stops the program.
    static func count(_ value: Double, atMost limit: Int) -> Int {
        guard value.isFinite else { return value == .infinity ? limit : 0 }
        return Int(min(max(value.rounded(), 0), Double(limit)))
    }

    /// An SVG coordinate: at most two decimals, trailing zeros dropped.
    /// The same text as `fixed(value, decimals: 2)` with the zeros cut, made without the
    /// intermediate strings (a chart writes thousands of them).
    static func coord(_ value: Double) -> String {
        var s = ""
        appendCoord(value, to: &s)
        return s
    }

    /// ``coord(_:)`` appended to `out` in one piece: its characters are written right to left into
    /// a buffer on the stack (sign, at most 13 whole digits, point and two decimals fit in 24 bytes).
    static func appendCoord(_ value: Double, to out: inout String) {
        guard value.isFinite else {
            out += "0"
            return
        }
        let clamped = min(max(value, -1e12), 1e12)
        let n = Int64((clamped.magnitude * 100).rounded(.toNearestOrAwayFromZero))
        var buffer: (UInt64, UInt64, UInt64) = (0, 0, 0)
        withUnsafeMutableBytes(of: &buffer) { bytes in
            var start = bytes.count
            func put(_ byte: UInt8) {
                start -= 1
                bytes[start] = byte
            }
            let cents = n % 100
            if cents != 0 {
                if cents % 10 != 0 { put(UInt8(truncatingIfNeeded: cents % 10) + 0x30) }
                put(UInt8(truncatingIfNeeded: cents / 10) + 0x30)
                put(UInt8(ascii: "."))
            }
            var whole = n / 100
            repeat {
                put(UInt8(truncatingIfNeeded: whole % 10) + 0x30)
                whole /= 10
            } while whole > 0
            if clamped < 0 && n != 0 { put(UInt8(ascii: "-")) }
            out += String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start...]), as: UTF8.self)
        }
    }

    /// The fewest decimals (0…`limit`) that show every value in `values` without rounding.
    static func decimalsNeeded<S: Sequence>(_ values: S, limit: Int = 2) -> Int where S.Element == Double {
        var needed = 0
        for v in values where v.isFinite {
            var d = needed
            while d < limit {
                var p = 1.0
                for _ in 0..<d { p *= 10 }
                let scaled = v * p
                if (scaled - scaled.rounded()).magnitude < 1e-6 * max(1, scaled.magnitude) { break }
                d += 1
            }
            needed = max(needed, d)
        }
        return needed
    }

    /// Escapes text for XML/HTML content and attribute values (the project's one escaping).
    static func escape(_ text: String) -> String { HTMLEscaping.escape(text) }

    /// An id safe to use in XML and CSS: letters, digits, `-` and `_`, starting with a letter.
    static func identifier(_ raw: String) -> String {
        var s = String(raw.unicodeScalars.map { scalar -> Character in
            let ok = scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "-" || scalar == "_")
            return ok ? Character(scalar) : "-"
        })
        if s.isEmpty || !(s.unicodeScalars.first!.properties.isAlphabetic) { s = "chart-" + s }
        return s
    }

    /// A rough width of `text` in user units at `fontSize` (no font metrics are available).
    static func estimatedWidth(_ text: String, fontSize: Double) -> Double {
        Double(text.count) * fontSize * 0.56
    }

    /// `text` cut with "…" so its estimated width fits `width`.
    static func truncate(_ text: String, toWidth width: Double, fontSize: Double) -> String {
        guard estimatedWidth(text, fontSize: fontSize) > width else { return text }
        let keep = max(1, Int(width / (fontSize * 0.56)) - 1)
        return String(text.prefix(keep)) + "…"
    }
}
