import Foundation

/// Tests that would share a name though their codes differ ("Glucose" in urine and in serum) get
/// their specimen in the name: "Glucose (urine)", "Glucose (serum or plasma)". Applied to one
/// imported document's lab reports; a name no other test shares stays as the source wrote it.
enum LabSpecimenNames {
    /// The specimen a LOINC-style name states ("Glucose [Mass/volume] in Urine by Test strip" → "urine"); nil when none.
    static func fromName(_ name: String?) -> String? {
        guard let name else { return nil }
        let lower = name.lowercased()
        guard let range = lower.range(of: " in ", options: .backwards) else { return nil }
        var rest = lower[range.upperBound...]
        for stop in [" by ", " --", " (", ",", " ["] {
            if let end = rest.range(of: stop) { rest = rest[..<end.lowerBound] }
        }
        let specimen = rest.trimmingCharacters(in: .whitespaces)
        return known.contains(specimen) ? specimen : nil
    }

    /// The specimens a LOINC system axis names, as carereport puts them in a test's name.
    static let known: Set<String> = [
        "urine", "serum", "plasma", "serum or plasma", "blood", "arterial blood", "venous blood", "capillary blood",
        "cerebral spinal fluid", "stool", "saliva", "sweat", "body fluid", "synovial fluid", "pleural fluid",
        "peritoneal fluid", "urine sediment", "24 hour urine", "bld", "ser/plas", "ser", "plas", "urine by test strip",
    ]

    /// `records` with the specimen added to the name of every result whose name another test in
    /// the document shares under another code; `specimen` gives a result's specimen (by name and code).
    static func apply(_ records: [ImportedRecord], specimen: (String, String?) -> String?) -> [ImportedRecord] {
        var codes: [String: Set<String>] = [:]
        for record in records {
            guard case .document(let document) = record.data, let report = document.labReport else { continue }
            for result in report.results { codes[result.name.lowercased(), default: []].insert(result.loinc ?? "") }
        }
        let shared = Set(codes.filter { $0.value.count > 1 }.keys)
        guard !shared.isEmpty else { return records }
        return records.map { record in
            guard case .document(let document) = record.data, let report = document.labReport,
                report.results.contains(where: { shared.contains($0.name.lowercased()) })
            else { return record }
            let results = report.results.map { result -> LabResult in
                guard shared.contains(result.name.lowercased()), let taken = specimen(result.name, result.loinc) else { return result }
                return result.renamed("\(result.name) (\(taken))")
            }
            let renamed = LabReport(
                laboratory: report.laboratory, orderedBy: report.orderedBy, collectedAt: report.collectedAt, reportedAt: report.reportedAt,
                status: report.status, panel: report.panel, results: results, conclusion: report.conclusion,
                resultsNotIncluded: report.resultsNotIncluded, grouped: report.grouped)
            return ImportedRecord(
                id: record.id, title: record.title, description: record.description, date: record.date,
                data: .document(HealthDocument(
                    kind: document.kind, labReport: renamed, narrative: document.narrative, notShown: document.notShown,
                    plainText: document.plainText, otherPatientRecords: document.otherPatientRecords)),
                attachments: record.attachments, codings: record.codings)
        }
    }
}

extension LabResult {
    /// The same result under another name.
    func renamed(_ name: String) -> LabResult {
        LabResult(
            name: name, loinc: loinc, value: value, comparator: comparator, unit: unit, referenceRange: referenceRange, flag: flag,
            note: note, codings: codings, interpretation: interpretation, status: status, date: date, stated: stated)
    }
}
