import Testing

@testable import CareReports

/// Lab units as a family reads them: UCUM codes from real reports shown in the usual notation.
@Suite("Lab units for display")
struct LabUnitTextTests {
    @Test(
        "UCUM codes seen in the sample, Synthea, IPS and C-CDA documents",
        arguments: [
            ("10*3/uL", "×10³/µL"), ("10*6/uL", "×10⁶/µL"), ("10*9/L", "×10⁹/L"), ("10*12/L", "×10¹²/L"),
            ("mL/min/1.73m2", "mL/min/1.73 m²"), ("mL/min/{1.73_m2}", "mL/min/1.73 m²"), ("ml/min/1,73m2", "ml/min/1,73 m²"),
            ("kg/m2", "kg/m²"), ("mm[Hg]", "mmHg"), ("[IU]/L", "IU/L"), ("u[IU]/mL", "µIU/mL"), ("ug/dL", "µg/dL"),
            ("umol/L", "µmol/L"), ("{beats}/min", "beats/min"), ("Cel", "°C"), ("[degF]", "°F"),
        ])
    func ucumCodes(code: String, shown: String) {
        #expect(LabUnitText.display(code) == shown)
    }

    @Test(
        "ordinary units are left as they are",
        arguments: ["mg/dL", "mmol/L", "U/L", "%", "g/dL", "mg/L", "/min", "ng/mL", "pg/mL", "units/L", "mmHg", "µmol/L"])
    func ordinaryUnits(unit: String) {
        #expect(LabUnitText.display(unit) == unit)
    }

    @Test("a unit returned as written is one the rewriting leaves unchanged (random units over the characters it reads)")
    func shownAsWrittenOnlyWhenNothingToRewrite() {
        let pieces = ["u", "m", "2", "/", "g", "L", "l", "I", "U", "{", "}", "[", "]", "*", "^", "1", "0", "3", "_", "Hg", "°", "µ", "mm", "dL", ".", "-", "é", "\u{301}"]
        var generator = MarkdownTestRandom(seed: 34)
        var units = ["mmHg", "mg/dL", "/min", "%", "um", "m2", "mg/m2", "u/L", "L/u", "1.73m2", "m2/u", "mu", "2m", "m2x", "/m2", "uL/"]
        for _ in 0..<5_000 {
            units.append(generator.string(from: pieces, length: Int.random(in: 1...6, using: &generator)))
        }
        for unit in units {
            let text = unit.trimmingSpaces()
            guard !text.isEmpty, !(text.hasPrefix("{") && text.hasSuffix("}")), text != "Cel", text != "[degF]", text != "1" else { continue }
            #expect(LabUnitText.display(unit) == LabUnitText.rewritten(text), "\(unit)")
        }
    }

    @Test("UCUM's unity is no unit a reader sees: INR 1.1, never 1.1 1")
    func unityIsNotShown() {
        #expect(LabUnitText.display("1") == "" && LabUnitText.display(" 1 ") == "")
        #expect(LabUnitText.display("10*3/uL") != "")
    }

    @Test("an annotation alone is a count, shown without a unit; nothing stays nothing")
    func annotationsAndEmpty() {
        #expect(LabUnitText.display("{score}") == "")
        #expect(LabUnitText.display("") == "")
        #expect(LabUnitText.display(nil) == "")
    }

    @Test("a value with its unit in words ({score} is points); without a unit, the value alone")
    func valueWithUnit() {
        #expect(LabUnitText.value(LabResult(name: "WBC", value: .number(11.8), unit: "10*3/uL")) == "11.8 ×10³/µL")
        #expect(LabUnitText.value(LabResult(name: "PHQ-9", value: .number(12), unit: "{score}")) == "12 points")
        #expect(LabUnitText.value(LabResult(name: "Ratio", value: .number(2), unit: "{ratio}")) == "2")
        #expect(LabUnitText.value(LabResult(name: "Nitrite", value: .text("Negative"))) == "Negative")
    }
}
