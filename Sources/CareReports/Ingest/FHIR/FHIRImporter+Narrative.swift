/// Composition sections that hold only narrative (`text.div` and no entry): kept as plain text,
/// as written in the source document, for the visit summary.
extension FHIRBundleReader {
    func readNarrativeSections() {
        guard let composition = entries.first(where: { $0.type == "Composition" && !$0.isContained }) else { return }
        for section in composition["section"].elements { readNarrative(section, parent: nil) }
    }

    private func readNarrative(_ section: FHIRNode, parent: String?) {
        let title = diagnostics.string(section["title"]) ?? conceptText(section["code"]).map(Self.title)
        let subsections = section["section"].elements
        for subsection in subsections { readNarrative(subsection, parent: title ?? parent) }
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
            data: .document(HealthDocument(kind: .other, narrative: paragraphs))))
    }
}
