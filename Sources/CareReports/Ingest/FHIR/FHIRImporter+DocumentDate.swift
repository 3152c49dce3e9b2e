import Foundation

/// The date a FHIR document speaks for (`ImportedDocument.date`): `Bundle.timestamp`, else its
/// Composition's `date`, else the newest `meta.lastUpdated` of its resources.
extension FHIRBundleReader {
    /// The first Composition's `date`.
    func compositionDate() -> CareDate? {
        for entry in entries where entry.type == "Composition" && !entry.isContained {
            if let date = FHIRDate.parse(entry["date"].rawString ?? ""), PlausibleDate.problem(date, after: nil) == nil { return date }
        }
        return nil
    }

    /// The newest `meta.lastUpdated` of the resources, for a document that gives no date of its own.
    func lastUpdated() -> CareDate? {
        let zone = TimeZone(identifier: "UTC")!
        return entries.compactMap { FHIRDate.parse($0["meta"]["lastUpdated"].rawString ?? "") }
            .filter { PlausibleDate.problem($0, after: nil) == nil }
            .max { $0.resolved(in: zone) < $1.resolved(in: zone) }
    }
}
