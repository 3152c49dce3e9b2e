import Foundation

extension WeeklySummaryBuilder {
    /// The medicines whose sources disagree (docs/reconciliation.md, docs/thresholds.md): a
    /// medicine the document stops or holds but the family still gives, or a dose that differs,
    /// may need a call today; a new medicine never given, or one the document leaves off, comes
    /// next. The comparison is of now, so it is said in the week of today and in the last complete
    /// week (the digest's), never in older weeks.
    func reconciliationItems(_ week: ISOWeek) -> [WeeklySummary.Attention] {
        let thisWeek = ISOWeek(containing: context.today)
        guard week == thisWeek || week == thisWeek.previous, let reconciliation = MedicationReconciliation(context) else { return [] }
        let wording = ReconciliationWording(context: context, medications: MedicationPageBuilder(context: context, links: links))
        return reconciliation.attention.map { medicine in
            let name = wording.medications.displayName(medicine.primary.medication)
            let text = context.words.t("{medicine}: {verdict}. {evidence}", [
                "medicine": name, "verdict": wording.label(medicine), "evidence": wording.evidence(medicine).joined(separator: " ")])
            var item = WeeklySummary.Attention(
                symbol: ReconciliationWording.symbol(medicine.verdict), kind: context.words.t("Medicines compared"), text: text,
                link: links.medication(medicine.primary.record.id))
            item.tier = medicine.tier ?? .abnormal
            return item
        }
    }
}
