import Foundation

/// A lab unit as a reader expects to see it. Reports often carry UCUM codes (`10*3/uL`,
/// `mL/min/{1.73_m2}`, `mm[Hg]`, `[IU]/L`), which are exact for a machine and puzzling on a page:
/// `×10³/µL`, `mL/min/1.73 m²`, `mmHg`, `IU/L`. Only the display changes; conversions, grouping and
/// the FHIR output keep the unit as reported.
public enum LabUnitText {
    /// The unit for display in the reader's words: `points` for `{score}`, `beats/min` for
    /// `{beats}/min`; otherwise as ``display(_:)`` writes it.
    public static func display(_ unit: String?, _ words: Localizer) -> String {
        switch unit?.trimmingSpaces() {
        case "{score}", "{Score}", "{points}": words.t("points", context: "unit")
        case "{beats}/min", "{Beats}/min": words.t("beats/min", context: "unit")
        case "{breaths}/min", "{Breaths}/min": words.t("breaths/min", context: "unit")
        case "{cells}/uL", "{cells}/µL": words.t("cells/µL", context: "unit")
        case "{steps}": words.t("steps", context: "unit")
        case "{drinks}/d", "{drinks}/day": words.t("drinks a day", context: "unit")
        case "{packs}/d": words.t("packs a day", context: "unit")
        case "{times}/wk": words.t("times a week", context: "unit")
        default: display(unit)
        }
    }

    /// The unit for display; empty for a unit that is only an annotation (`{score}` is a count, not a unit).
    public static func display(_ unit: String?) -> String {
        guard let text = unit?.trimmingSpaces(), !text.isEmpty else { return "" }
        // UCUM's unity ("1", an INR or a ratio) is no unit a reader sees: "INR 1.1", never "1.1 1".
        if text == "1" { return "" }
        if text.hasPrefix("{"), text.hasSuffix("}"), !text.dropFirst().contains("{") { return "" }
        if text == "Cel" { return "°C" }
        if text == "[degF]" { return "°F" }
        return isShownAsWritten(text) ? text : rewritten(text)
    }

    /// The UCUM notation rewritten for a reader (`mm[Hg]` → `mmHg`, `10*3/uL` → `×10³/µL`): what
    /// ``display(_:)`` gives for a trimmed unit that is not an annotation alone.
    static func rewritten(_ unit: String) -> String {
        var text = unit.replacingOccurrences(of: "{1.73_m2}", with: "1.73 m²")
        text = annotationsUnwrapped(text)
        for (code, shown) in [("mm[Hg]", "mmHg"), ("[iU]", "IU"), ("[IU]", "IU"), ("[degF]", "°F")] {
            text = text.replacingOccurrences(of: code, with: shown)
        }
        text = powersOfTen(text)
        return tokens(text)
    }

    /// `12 ×10³/µL`, `7.4 mmol/L`, `Negative`: a result's value with its unit for display; a text
    /// value stands without one ("Negative", never "Negative mmol/L").
    public static func value(_ result: LabResult, _ words: Localizer = .english) -> String {
        if case .text = result.value { return LabValueText.value(result) }
        let unit = display(result.unit, words)
        return LabValueText.value(result) + (unit.isEmpty ? "" : " \(unit)")
    }

    /// True when ``display(_:)`` would give `text` back unchanged (`mmHg`, `mg/dL`, `/min`, `%`): no
    /// brace, bracket, `*` or `^`, and no `/`-separated part that starts with `u` or ends with `m2`.
    /// One pass over the bytes, so the common units skip the rewriting below.
    private static func isShownAsWritten(_ text: String) -> Bool {
        var partStart = true
        var previous: UInt8 = 0
        var beforePrevious: UInt8 = 0
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "*"), UInt8(ascii: "^"):
                return false
            case UInt8(ascii: "/"):
                if beforePrevious == UInt8(ascii: "m"), previous == UInt8(ascii: "2"), !partStart { return false }
                partStart = true
                (beforePrevious, previous) = (0, 0)
                continue
            case UInt8(ascii: "u") where partStart:
                return false
            default:
                break
            }
            partStart = false
            (beforePrevious, previous) = (previous, byte)
        }
        return !(beforePrevious == UInt8(ascii: "m") && previous == UInt8(ascii: "2"))
    }

    /// `{beats}/min` → `beats/min`: braces removed, `_` read as a space.
    private static func annotationsUnwrapped(_ text: String) -> String {
        var out = ""
        var inside = false
        for scalar in text.unicodeScalars {
            switch scalar {
            case "{": inside = true
            case "}": inside = false
            case "_" where inside: out.unicodeScalars.append(" ")
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// A leading `10*3` or `10^3` as `×10³`.
    private static func powersOfTen(_ text: String) -> String {
        let scalars = Array(text.unicodeScalars)
        guard scalars.count > 3, scalars[0] == "1", scalars[1] == "0", scalars[2] == "*" || scalars[2] == "^" else { return text }
        var index = 3
        var exponent = ""
        if index < scalars.count, scalars[index] == "-" { exponent.unicodeScalars.append("⁻"); index += 1 }
        let start = index
        while index < scalars.count, let digit = superscripts[scalars[index]] {
            exponent.unicodeScalars.append(digit)
            index += 1
        }
        guard index > start else { return text }
        var rest = ""
        rest.unicodeScalars.append(contentsOf: scalars[index...])
        return "×10" + exponent + rest
    }

    /// Each `/`-separated part: a micro prefix written `u` as `µ`, a trailing `m2` as `m²`, and a
    /// number glued to its unit (`1.73m2`) given a space.
    private static func tokens(_ text: String) -> String {
        text.split(separator: "/", omittingEmptySubsequences: false).map { part -> String in
            var token = String(part)
            if token.unicodeScalars.count > 1, token.hasPrefix("u"),
                let next = token.unicodeScalars.dropFirst().first, "gLlmIU".unicodeScalars.contains(next) {
                token = "µ" + token.dropFirst()
            }
            if token.hasSuffix("m2") {
                token = String(token.dropLast()) + "²"
                let scalars = Array(token.unicodeScalars)
                if scalars.count > 2, let last = scalars.dropLast(2).last, last.properties.numericType != nil {
                    token = String(token.dropLast(2)) + " m²"
                }
            }
            return token
        }.joined(separator: "/")
    }

    private static let superscripts: [Unicode.Scalar: Unicode.Scalar] = [
        "0": "⁰", "1": "¹", "2": "²", "3": "³", "4": "⁴", "5": "⁵", "6": "⁶", "7": "⁷", "8": "⁸", "9": "⁹",
    ]
}
