import Foundation

extension VisitSummaryBuilder {
    /// An allergy's detail as the document states it: the reaction, its severity, the criticality
    /// (kept beside a severity, never folded into it) and a verification that is not "confirmed".
    func allergyDetail(_ allergy: Observation) -> String {
        (ObservationWording.reactions(allergy, context.words) + [
            allergy.onset == nil ? allergy.facts?.statedDate.map { context.words.t("onset as stated: {date}", ["date": $0]) } : nil,
            allergy.criticality.map { ObservationWording.criticality($0, context.words) },
            allergy.verificationStatus.flatMap { ObservationWording.verification($0, context.words) },
        ].compactMap { $0 }).joined(separator: ", ")
    }

    /// A problem's status in its own words when it is more than plainly active or resolved
    /// ("recurrence", "in remission", "inactive"), with a verification that is not "confirmed".
    func statusWords(_ condition: Observation) -> String? {
        let status = condition.clinicalStatus.flatMap { $0 == .active ? nil : ObservationWording.status($0, context.words) }
        let verification = condition.verificationStatus.flatMap { ObservationWording.verification($0, context.words) }
        let words = [status, verification].compactMap { $0 }
        return words.isEmpty ? nil : words.joined(separator: ", ")
    }
}
