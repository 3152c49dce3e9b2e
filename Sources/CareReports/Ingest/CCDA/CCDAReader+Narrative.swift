import CLibXML2

/// C-CDA sections that hold only narrative (`text` and no `entry`): kept as plain text, as written
/// in the source document, for the visit summary.
extension CCDAReader {
    /// True (and the record made) when the section is narrative only and has text.
    mutating func readNarrative(_ section: CCDANode, name: String?) -> Bool {
        guard section.children("entry").isEmpty, section.children("component").isEmpty else { return false }
        return keepNarrative(section, title: section.child("title")?.text ?? name) != nil
    }

    /// The section's own narrative kept as a record titled by the section's title (else `title`);
    /// its id, or nil when the section has no text or the document no date.
    mutating func keepNarrative(_ section: CCDANode, title: String?) -> String? {
        guard let text = section.child("text"), let markup = Self.markup(text) else { return nil }
        let paragraphs = NarrativeText.paragraphs(ofMarkup: markup)
        guard !paragraphs.isEmpty, let date = documentDate else { return nil }
        let id = makeID(section, kind: "section")
        // The section's own code is kept, so the IPS written out names the section as the source did.
        records.append(ImportedRecord(
            id: id, title: section.child("title")?.text ?? title ?? "Section", date: date,
            data: .document(HealthDocument(kind: .other, narrative: paragraphs)), codings: codings(section.child("code"))))
        return id
    }

    /// The element serialised as XML, for `NarrativeText` to reduce to text.
    private static func markup(_ node: CCDANode) -> String? {
        guard let buffer = xmlBufferCreate() else { return nil }
        defer { xmlBufferFree(buffer) }
        guard xmlNodeDump(buffer, node.pointer.pointee.doc, node.pointer, 0, 0) >= 0, let content = xmlBufferContent(buffer) else { return nil }
        return String(cString: content)
    }
}
