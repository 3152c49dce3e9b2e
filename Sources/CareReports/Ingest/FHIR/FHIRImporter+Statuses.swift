/// Codes, statuses, criticality and notes as a FHIR resource states them (issue 30): nothing
/// rewritten, nothing guessed.
extension FHIRBundleReader {
    /// The element holding the code of each kind of resource read as a clinical record.
    static let codeKey: [String: String] = [
        "Immunization": "vaccineCode", "MedicationStatement": "medicationCodeableConcept", "MedicationRequest": "medicationCodeableConcept",
    ]

    /// Every coding of a CodeableConcept as stated (system, code, display), in the source's order.
    func codings(_ concept: FHIRNode) -> [Coding] {
        concept["coding"].elements.compactMap { coding in
            guard let code = coding["code"].rawString, !code.isEmpty else { return nil }
            return Coding(system: coding["system"].rawString, code: code, display: coding["display"].rawString)
        }
    }

    /// A clinical status as stated (`active`, `recurrence`, `relapse`, `inactive`, `remission`, `resolved`).
    func clinicalStatus(_ concept: FHIRNode) -> Observation.ClinicalStatus? {
        let code = concept["coding"].elements.first?["code"].rawString ?? concept["text"].rawString
        return code.flatMap { Observation.ClinicalStatus(rawValue: $0.lowercased()) }
    }

    /// A verification status as stated; refuted and entered-in-error entries are never read this far.
    func verificationStatus(_ concept: FHIRNode) -> Observation.VerificationStatus? {
        let code = concept["coding"].elements.first?["code"].rawString ?? concept["text"].rawString
        return code.flatMap { Observation.VerificationStatus(rawValue: $0.lowercased()) }
    }

    func criticality(_ node: FHIRNode) -> Observation.Criticality? {
        diagnostics.string(node).flatMap { Observation.Criticality(rawValue: $0) }
    }

    /// The resource's `note` texts, as written.
    func notes(_ entry: FHIREntry) -> [String] {
        entry["note"].elements.compactMap { diagnostics.string($0["text"]) }
    }
}
