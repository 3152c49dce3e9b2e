import Foundation

/// Dates a FHIR resource says are unknown: an absent element whose `_element` carries the
/// `data-absent-reason` extension is "date unknown", never the document's date.
extension FHIRBundleReader {
    /// "Date unknown" (filed under the document's day, never shown as it) when one of `nodes` is
    /// absent and its `_element` carries a `data-absent-reason` extension; nil otherwise, or when
    /// the document gives no day to file it under.
    func unknownDate(_ entry: FHIREntry, _ nodes: [FHIRNode]) -> CareDate? {
        func absent(_ node: FHIRNode) -> Bool {
            node["extension"].elements.contains { $0["url"].rawString == "http://hl7.org/fhir/StructureDefinition/data-absent-reason" }
        }
        let stated = nodes.contains { node in
            // A Period that says its date is unknown (on itself, or on its start) is unknown, not absent.
            if node.isPresent { return node.object != nil && !node["start"].isPresent && (absent(node) || absent(node["_start"])) }
            guard let key = node.path.split(separator: ".").last, !key.contains("[") else { return false }
            return absent(entry["_" + key])
        }
        guard stated, let filed = documentDate ?? lastUpdated() else { return nil }
        return .unknown(filedOn: filed.localDay(in: TimeZone(secondsFromGMT: 0)!))
    }

    /// A date the resource gives only in words (`occurrenceString`, `performedString`,
    /// `onsetString` without a data-absent-reason): kept as written, never turned into a day.
    func dateInWords(_ entry: FHIREntry, _ key: String) -> String? {
        guard let text = entry[key].rawString, unknownDate(entry, statedAsText: key) == nil else { return nil }
        return text
    }

    /// "Date unknown", filed by the document's date: the date of a record whose source gives none,
    /// or gives it only in words.
    func unknownFiledByDocument() -> CareDate? {
        (documentDate ?? lastUpdated()).map { .unknown(filedOn: $0.localDay(in: TimeZone(secondsFromGMT: 0)!)) }
    }

    /// "Date unknown" for a date given as text with a `data-absent-reason` on it (an Immunization's
    /// `occurrenceString`, as carereport's own IPS writes an unknown date so that the required
    /// `occurrence[x]` has a value); nil otherwise.
    func unknownDate(_ entry: FHIREntry, statedAsText key: String) -> CareDate? {
        let stated = entry["_" + key]["extension"].elements.contains {
            $0["url"].rawString == "http://hl7.org/fhir/StructureDefinition/data-absent-reason"
        }
        guard stated, let filed = documentDate ?? lastUpdated() else { return nil }
        return .unknown(filedOn: filed.localDay(in: TimeZone(secondsFromGMT: 0)!))
    }
}
