import Foundation

/// The medicines of a circle compared across their sources (docs/reconciliation.md): the family's
/// medication records with their dose log against the medication list of each imported document,
/// matched by ingredient. Computed from the reader's visible records only: a reader who sees no
/// medication record of a source compares nothing from it.
public struct MedicationReconciliation: Sendable {
    /// One entry per medicine, by name.
    public let medicines: [ReconciledMedicine]
    /// The documents compared against, newest first.
    public let documents: [SourceDocument]

    /// Nil unless the family's records and at least one document's medication list hold medicines:
    /// with a single source there is nothing to compare.
    public init?(_ context: ReportContext) {
        let zone = context.timeZone
        var orders: [MedicationSource: [DoseHistory.Order]] = [:]
        for record in context.records.healthRecords {
            guard case .medication(let medication) = record.data else { continue }
            // A discharge document's admission or hospital list is not its list of current medicines.
            if medication.list == .notCurrent { continue }
            // A planned, not-taken or unknown medicine is on no source's list of medicines taken.
            if medication.isNotInUse { continue }
            orders[MedicationSource.of(record, among: context.records.sourceDocuments), default: []].append((record, medication))
        }
        guard let familyOrders = orders[.family], !familyOrders.isEmpty else { return nil }
        let documentDay = { (document: SourceDocument, orders: [DoseHistory.Order]) -> LocalDate in
            document.date.map { $0.localDay(in: zone) } ?? orders.map { $0.record.date.localDay(in: zone) }.max()!
        }
        let documents = orders.compactMap { source, list -> (SourceDocument, LocalDate)? in
            source.document.map { ($0, documentDay($0, list)) }
        }.sorted { ($1.1, $1.0.recordPrefix) < ($0.1, $0.0.recordPrefix) }
        guard let (newest, newestDay) = documents.first else { return nil }
        let statements = { (source: MedicationSource) -> [SourceStatement] in
            DoseHistory(orders[source] ?? [], timeZone: zone).chains.map {
                SourceStatement(source: source, chain: $0, name: MedicineName($0.latest.medication))
            }
        }
        let family = statements(.family)
        let byDocument = documents.map { statements(.document($0.0)) }
        let groups = MedicineGroups([family] + byDocument)
        var medicines: [ReconciledMedicine] = []
        for group in groups.groups {
            let familyOne = group.first { $0.source == .family }
            let documentOne = group.first { $0.source == .document(newest) }
            let older = documents.dropFirst().compactMap { document in group.first { $0.source == .document(document.0) } }
            medicines.append(Self.compare(
                key: group[0].name.key, family: familyOne, document: documentOne, against: newest, day: newestDay, older: older, zone: zone))
        }
        self.medicines = medicines.sorted { ($0.primary.medication.name.lowercased(), $0.key) < ($1.primary.medication.name.lowercased(), $1.key) }
        self.documents = documents.map(\.0)
    }

    /// The verdict of one medicine (docs/reconciliation.md, "Verdicts").
    static func compare(
        key: String, family: SourceStatement?, document: SourceStatement?, against: SourceDocument, day: LocalDate,
        older: [SourceStatement], zone: TimeZone
    ) -> ReconciledMedicine {
        let after = { (day: LocalDate) in family.map { given($0, after: day, zone: zone) } ?? .none }
        var givenAfter = after(day)
        let familyGives = family.map { $0.isActive } ?? false
        let verdict: ReconciledMedicine.Verdict
        var compared = false
        if let document, document.medication.status != .active {
            // Stopped or held: the doses after the day it stopped (else the document's day).
            let stop = document.medication.endDate.map { $0.localDay(in: zone) } ?? day
            givenAfter = after(max(stop, day))
            verdict = givenAfter.count > 0 ? .stoppedButGiven : .same
        } else if let document {
            if let family, familyGives || givenAfter.count > 0 {
                let (a, b) = (DoseComparison(family.medication, name: family.name), DoseComparison(document.medication, name: document.name))
                compared = a.comparable(with: b)
                verdict = a.differs(from: b) ? .differs : .same
            } else {
                verdict = .newInDocument
            }
        } else if family == nil {
            verdict = .olderListOnly
        } else {
            // Not on the list: said when the family still gives it; a medicine stopped in both is agreed.
            verdict = familyGives || givenAfter.count > 0 ? .notOnDocument : .same
        }
        let uncertain = family.flatMap { f in document.flatMap { d in MedicineGroups.uncertain(f.name, d.name) ? (f.medication.name, d.medication.name) : nil } }
        let change = family.flatMap { f -> (LocalDate, DoseHistory.Change)? in
            guard let latest = f.chain.changes.last(where: { $0.day != nil && $0.kind != .onHold }), let changeDay = latest.day, changeDay > day else { return nil }
            return (changeDay, latest)
        }
        let last = family?.chain.orders.flatMap(\.medication.administrations).filter { $0.status == .taken }
            .compactMap { ($0.takenAt ?? $0.scheduledAt)?.resolved(in: zone) }.max()
        return ReconciledMedicine(
            key: key, family: family, document: document, against: against, older: older,
            verdict: verdict,
            given: givenAfter, lastGiven: last, doseCompared: compared, uncertain: uncertain, changeAfterDocument: change)
    }

    /// The doses of the family's orders logged as taken after the end of `day`.
    static func given(_ statement: SourceStatement, after day: LocalDate, zone: TimeZone) -> ReconciledMedicine.Given {
        let start = day.adding(days: 1).midnight(in: zone)
        let moments = statement.chain.orders.flatMap(\.medication.administrations).filter { $0.status == .taken }
            .compactMap { ($0.takenAt ?? $0.scheduledAt)?.resolved(in: zone) }.filter { $0 >= start }.sorted()
        return ReconciledMedicine.Given(count: moments.count, first: moments.first, last: moments.last)
    }

    /// The compared medicine an order belongs to, in any source.
    public func medicine(containing recordId: String) -> ReconciledMedicine? {
        medicines.first { $0.statements.contains { $0.chain.recordIds.contains(recordId) } }
    }

    /// The entries that need saying in "Needs attention", most urgent first, then by name.
    public var attention: [ReconciledMedicine] {
        medicines.enumerated().filter { $0.element.tier != nil }
            .sorted { ($0.element.tier!, $0.offset) < ($1.element.tier!, $1.offset) }.map(\.element)
    }
}
