/// The advance-care and discharge documents (a living will, a DNR order, a discharge summary as a
/// PDF) the viewer may see, linked from the visit summary and the home page, not only from the week
/// they were filed in.
public struct KeyDocumentView: Sendable, Encodable {
    public let title: String
    /// "advance directive" or "discharge document", in the reader's language.
    public let kind: String
    public let when: String
    public let attachments: [AttachmentView]
}

/// Finds the key documents: a document record with a file, whose codes (the document's type, as
/// the source gave it) or title say it is an advance directive or a discharge document.
public enum KeyDocuments {
    /// LOINC document types of advance care planning.
    static let advanceCareCodes: Set<String> = [
        "42348-3", "75320-2", "64298-3", "86533-7", "92664-2", "93037-0", "100821-8", "81351-9", "78823-2",
    ]
    /// LOINC document types of discharge summaries and instructions.
    static let dischargeCodes: Set<String> = ["18842-5", "11490-0", "28655-9", "34105-7", "34745-0", "8650-4", "34106-5"]
    static let advanceCareWords = [
        "advance directive", "advance care", "living will", "power of attorney", "do not resuscitate", "dnr", "polst", "molst",
        "voluntades anticipadas", "instrucciones previas",
    ]
    static let dischargeWords = ["discharge", "informe de alta", "alta hospitalaria"]

    enum Kind { case advanceCare, discharge }

    /// What a document is, from its codes, else its title; nil for any other document.
    static func kind(codings: [Coding], title: String) -> Kind? {
        let loinc = codings.filter { $0.system == "http://loinc.org" || $0.system == "urn:oid:2.16.840.1.113883.6.1" }.map(\.code)
        if loinc.contains(where: advanceCareCodes.contains) { return .advanceCare }
        if loinc.contains(where: dischargeCodes.contains) { return .discharge }
        let words = title.lowercased().split { !$0.isLetter }.joined(separator: " ")
        if advanceCareWords.contains(where: { " \(words) ".contains(" \($0) ") }) { return .advanceCare }
        if dischargeWords.contains(where: { " \(words) ".contains(" \($0) ") }) { return .discharge }
        return nil
    }

    /// The key documents with files, newest first.
    public static func views(_ context: ReportContext) -> [KeyDocumentView] {
        let found = context.records.healthRecords.compactMap { record -> (HealthRecord, Kind)? in
            guard case .document(let document) = record.data, document.labReport == nil, !record.attachments.isEmpty,
                let kind = kind(codings: record.codings, title: record.title)
            else { return nil }
            return (record, kind)
        }
        let ordered = found.sorted {
            ($0.0.date.resolved(in: context.timeZone), $0.0.id) > ($1.0.date.resolved(in: context.timeZone), $1.0.id)
        }
        return ordered.map { record, kind in
            KeyDocumentView(
                title: record.title,
                kind: kind == .advanceCare ? context.words.t("advance directive") : context.words.t("discharge document"),
                when: context.format.day(context.day(record.date)), attachments: AttachmentView.views(record.attachments, context))
        }
    }
}
