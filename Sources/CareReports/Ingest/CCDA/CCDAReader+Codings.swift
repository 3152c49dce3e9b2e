/// The codes a C-CDA element gives (its `code`/`codeSystem` and every `translation`), as stated,
/// with the code systems FHIR names by URI written so, and any other OID as `urn:oid:…`.
extension CCDAReader {
    /// FHIR's URIs for the code systems C-CDA names by OID, where the mapping is standard.
    static let codeSystemURIs: [String: String] = [
        "2.16.840.1.113883.6.96": "http://snomed.info/sct",
        "2.16.840.1.113883.6.1": "http://loinc.org",
        "2.16.840.1.113883.6.88": "http://www.nlm.nih.gov/research/umls/rxnorm",
        "2.16.840.1.113883.12.292": "http://hl7.org/fhir/sid/cvx",
        "2.16.840.1.113883.6.90": "http://hl7.org/fhir/sid/icd-10-cm",
        "2.16.840.1.113883.6.69": "http://hl7.org/fhir/sid/ndc",
        "2.16.840.1.113883.6.3": "http://hl7.org/fhir/sid/icd-10",
        "2.16.840.1.113883.6.12": "http://www.ama-assn.org/go/cpt",
        "2.16.840.1.113883.6.4": "http://www.cms.gov/Medicare/Coding/ICD10",
        // ICD-9-CM diagnoses (6.103) and procedures (6.104): FHIR names both with one URI.
        "2.16.840.1.113883.6.103": "http://hl7.org/fhir/sid/icd-9-cm",
        "2.16.840.1.113883.6.104": "http://hl7.org/fhir/sid/icd-9-cm",
        "2.16.840.1.113883.6.8": "http://unitsofmeasure.org",
        "2.16.840.1.113883.5.83": "http://terminology.hl7.org/CodeSystem/v3-ObservationInterpretation",
    ]

    /// A code system as FHIR names it: its URI for the OIDs above, else `urn:oid:` and the OID.
    static func system(ofOID oid: String?) -> String? {
        guard let oid, !oid.isEmpty else { return nil }
        return codeSystemURIs[oid] ?? "urn:oid:\(oid)"
    }

    /// The element's own code and every translation's, each with its displayName as given; a
    /// null-flavoured code (no `code` attribute) gives none.
    func codings(_ node: CCDANode?) -> [Coding] {
        guard let node else { return [] }
        var found: [Coding] = []
        for element in [node] + node.children("translation") {
            guard let code = element.value("code"), !code.isEmpty else { continue }
            let coding = Coding(system: Self.system(ofOID: element.value("codeSystem")), code: code, display: element.value("displayName"))
            if !found.contains(coding) { found.append(coding) }
        }
        return found
    }

    /// True, with a warning, for an entry (or its concern act) whose `statusCode` is `nullified`:
    /// HL7 v3's "created in error", FHIR's entered-in-error. It is left out of every output.
    mutating func isNullified(_ node: CCDANode, act: CCDANode? = nil) -> Bool {
        guard let nullified = [node, act].compactMap({ $0 }).first(where: { $0.child("statusCode")?.value("code") == "nullified" }) else {
            return false
        }
        warn(nullified.child("statusCode") ?? nullified, "statusCode is nullified (entered in error); record not imported")
        omit(node, "entered in error (statusCode nullified)")
        return true
    }
}
