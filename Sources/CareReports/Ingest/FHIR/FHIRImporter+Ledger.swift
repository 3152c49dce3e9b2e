/// What each bundle entry became, for the entry ledger (``LedgerLine``): every entry of every
/// Composition section (nested too), then every bundle entry no section names, gets one outcome.
///
/// The rule for an entry that cannot be read as a structured fact is the same as C-CDA's: its
/// section's narrative (`section.text`, which an IPS section must carry) is kept, titled by the
/// section's own title, and the entry is shown there as written. Only an entry with no narrative
/// to show it by is `unread`, and its section is named on the pages by its own title.
struct FHIREntryTracker {
    /// The entry being read (records appended meanwhile were read from it).
    var current: Int?
    /// Records read from entries besides their own slot (loose lab results grouped by day).
    var shown: [Int: String] = [:]
    /// Entries read into another record, and that record's id when known.
    var merged: [Int: String?] = [:]
    var omitted: [Int: String] = [:]
    /// Entries whose resource type is not read, by type.
    var unread: [Int: String] = [:]
    /// Entries shown by their section's narrative: the narrative record's id.
    var asWritten: [Int: String] = [:]
}

/// One Composition section: its title and code, and its entries' bundle positions (nil for a
/// reference that resolves to nothing).
typealias FHIRCompositionSection = (section: FHIRNode, title: String?, code: String?, entries: [(reference: FHIRNode, index: Int?)])

/// The slots read from each entry, the report or panel record each result is read into, and
/// where each record shows: worked out once per document.
struct FHIRLedgerIndex {
    var slotsByEntry: [Int: [Int]] = [:]
    var claimedBy: [Int: String] = [:]
    var places: [String: String] = [:]
}

extension FHIRBundleReader {
    func ledgerIndex() -> FHIRLedgerIndex {
        var index = FHIRLedgerIndex()
        for (slot, entry) in slotEntries.enumerated() {
            guard let record = slots[slot] else { continue }
            index.places[record.id] = index.places[record.id] ?? LedgerPlace.of(record.data)
            guard let entry else { continue }
            index.slotsByEntry[entry, default: []].append(slot)
            let container = entries[entry]
            guard container.type == "DiagnosticReport" || container.type == "Observation" else { continue }
            let listed = (container["result"].elements + container["hasMember"].elements).compactMap { resolve($0) }
            for member in listed.flatMap({ [$0] + (isPanel($0) ? members(of: $0) : []) }) where member.index != entry {
                if index.claimedBy[member.index] == nil { index.claimedBy[member.index] = record.id }
            }
        }
        return index
    }

    /// The outcome of bundle entry `index`, as a line without its section.
    func outcome(of index: Int, primary: String?, _ known: FHIRLedgerIndex) -> (LedgerLine.Outcome, reason: String?, place: String?, record: String?) {
        let entry = entries[index]
        if let reason = ledger.omitted[index] { return (.omitted, reason, nil, nil) }
        let own = known.slotsByEntry[index] ?? []
        if let slot = own.first, let record = slots[slot] {
            if let subject = subjects[slot], subject != primary {
                return (.omitted, "names another patient than the document's", nil, nil)
            }
            return (.shown, nil, LedgerPlace.of(record.data), own.compactMap { slots[$0]?.id }.joined(separator: " "))
        }
        if let id = ledger.shown[index] { return (.shown, nil, known.places[id] ?? "results", id) }
        if let into = ledger.merged[index] { return (.merged, "the same medicine stated again", "medicines", into) }
        if let report = known.claimedBy[index] { return (.merged, "a result of the report or panel that lists it", "results", report) }
        if entry.type == "MedicationAdministration" { return (.merged, "a dose given, in its medicine's log", "medicines", nil) }
        if let id = ledger.asWritten[index] {
            return (.shown, "\(ledger.unread[index] ?? entry.type) is not a structured fact carereport reads; shown in the section's narrative as written",
                    "sections as written", id)
        }
        if entry.type == "Patient" { return (.shown, nil, "patient", nil) }
        if entry.type == "Composition" { return (.shown, nil, "document", nil) }
        if Self.supportingTypes.contains(entry.type) {
            return (.merged, "\(entry.type): read as part of the records that name it", nil, nil)
        }
        if let type = ledger.unread[index] { return (.unread, "resource type \(type) is not read", nil, nil) }
        return (.unread, "\(entry.type) not read: see the warning at \(entry.resource.path)", nil, nil)
    }

    /// Every Composition section with its entries' bundle positions (nil for a reference that
    /// resolves to nothing), nested sections after their parent.
    func compositionSections() -> [FHIRCompositionSection] {
        guard let composition = entries.first(where: { $0.type == "Composition" && !$0.isContained }) else { return [] }
        var found: [(FHIRNode, String?, String?, [(FHIRNode, Int?)])] = []
        func walk(_ sections: [FHIRNode]) {
            for section in sections {
                let code = section["code"]["coding"].elements.first?["code"].rawString
                let title = diagnostics.string(section["title"]) ?? conceptText(section["code"]).map(Self.title)
                let references = section["entry"].elements.map { ($0, resolve($0)?.index) }
                found.append((section, title, code, references))
                walk(section["section"].elements)
            }
        }
        walk(composition["section"].elements)
        return found.map { (section: $0.0, title: $0.1, code: $0.2, entries: $0.3.map { (reference: $0.0, index: $0.1) }) }
    }

    /// The ledger: each section's entries, then the bundle entries no section names.
    func ledgerLines(primary: String?, sections: [FHIRCompositionSection]) -> [LedgerLine] {
        let known = ledgerIndex()
        var lines: [LedgerLine] = []
        var named: Set<Int> = []
        for (_, title, code, references) in sections {
            for (reference, index) in references {
                let text = reference["reference"].rawString ?? reference.path
                guard let index else {
                    lines.append(LedgerLine(
                        document: diagnostics.file, sectionCode: code, sectionTitle: title, entry: text, kind: "reference",
                        outcome: .omitted, reason: "the reference names no resource in the document"))
                    continue
                }
                named.insert(index)
                let (outcome, reason, place, record) = outcome(of: index, primary: primary, known)
                lines.append(LedgerLine(
                    document: diagnostics.file, sectionCode: code, sectionTitle: title, entry: text, kind: entries[index].type,
                    outcome: outcome, reason: reason, place: place, record: record))
            }
        }
        for entry in entries where !entry.isContained && !named.contains(entry.index) {
            let (outcome, reason, place, record) = outcome(of: entry.index, primary: primary, known)
            lines.append(LedgerLine(
                document: diagnostics.file, sectionCode: nil, sectionTitle: nil, entry: entry.fullUrl ?? entry.id.map { "\(entry.type)/\($0)" } ?? "entry[\(entry.index)]",
                kind: entry.type, outcome: outcome, reason: reason, place: place, record: record))
        }
        return lines
    }

    /// The records that name another patient, by the section that lists them and their name.
    func otherSubjectParts(primary: String?, sections: [FHIRCompositionSection]) -> [String] {
        var sectionOf: [Int: String] = [:]
        for (_, title, _, references) in sections {
            for case let index? in references.map(\.index) where sectionOf[index] == nil { sectionOf[index] = title }
        }
        return slots.indices.compactMap { slot in
            guard let record = slots[slot], let subject = subjects[slot], subject != primary else { return nil }
            let section = slotEntries[slot].flatMap { sectionOf[$0] }
            return section.map { "\($0): \(record.title)" } ?? record.title
        }
    }

    /// What the pages name as not shown: each section with unread entries by its own title (and
    /// count), then the resource types no section names.
    static func notShown(_ lines: [LedgerLine]) -> [String] {
        var order: [String] = []
        var counts: [String: Int] = [:]
        for line in lines where line.outcome == .unread {
            let name = line.sectionTitle ?? line.kind
            if counts[name] == nil { order.append(name) }
            counts[name, default: 0] += 1
        }
        return order.map { counts[$0]! == 1 ? $0 : "\($0) (\(counts[$0]!))" }
    }
}
