import Foundation

/// Statements of the same medicine across sources (docs/reconciliation.md, "Matching"): the same
/// RxNorm code, or the same ingredients once salt words, strength, form and route are set apart; a
/// brand stated in brackets in one source ("[Lipitor]") names its ingredient in every source.
struct MedicineGroups {
    /// Each group's statements, at most one per source: of two names of one product in a source,
    /// the one with the latest order, the other in a group of its own (never dropped); a source's
    /// scheduled and as-needed orders are kept apart.
    let groups: [[SourceStatement]]

    init(_ sources: [[SourceStatement]]) {
        var brands: [String: String] = [:]
        for statement in sources.joined() {
            if let brand = statement.name.brand { brands[brand] = statement.name.key }
        }
        let key = { (statement: SourceStatement) in brands[statement.name.key] ?? statement.name.key }
        // Union of statements sharing a key or an RxNorm code.
        let all = Array(sources.joined())
        var parent = Array(all.indices)
        func root(_ i: Int) -> Int { var i = i; while parent[i] != i { parent[i] = parent[parent[i]]; i = parent[i] }; return i }
        var byKey: [String: Int] = [:]
        var byCode: [String: Int] = [:]
        for (index, statement) in all.enumerated() {
            // A name that names nothing (empty, or the importer's "not named in the document") matches by code only.
            let named = !Self.unnamed.contains(key(statement))
            let links = (named ? [byKey[key(statement)]] : []) + statement.rxnormCodes.sorted().map { byCode[$0] }
            for other in links.compactMap({ $0 }) { parent[root(index)] = root(other) }
            if named { byKey[key(statement)] = byKey[key(statement)] ?? index }
            for code in statement.rxnormCodes { byCode[code] = byCode[code] ?? index }
        }
        var grouped: [Int: [SourceStatement]] = [:]
        var order: [Int] = []
        for index in all.indices {
            let r = root(index)
            if grouped[r] == nil { order.append(r) }
            grouped[r, default: []].append(all[index])
        }
        var groups: [[SourceStatement]] = []
        for r in order {
            // One statement per source and use (scheduled or as needed); a source's second statement of
            // the same ingredient and use (two names of one product) yields to its latest order.
            var kept: [SourceStatement] = []
            var apart: [SourceStatement] = []
            for statement in grouped[r]! {
                guard let at = kept.firstIndex(where: { $0.source == statement.source }) else { kept.append(statement); continue }
                // A source's scheduled and as-needed orders of one ingredient are two medicines.
                if kept[at].medication.asNeeded != statement.medication.asNeeded { apart.append(statement); continue }
                // Two names of one product in a source: the latest order is compared, the other has its own row.
                if statement.medication.startDate.resolved(in: .gmt) > kept[at].medication.startDate.resolved(in: .gmt) {
                    apart.append(kept[at])
                    kept[at] = statement
                } else {
                    apart.append(statement)
                }
            }
            apart.forEach { groups.append([$0]) }
            groups.append(kept)
        }
        self.groups = groups
    }

    /// Keys that name no ingredient.
    static let unnamed: Set<String> = ["", MedicineName(Medication(name: FHIRBundleReader.unnamedMedication, startDate: .unknown(filedOn: LocalDate(daysSinceEpoch: 0)))).key]

    /// True when two names of one ingredient may still be different products: both state a salt
    /// and the salts differ, or both state a form and the forms differ.
    static func uncertain(_ a: MedicineName, _ b: MedicineName) -> Bool {
        if !a.salts.isEmpty, !b.salts.isEmpty, a.salts != b.salts { return true }
        if let x = a.form, let y = b.form, x != y { return true }
        return false
    }
}
