/// Composition sections that hold only narrative (`text.div` and no entry): kept as plain text,
/// as written in the source document, for the visit summary. An allergies, problems, medications
/// or immunisations section with no entry and an `emptyReason` states an absence: "No known …"
/// for `nilknown`, else "No information about …".
extension FHIRBundleReader {
    static let sectionTopics: [String: AbsenceStatement.Topic] = [
        "48765-2": .allergies, "11450-4": .problems, "10160-0": .medications, "11369-6": .immunizations,
    ]

    func readNarrativeSections() {
        guard let composition = entries.first(where: { $0.type == "Composition" && !$0.isContained }) else { return }
        for section in composition["section"].elements { readNarrative(section, parent: nil) }
        showUnreadEntriesAsWritten()
    }

    /// A section whose entries were not all read keeps its narrative for them (see `FHIRImporter+Ledger`).
    private func showUnreadEntriesAsWritten() {
        let known = ledgerIndex()
        for (section, title, _, references) in compositionSections() {
            let unread = references.compactMap(\.index).filter {
                if case .unread = outcome(of: $0, primary: nil, known).0 { return true }
                return false
            }
            guard !unread.isEmpty, let div = section["text"]["div"].rawString, let date = documentDate else { continue }
            let paragraphs = NarrativeText.paragraphs(ofMarkup: div)
            guard !paragraphs.isEmpty else { continue }
            let id = uniqueId("section-\(slots.count + 1)")
            ledger.current = nil
            append(ImportedRecord(
                id: id, title: title ?? "Section", date: date, data: .document(HealthDocument(kind: .other, narrative: paragraphs)),
                codings: codings(section["code"])))
            for index in unread { ledger.asWritten[index] = id }
        }
    }

    private func readNarrative(_ section: FHIRNode, parent: String?) {
        let title = diagnostics.string(section["title"]) ?? conceptText(section["code"]).map(Self.title)
        let subsections = section["section"].elements
        for subsection in subsections { readNarrative(subsection, parent: title ?? parent) }
        if section["entry"].elements.isEmpty, subsections.isEmpty, section["emptyReason"].isPresent,
            let topic = code(section["code"], system: Self.loincSystem).flatMap({ Self.sectionTopics[$0] })
        {
            let noneKnown = codes(section["emptyReason"]).contains("nilknown")
            guard let date = documentDate else {
                diagnostics.warning(section, "a section's emptyReason with no document date (Bundle.timestamp or Composition.date); not imported")
                return
            }
            let absence = AbsenceStatement.generic(topic, noneKnown ? .noneKnown : .noInformation)
            append(ImportedRecord(
                id: uniqueId("section-\(slots.count + 1)"), title: absence.title, date: date, data: .observation(Observation(absence: absence))))
            return
        }
        guard section["entry"].elements.isEmpty, subsections.isEmpty,
            let div = section["text"]["div"].rawString
        else { return }
        let paragraphs = NarrativeText.paragraphs(ofMarkup: div)
        guard !paragraphs.isEmpty else { return }
        guard let date = documentDate else {
            diagnostics.warning(section, "narrative section with no document date (Bundle.timestamp or Composition.date); not imported")
            return
        }
        let name = [parent, title].compactMap { $0 }.joined(separator: ": ")
        append(ImportedRecord(
            id: uniqueId("section-\(slots.count + 1)"), title: name.isEmpty ? "Section" : name, date: date,
            data: .document(HealthDocument(kind: .other, narrative: paragraphs)), codings: codings(section["code"])))
    }
}
