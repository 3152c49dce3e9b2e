import Foundation

/// One medicine compared across the sources that state it (docs/reconciliation.md): the family's
/// statement with its dose log, the document the comparison is made against (the newest whose
/// medication list the reader may see), older documents, and the verdict with its evidence.
public struct ReconciledMedicine: Sendable {
    /// The verdicts of a comparison; `same` covers a medicine stopped in both; `olderListOnly` a
    /// medicine only an older document names (neither the newest list nor the family's).
    public enum Verdict: String, Sendable, Hashable, CaseIterable {
        case same, differs, newInDocument, notOnDocument, stoppedButGiven, olderListOnly
    }

    /// The family's doses taken after a day: how many, the first and the last.
    public struct Given: Sendable, Hashable {
        public let count: Int
        public let first: Date?
        public let last: Date?
        static let none = Given(count: 0, first: nil, last: nil)
    }

    public let key: String
    public let family: SourceStatement?
    /// The statement of the document compared against; nil when its list does not name the medicine.
    public let document: SourceStatement?
    /// The document compared against (its list may not name the medicine).
    public let against: SourceDocument
    /// What older documents state of it, newest first.
    public let older: [SourceStatement]
    public let verdict: Verdict
    /// Doses the family logged as taken after the document's day (after its stop day when it stops the medicine).
    public let given: Given
    /// The family's latest dose taken, any date.
    public let lastGiven: Date?
    /// True when the doses were compared (both state an amount).
    public let doseCompared: Bool
    /// The two names when they share the ingredient but state different salts or forms.
    public let uncertain: (String, String)?
    /// The family's latest change when it is later than the document's day: the list is older than it.
    public let changeAfterDocument: (day: LocalDate, change: DoseHistory.Change)?

    /// Every statement, the family's first.
    public var statements: [SourceStatement] { [family, document].compactMap { $0 } + older }

    /// The statement that stands for the medicine on a page: the family's, else the document's, else the newest older one.
    public var primary: SourceStatement { family ?? document ?? older[0] }

    /// True for a medicine current in some source, or still given: a row of the comparison;
    /// otherwise it is stopped everywhere and listed with the stopped medicines.
    public var isCurrent: Bool {
        [family, document].compactMap { $0 }.contains { $0.medication.status != .stopped } || given.count > 0
            || (verdict == .olderListOnly && older.contains { $0.medication.status != .stopped })
    }

    /// What may need a call today (docs/thresholds.md): a medicine the document stops or holds
    /// that is still given, or a dose that differs, unless the family's change is later than the
    /// list; what comes next: a new medicine never given, one the document leaves off.
    public var tier: Triage? {
        switch verdict {
        case .stoppedButGiven: return changeAfterDocument == nil ? .callToday : .abnormal
        case .differs: return changeAfterDocument == nil ? .callToday : .abnormal
        case .newInDocument: return given.count == 0 ? .abnormal : nil
        case .notOnDocument: return .abnormal
        case .same: return uncertain == nil || !isCurrent ? nil : .abnormal
        case .olderListOnly: return nil
        }
    }
}
