import CLibXML2

/// C-CDA sections that hold only narrative (`text` and no `entry`): kept as plain text, as written
/// in the source document, for the visit summary.
extension CCDAReader {
    /// True (and the record made) when the section is narrative only and has text.
    mutating func readNarrative(_ section: CCDANode, name: String?) -> Bool {
        guard section.children("entry").isEmpty, section.children("component").isEmpty,
            let text = section.child("text"), let markup = Self.markup(text)
        else { return false }
        let paragraphs = NarrativeText.paragraphs(ofMarkup: markup)
        guard !paragraphs.isEmpty, let date = documentDate else { return false }
        let title = section.child("title")?.text ?? name ?? "Section"
        records.append(ImportedRecord(
            id: makeID(section, kind: "section"), title: title, date: date,
            data: .document(HealthDocument(kind: .other, narrative: paragraphs))))
        return true
    }

    /// The element serialised as XML, for `NarrativeText` to reduce to text.
    private static func markup(_ node: CCDANode) -> String? {
        guard let buffer = xmlBufferCreate() else { return nil }
        defer { xmlBufferFree(buffer) }
        guard xmlNodeDump(buffer, node.pointer.pointee.doc, node.pointer, 0, 0) >= 0, let content = xmlBufferContent(buffer) else { return nil }
        return String(cString: content)
    }
}
