import Foundation

/// One medicine stated twice in a bundle (a MedicationRequest and a MedicationStatement of the
/// same drug on the same day, as portals export them) is one medicine: drafts with a code in
/// common (or the same Medication, or the same name without case and spacing), the same start day
/// and the same dose (or no dose on one of them) are merged. The merged medicine keeps the
/// better-named source's name (a text or display over a name made from a bare code such as
/// "NDC 69230014620"), each field from the first source that states it, and both dose logs.
extension FHIRBundleReader {
    /// The drafts with duplicates merged into the first of each group; the merged-away ones are returned in `dropped`.
    func mergedMedicationDrafts() -> (kept: [FHIRMedicationDraft], dropped: [FHIRMedicationDraft]) {
        var kept: [FHIRMedicationDraft] = []
        var dropped: [FHIRMedicationDraft] = []
        for draft in medicationDrafts {
            // Only one patient's statements are merged: each record keeps its own subject.
            if let index = kept.firstIndex(where: { subjects[$0.slot] == subjects[draft.slot] && Self.sameMedicine($0, draft) }) {
                kept[index] = Self.merge(kept[index], draft)
                dropped.append(draft)
            } else {
                kept.append(draft)
            }
        }
        return (kept, dropped)
    }

    static func normalizedName(_ name: String) -> String {
        name.lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    static func sameMedicine(_ a: FHIRMedicationDraft, _ b: FHIRMedicationDraft) -> Bool {
        let (m, n) = (a.medication, b.medication)
        let sameDrug = !a.codeKeys.isDisjoint(with: b.codeKeys) || (a.medicationEntry != nil && a.medicationEntry == b.medicationEntry)
            || normalizedName(m.name) == normalizedName(n.name) || sameOrderNamedByCode(m, n)
        // A planned, not-taken or unknown statement is never one medicine with one in use.
        guard sameDrug, m.asNeeded == n.asNeeded, m.isNotInUse == n.isNotInUse else { return false }
        let utc = TimeZone(identifier: "UTC")!
        guard m.startDate.localDay(in: utc) == n.startDate.localDay(in: utc) else { return false }
        if let x = m.dose, let y = n.dose, x.value != y.value || x.unit.lowercased() != y.unit.lowercased() { return false }
        return true
    }

    /// One of them named only by a bare code of another system (an NDC the other does not give),
    /// stated at the same instant with the same dose and the same frequency: the same order
    /// written twice, as portals write a request and a statement ("NDC 69230014620" and Ibuprofen
    /// 400 MG every 8 hours). Both must state the dose and the frequency; nothing is guessed.
    static func sameOrderNamedByCode(_ m: Medication, _ n: Medication) -> Bool {
        guard isCodeName(m.name) != isCodeName(n.name), let x = m.dose, let y = n.dose, x.value == y.value,
            let f = m.frequency, let g = n.frequency, f == g, m.startDate == n.startDate
        else { return false }
        return true
    }

    /// True for a name made from a bare code ("NDC 69230014620", "RxNorm 197361") or the stand-in for an unnamed medicine.
    static func isCodeName(_ name: String) -> Bool {
        if name == unnamedMedication { return true }
        // The fallback of `CodeNames`: the system in words, a space, the code.
        guard let space = name.lastIndex(of: " ") else { return false }
        let code = name[name.index(after: space)...]
        return codeNameSystems.contains(String(name[..<space])) && !code.isEmpty && code.allSatisfy { $0.isNumber || $0 == "-" }
    }

    static let codeNameSystems: Set<String> = ["NDC", "RxNorm", "SNOMED CT", "ATC", "CVX", "LOINC"]

    static func merge(_ first: FHIRMedicationDraft, _ second: FHIRMedicationDraft) -> FHIRMedicationDraft {
        let (a, b) = (first.medication, second.medication)
        let named = isCodeName(a.name) && !isCodeName(b.name) ? second : first
        let medication = Medication(
            name: named.medication.name, strength: a.strength ?? b.strength, dose: a.dose ?? b.dose, form: a.form ?? b.form,
            route: a.route ?? b.route, schedule: a.schedule ?? b.schedule, frequency: a.frequency ?? b.frequency, asNeeded: a.asNeeded,
            maxDailyDoses: a.maxDailyDoses ?? b.maxDailyDoses, startDate: a.startDate, endDate: a.endDate ?? b.endDate, status: a.status,
            prescriber: a.prescriber ?? b.prescriber, reason: a.reason ?? b.reason, instructions: a.instructions ?? b.instructions,
            rxnorm: a.rxnorm ?? b.rxnorm, administrations: a.administrations + b.administrations, list: a.list ?? b.list,
            doseHigh: a.dose != nil ? a.doseHigh : b.doseHigh, moreDosages: a.moreDosages.isEmpty ? b.moreDosages : a.moreDosages,
            intent: a.intent ?? b.intent, draft: a.draft, statusReason: a.statusReason ?? b.statusReason,
            startIsAuthored: a.startIsAuthored)
        var merged = FHIRMedicationDraft(
            slot: first.slot, entryIndex: first.entryIndex, id: first.id, title: named.title, medication: medication,
            medicationEntry: first.medicationEntry ?? second.medicationEntry, codeKeys: first.codeKeys.union(second.codeKeys),
            // Every code either source states, each once: a merge never loses a code.
            codings: first.codings + second.codings.filter { !first.codings.contains($0) })
        merged.administrations = first.administrations + second.administrations
        merged.sources = first.sources + second.sources
        return merged
    }
}
