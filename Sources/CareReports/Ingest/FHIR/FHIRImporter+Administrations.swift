import Foundation

/// MedicationAdministrations: each attached to the order or statement it names (else the one of the
/// same medicine nearest its date), and the orders finished with their dose logs.
extension FHIRBundleReader {
    func attachAdministration(_ entry: FHIREntry) {
        var candidates: [Int] = []
        if hasReference(entry["request"]) {
            if let target = resolve(entry["request"]) {
                candidates = medicationDrafts.indices.filter { medicationDrafts[$0].entryIndex == target.index }
            }
        }
        if candidates.isEmpty, entry["medicationReference"].isPresent {
            if let target = resolve(entry["medicationReference"]) {
                candidates = medicationDrafts.indices.filter { medicationDrafts[$0].medicationEntry == target.index }
                if candidates.isEmpty {
                    let keys = codeKeys(target["code"])
                    candidates = medicationDrafts.indices.filter { !medicationDrafts[$0].codeKeys.isDisjoint(with: keys) }
                }
            }
        }
        if candidates.isEmpty, entry["medicationCodeableConcept"].isPresent {
            let keys = codeKeys(entry["medicationCodeableConcept"])
            candidates = medicationDrafts.indices.filter { !medicationDrafts[$0].codeKeys.isDisjoint(with: keys) }
            if candidates.isEmpty, let text = entry["medicationCodeableConcept"]["text"].rawString?.lowercased() {
                candidates = medicationDrafts.indices.filter { medicationDrafts[$0].medication.name.lowercased() == text }
            }
        }
        guard !candidates.isEmpty else {
            let node = hasReference(entry["request"]) ? entry["request"] : entry.resource
            diagnostics.drop(node, "no MedicationRequest or MedicationStatement in this bundle matches this administration; dose not imported")
            return
        }
        let when = firstDate([entry["effectiveDateTime"], entry["effectivePeriod"]])?.date
        let target = pick(candidates, at: when)
        var status = Administration.Status.taken
        var reason: String?
        switch diagnostics.string(entry["status"]) {
        case "not-done":
            status = .skipped
            reason = entry["statusReason"].elements.lazy.compactMap { self.conceptText($0) }.first
        default: break
        }
        let doseNode = entry["dosage"]["dose"]
        let dose = doseNode.isPresent ? quantity(doseNode, .optional).map { Quantity(value: $0.value, unit: $0.unit) } : nil
        let recordedBy = entry["performer"].elements.lazy.compactMap { self.displayName($0["actor"]) }.first
        let note = entry["note"].elements.lazy.compactMap { self.diagnostics.string($0["text"]) }.first
        medicationDrafts[target].administrations.append(Administration(
            scheduledAt: status == .skipped ? when : nil, takenAt: status == .taken ? when : nil, status: status,
            dose: dose, recordedBy: recordedBy, reason: reason, note: note))
    }

    private func codeKeys(_ concept: FHIRNode) -> Set<String> {
        Set(concept["coding"].elements.compactMap { coding -> String? in
            guard let code = coding["code"].rawString else { return nil }
            return (coding["system"].rawString ?? "") + "|" + code
        })
    }

    /// Of several orders for the same medication, the latest one started by `date`, else the first.
    private func pick(_ candidates: [Int], at date: CareDate?) -> Int {
        guard let date, candidates.count > 1 else { return candidates[0] }
        let utc = TimeZone(identifier: "UTC")!
        let moment = date.resolved(in: utc)
        let started = candidates.filter { medicationDrafts[$0].medication.startDate.resolved(in: utc) <= moment }
        return started.max { medicationDrafts[$0].medication.startDate.resolved(in: utc) < medicationDrafts[$1].medication.startDate.resolved(in: utc) }
            ?? candidates[0]
    }

    func finishMedications() {
        let (kept, dropped) = mergedMedicationDrafts()
        if let first = dropped.first {
            diagnostics.warning(
                at: entries[first.entryIndex].resource.path,
                "the same medicine (same code or name, start day and dose) is stated twice; merged into one medicine with both sources (\(dropped.count) merged)")
        }
        for draft in dropped {
            ledger.merged[draft.entryIndex] = kept.first { subjects[$0.slot] == subjects[draft.slot] && Self.sameMedicine($0, draft) }?.id
        }
        for draft in kept {
            let m = draft.medication
            let log = draft.administrations.sorted {
                let utc = TimeZone(identifier: "UTC")!
                let a = ($0.takenAt ?? $0.scheduledAt)?.resolved(in: utc) ?? .distantPast
                let b = ($1.takenAt ?? $1.scheduledAt)?.resolved(in: utc) ?? .distantPast
                return a < b
            }
            let medication = m.with(administrations: log)
            slots[draft.slot] = ImportedRecord(
                id: draft.id, title: draft.title, date: m.startDate, data: .medication(medication), codings: draft.codings)
        }
    }
}
