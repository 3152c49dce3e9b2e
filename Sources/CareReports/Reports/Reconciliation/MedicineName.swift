import Foundation

/// A medicine's name taken apart the way RxNorm builds its names (docs/reconciliation.md, "Matching"):
/// `metformin hydrochloride 500 MG Oral Tablet`, `atorvastatin 20 MG Oral Tablet [Lipitor]`,
/// `lisinopril 10 MG / hydrochlorothiazide 12.5 MG Oral Tablet`, `24 HR metformin hydrochloride
/// 500 MG Extended Release Oral Tablet`; a family's "Metformin" or "Nitrofurantoin (macrocrystals)"
/// with its strength and form in fields of their own. The ingredients, without their salt words,
/// tell one medicine from another; the salts and the form are kept to say when two names of the
/// same ingredient may still be different products.
public struct MedicineName: Sendable, Hashable {
    /// The base ingredients, lowercased, salt words removed, sorted: ["metformin"].
    public let ingredients: [String]
    /// The salt and qualifier words the name states ("hydrochloride", "macrocrystals"); empty when none.
    public let salts: Set<String>
    /// The dose form without the route ("tablet", "extended release tablet"); nil when not stated.
    public let form: String?
    /// The strength of a single-ingredient name, per unit of form (500 mg); nil when not stated.
    public let strength: Quantity?
    /// The brand in brackets (`[Lipitor]` → "lipitor"); nil when none.
    public let brand: String?

    /// The ingredients joined: the key two medicines match on.
    public var key: String { ingredients.joined(separator: " + ") }

    public init(_ medication: Medication) {
        var text = medication.name.lowercased()
        var brand: String?
        if let open = text.firstIndex(of: "["), let close = text[open...].firstIndex(of: "]") {
            brand = Self.words(String(text[text.index(after: open)..<close])).joined(separator: " ")
            text.removeSubrange(open...close)
        }
        var salts: Set<String> = []
        // "(macrocrystals)", "(as sodium)": a qualifier of the ingredient, never an ingredient.
        while let open = text.firstIndex(of: "("), let close = text[open...].firstIndex(of: ")") {
            salts.formUnion(Self.words(String(text[text.index(after: open)..<close])))
            text.removeSubrange(open...close)
        }
        var formWords: [String] = []
        var ingredients: [String] = []
        var strength: Quantity?
        let parts = text.components(separatedBy: " / ")
        for (position, part) in parts.enumerated() {
            var words = Self.words(part)
            // "24 HR" / "12 HR" before an RxNorm extended-release name is its release, not a strength.
            if words.count > 2, Double(words[0]) != nil, ["hr", "hour"].contains(words[1]) { words.removeFirst(2) }
            let firstNumber = words.firstIndex { Double($0) != nil }
            let nameWords = firstNumber.map { Array(words[..<$0]) } ?? words
            var base: [String] = []
            for word in nameWords {
                if Self.saltWords.contains(word) { salts.insert(word) } else { base.append(word) }
            }
            // "sodium chloride": a name of salt words alone is the ingredient itself.
            if base.isEmpty, !nameWords.isEmpty { base = nameWords; salts.subtract(nameWords) }
            if !base.isEmpty { ingredients.append(base.joined(separator: " ")) }
            if let firstNumber, let value = Double(words[firstNumber]) {
                var rest = Array(words[(firstNumber + 1)...])
                let unit = rest.first.map { $0 } ?? ""
                if !unit.isEmpty { rest.removeFirst() }
                if parts.count == 1 { strength = Quantity(value: value, unit: unit) }
                if position == parts.count - 1 { formWords = rest }
            }
        }
        if ingredients.isEmpty { ingredients = [Self.words(text).joined(separator: " ")] }
        let statedForm = Self.form(formWords) ?? medication.form.flatMap { Self.form(Self.words($0.lowercased())) }
        self.ingredients = ingredients.sorted()
        self.salts = salts
        self.form = statedForm
        self.brand = brand
        self.strength = strength ?? medication.strength.flatMap(Self.quantity)
    }

    /// The name's words: letters, digits and the decimal point; "/ML" stays with its unit.
    static func words(_ text: String) -> [String] {
        text.split { !($0.isLetter || $0.isNumber || $0 == "." || $0 == "/" || $0 == "-") }.map(String.init).filter { $0 != "/" && $0 != "-" }
    }

    /// "500 mg" → 500 mg; nil for text that is not a number and a unit.
    static func quantity(_ text: String) -> Quantity? {
        let words = Self.words(text.lowercased())
        guard let first = words.first, let value = Double(first) else { return nil }
        return Quantity(value: value, unit: words.dropFirst().first ?? "")
    }

    /// The form words without the route ("oral", "topical" …): "oral tablet" → "tablet".
    static func form(_ words: [String]) -> String? {
        let kept = words.filter { !routeWords.contains($0) }
        return kept.isEmpty ? nil : kept.joined(separator: " ")
    }

    /// Salt and hydrate words of RxNorm ingredient names (USP salt nomenclature): a name with
    /// one and a name without it are the same ingredient; two different ones may be different products.
    static let saltWords: Set<String> = [
        "hydrochloride", "hcl", "dihydrochloride", "hydrobromide", "sodium", "potassium", "calcium", "magnesium", "sulfate", "sulphate",
        "bisulfate", "succinate", "tartrate", "bitartrate", "maleate", "mesylate", "besylate", "besilate", "fumarate", "citrate", "acetate",
        "phosphate", "bromide", "chloride", "hyclate", "monohydrate", "dihydrate", "trihydrate", "anhydrous", "macrocrystals",
        "monohydrate/macrocrystals", "lactate", "gluconate", "carbonate", "nitrate", "propionate", "dipropionate", "valerate",
        "furoate", "xinafoate", "trometamol", "tromethamine", "disodium", "erbumine", "arginine",
    ]

    /// Route words RxNorm puts into dose forms.
    static let routeWords: Set<String> = [
        "oral", "topical", "ophthalmic", "otic", "nasal", "rectal", "vaginal", "transdermal", "inhalant", "sublingual", "buccal",
        "injectable", "subcutaneous", "intravenous", "intramuscular", "mouth", "by",
    ]
}
