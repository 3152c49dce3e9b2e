/// What the imported documents the viewer may see hold that carereport does not read, said on the
/// visit summary and the home page: one sentence per document, "Discharge summary (C-CDA R2.1,
/// 3 Feb 2024) also holds 2 sections not shown here: Functional Status; Social History (3)."
public enum NotShownWording {
    /// The sentences, oldest document first (the context holds only what the viewer may see).
    public static func lines(_ context: ReportContext) -> [String] {
        let records = context.records.healthRecords.filter { record in
            if case .document(let document) = record.data { return document.saysWhatIsNotShown }
            return false
        }
        let ordered = records.sorted {
            ($0.date.resolved(in: context.timeZone), $0.id) < ($1.date.resolved(in: context.timeZone), $1.id)
        }
        return ordered.flatMap { record -> [String] in
            guard case .document(let document) = record.data else { return [] }
            let origin = [record.importedFrom, context.format.day(context.day(record.date))].compactMap { $0 }.joined(separator: ", ")
            var lines: [String] = []
            if let parts = document.notShown, !parts.isEmpty {
                lines.append(context.words.n(
                    "{document} ({origin}) also holds {count} section not shown here: {sections}.",
                    "{document} ({origin}) also holds {count} sections not shown here: {sections}.",
                    count: parts.count, ["document": record.title, "origin": origin, "sections": parts.joined(separator: "; ")]))
            }
            if document.otherPatientRecords > 0 {
                lines.append(otherPatient(document.otherPatientRecords, parts: document.otherPatientParts, document: record.title, origin: origin, context.words))
            }
            return lines
        }
    }

    /// "Patient summary (FHIR R4, 8 Jan 2022) also holds 1 record about another patient, not shown here."
    static func otherPatient(_ count: Int, parts: [String], document: String, origin: String, _ words: Localizer) -> String {
        if !parts.isEmpty {
            return words.n(
                "{document} ({origin}) also holds {count} record that names another patient; it is not shown here: {records}.",
                "{document} ({origin}) also holds {count} records that name another patient; they are not shown here: {records}.",
                count: count, ["document": document, "origin": origin, "records": parts.joined(separator: "; ")])
        }
        return words.n(
            "{document} ({origin}) also holds {count} record that names another patient; it is not shown here.",
            "{document} ({origin}) also holds {count} records that name another patient; they are not shown here.",
            count: count, ["document": document, "origin": origin])
    }
}
