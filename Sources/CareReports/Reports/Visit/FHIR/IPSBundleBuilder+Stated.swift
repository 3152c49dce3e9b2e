import Foundation

/// What an allergy, problem or immunisation states beyond its name, written as stated (issue 30):
/// reactions with their codes and severity, notes, and the clinical status in the value set of
/// the resource it is written as.
extension IPSBundleBuilder {
    /// A reaction severity FHIR knows (`mild`, `moderate`, `severe`), else nil (then kept as a note).
    static func severityCode(_ severity: String?) -> String? {
        severity.flatMap { ["mild", "moderate", "severe"].contains($0.lowercased()) ? $0.lowercased() : nil }
    }

    /// What of an allergy's reactions FHIR's `reaction` cannot hold, as notes: a severity in words
    /// FHIR does not code ("moderate to severe": "Hives: moderate to severe"), and a severity with no
    /// manifestation (a reaction needs one), such as one stated for the allergy as a whole.
    func reactionNotes(_ allergy: Observation) -> [String] {
        allergy.reactions.compactMap { reaction in
            guard let severity = reaction.severity else { return nil }
            if reaction.manifestation == nil && reaction.codings.isEmpty {
                return context.words.t("severity of the allergy as a whole: {severity}", ["severity": ObservationWording.severity(severity, context.words)])
            }
            guard Self.severityCode(severity) == nil else { return nil }
            return "\(reaction.manifestation ?? ""): \(severity)"
        }
    }

    /// An AllergyIntolerance's clinical status: the allergy value set has only active, inactive and
    /// resolved, so a relapse or recurrence is active and a remission inactive; none stated is active.
    static func allergyStatus(_ status: Observation.ClinicalStatus?) -> String {
        switch status ?? .active {
        case .active, .recurrence, .relapse: "active"
        case .inactive, .remission: "inactive"
        case .resolved: "resolved"
        }
    }

    /// The reaction: its manifestations in the words shown on the page, with every code the source
    /// gave for them, and its severity.
    func reaction(_ allergy: Observation) -> JSONValue? {
        let written = allergy.reactions.filter { $0.manifestation != nil || !$0.codings.isEmpty }.map { reaction in
            FHIRJSON.object([
                ("manifestation", .array([FHIRJSON.concept(reaction.manifestation, given: reaction.codings)])),
                ("severity", FHIRJSON.string(Self.severityCode(reaction.severity))),
            ])
        }
        return written.isEmpty ? nil : .array(written)
    }

    /// The medicines of imported documents stopped before the period (not `stopped`, which are those
    /// stopped in it), by name: the native export's own are summarised by the period alone.
    func stoppedBeforeThePeriod(besides written: [DoseHistory.Chain]) -> [DoseHistory.Chain] {
        var listed = Set(written.flatMap(\.recordIds))
        // A compared medicine is written once: none of its sources' orders again.
        var medicines = Set<String>()
        for chain in written {
            if let medicine = summary.reconciliation?.medicine(containing: chain.latest.record.id) {
                medicine.statements.forEach { listed.formUnion($0.chain.recordIds) }
                medicines.insert(medicine.key)
            }
        }
        return summary.medications.doseHistory.chains.filter { chain in
            let (record, medication) = chain.latest
            guard medication.status == .stopped, record.importedFrom != nil, !listed.contains(record.id) else { return false }
            guard let medicine = summary.reconciliation?.medicine(containing: record.id) else { return true }
            return medicines.insert(medicine.key).inserted
        }
        .sorted { $0.latest.medication.name.lowercased() < $1.latest.medication.name.lowercased() }
    }

    /// Every code the sources of a compared medicine gave, the latest orders' first, each once; the
    /// family's RxNorm code where its records give no other.
    static func codings(of medicine: ReconciledMedicine) -> [Coding] {
        var found: [Coding] = []
        for statement in medicine.statements {
            var codes = codings(of: statement.chain)
            if codes.isEmpty, let rxnorm = statement.medication.rxnorm {
                codes = [Coding(system: FHIRJSON.rxnorm, code: rxnorm, display: statement.medication.name)]
            }
            for coding in codes where !found.contains(where: { $0.system == coding.system && $0.code == coding.code }) { found.append(coding) }
        }
        return found
    }

    /// Every code the orders of one medicine gave, the latest order's first, each once.
    static func codings(of chain: DoseHistory.Chain) -> [Coding] {
        var found: [Coding] = []
        for order in chain.orders.reversed() {
            for coding in order.record.codings where !found.contains(coding) { found.append(coding) }
        }
        return found
    }

    /// Annotations, one for each note as written.
    func notes(_ texts: [String]) -> JSONValue {
        .array(texts.map { FHIRJSON.object([("text", .string($0))]) })
    }
}
