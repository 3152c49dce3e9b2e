extension VisitSummaryBuilder {
    /// The narrative-only sections and plain-text documents of the imported documents the viewer
    /// may see (the context holds only those), newest document first, in the document's own order
    /// within one.
    func narratives() -> [VisitSummary.Narrative] {
        let records = context.records.healthRecords.enumerated().compactMap { position, record -> (Int, HealthRecord, [String], String?)? in
            guard case .document(let document) = record.data else { return nil }
            if let text = document.plainText { return (position, record, [], text) }
            guard let paragraphs = document.narrative, !paragraphs.isEmpty else { return nil }
            return (position, record, paragraphs, nil)
        }
        let ordered = records.sorted {
            let (a, b) = ($0.1.date.resolved(in: context.timeZone), $1.1.date.resolved(in: context.timeZone))
            return a != b ? a > b : $0.0 < $1.0
        }
        return ordered.map { _, record, paragraphs, text in
            let origin = [record.importedFrom, context.format.date(record.date)].compactMap { $0 }.joined(separator: ", ")
            var narrative = VisitSummary.Narrative(
                title: record.title, source: context.words.t("As written in the source document ({origin})", ["origin": origin]), paragraphs: paragraphs)
            narrative.text = text
            narrative.codings = record.codings
            return narrative
        }
    }
}
