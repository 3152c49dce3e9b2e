import Foundation

/// The countable units of a dose ("2 puffs", "1 tablet"), written in the model as UCUM annotations
/// (`{puff}`) so pages word them in the reader's language; and how importers find one when the
/// dose quantity gives no unit: the administration unit, the dose form, or the medicine's name.
public enum DoseUnits {
    /// A countable unit of a dose.
    public enum Countable: String, Sendable, CaseIterable {
        case tablet, capsule, puff, spray, drop, patch, suppository, lozenge, sachet, injection, dose

        /// `{tablet}`: how the model writes it.
        public var annotation: String { "{\(rawValue)}" }
    }

    /// The countable unit a dose unit names (`{tablet}`, `{tbl}`, `tablet`, `puffs`, `TAB`); nil for any other unit.
    public static func countable(_ unit: String) -> Countable? {
        var text = unit.trimmingCharacters(in: .whitespaces).lowercased()
        if text.hasPrefix("{"), text.hasSuffix("}") { text = String(text.dropFirst().dropLast()) }
        // SNOMED CT / EDQM displays: "Tablet (unit of presentation)".
        if let open = text.range(of: " (unit of presentation)") ?? text.range(of: " (qualifier value)") { text = String(text[..<open.lowerBound]) }
        return synonyms[text]
    }

    static let synonyms: [String: Countable] = {
        var table: [String: Countable] = [:]
        for kind in Countable.allCases {
            table[kind.rawValue] = kind
            table[kind.rawValue + "s"] = kind
        }
        for (text, kind) in [
            ("tbl", Countable.tablet), ("tab", .tablet), ("tabs", .tablet), ("tablet(s)", .tablet), ("cap", .capsule), ("caps", .capsule),
            ("capsule(s)", .capsule), ("inhalation", .puff), ("inhalations", .puff), ("actuation", .puff), ("actuations", .puff),
            ("puff(s)", .puff), ("gtt", .drop), ("gtts", .drop), ("drop(s)", .drop), ("patches", .patch), ("supp", .suppository),
            ("suppositories", .suppository), ("spray(s)", .spray), ("dose(s)", .dose),
        ] { table[text] = kind }
        return table
    }()

    /// The countable unit of a dose form or a medicine's name ("Oral Tablet", "Metered Dose
    /// Inhaler", "albuterol 90 MCG/ACTUAT Inhalation Spray"): the last form word it ends with.
    public static func fromForm(_ text: String?) -> Countable? {
        guard let text = text?.lowercased() else { return nil }
        let forms: [(String, Countable)] = [
            ("tablet", .tablet), ("tablets", .tablet), ("caplet", .tablet), ("capsule", .capsule), ("capsules", .capsule),
            ("inhaler", .puff), ("inhalation spray", .puff), ("inhalation powder", .puff), ("inhalation aerosol", .puff),
            ("metered dose inhaler", .puff), ("nasal spray", .spray), ("transdermal system", .patch), ("transdermal patch", .patch),
            ("patch", .patch), ("suppository", .suppository), ("rectal suppository", .suppository), ("lozenge", .lozenge),
            ("prefilled syringe", .injection), ("auto-injector", .injection), ("pen injector", .injection),
            ("ophthalmic solution", .drop), ("eye drops", .drop), ("otic solution", .drop),
        ]
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines.union(CharacterSet(charactersIn: "]).")))
        return forms.filter { trimmed.hasSuffix($0.0) }.max { $0.0.count < $1.0.count }?.1
    }

    /// The word right after the dose's number in an order's text ("Take 2 puffs twice a day" → puff); nil when it names no countable unit.
    public static func fromText(_ text: String?, value: Double) -> Countable? {
        guard let text else { return nil }
        let tokens = text.lowercased().split(whereSeparator: { $0.isWhitespace || $0 == "," || $0 == ";" })
        for (index, token) in tokens.enumerated() where index + 1 < tokens.count {
            guard let number = Double(token), number == value else { continue }
            if let kind = countable(String(tokens[index + 1])) { return kind }
        }
        return nil
    }

    /// The NCI Thesaurus unit-of-presentation codes C-CDA writes in `administrationUnitCode`
    /// (the NCPDP/NCI quantity-unit list): C48542 Tablet, C48480 Capsule, C48501 Inhalation, C65060
    /// Puff, C48537 Spray, C48491 Metric Drop, C48524 Patch, C48539 Suppository, C48506 Lozenge.
    /// Any other code (C62412 Applicator, C48536 Scoopful) is no countable unit here: the entry's
    /// own words are read instead, never a unit it does not name.
    public static func nci(_ code: String?) -> Countable? {
        switch code {
        case "C48542": .tablet
        case "C48480": .capsule
        case "C48501", "C65060": .puff
        case "C48537": .spray
        case "C48491": .drop
        case "C48524": .patch
        case "C48539": .suppository
        case "C48506": .lozenge
        default: nil
        }
    }
}
