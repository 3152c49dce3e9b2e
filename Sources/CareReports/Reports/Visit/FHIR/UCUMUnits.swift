/// The UCUM code of a unit as written, where it is certain: the unit is itself one of the common
/// UCUM codes below, or one of their usual written forms (`mmHg`, `°C`, `bpm`). Anything else gets
/// no code (the unit is still written as text): a code is never guessed.
enum UCUMUnits {
    /// Common UCUM codes of laboratory results and vital signs, written exactly as UCUM spells them.
    static let codes: Set<String> = [
        "%", "/min", "mm[Hg]", "Cel", "[degF]", "kg", "g", "mg", "ug", "ng", "pg", "[lb_av]", "cm", "m", "[in_i]",
        "kg/m2", "L", "dL", "mL", "fL", "s", "min", "h", "d",
        "mg/dL", "g/dL", "g/L", "mg/L", "ug/L", "ng/L", "ug/dL", "ng/dL", "ng/mL", "pg/mL", "ug/mL", "mg/mL",
        "mmol/L", "umol/L", "nmol/L", "pmol/L", "mmol/mol", "mol/L", "meq/L",
        "U/L", "[IU]/L", "[IU]/mL", "m[IU]/L", "m[IU]/mL", "u[IU]/mL", "U/mL", "kU/L",
        "10*3/uL", "10*6/uL", "10*9/L", "10*12/L", "/uL", "/[HPF]", "/[LPF]",
        "mL/min", "mL/min/{1.73_m2}", "mm/h", "[pH]", "{ratio}", "{score}", "1",
    ]

    /// Written forms of units whose UCUM code is not the same text.
    static let aliases: [String: String] = [
        "mmhg": "mm[Hg]", "bpm": "/min", "beats/min": "/min", "breaths/min": "/min", "°c": "Cel", "°f": "[degF]",
        "lb": "[lb_av]", "lbs": "[lb_av]", "mg/dl": "mg/dL", "mmol/l": "mmol/L", "g/dl": "g/dL",
        // UCUM is case-sensitive: "mEq/L" is the usual written form of the code meq/L ("E" is exa-).
        "meq/l": "meq/L",
        "ml/min/1.73m2": "mL/min/{1.73_m2}", "ml/min/1.73 m2": "mL/min/{1.73_m2}", "ml/min/1.73m²": "mL/min/{1.73_m2}",
    ]

    /// The UCUM code for `unit`, or nil when it is not certain.
    static func code(_ unit: String) -> String? {
        if codes.contains(unit) { return unit }
        return aliases[unit.lowercased()]
    }
}
