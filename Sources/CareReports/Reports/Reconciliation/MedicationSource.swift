import Foundation

/// Where a medicine's statement comes from: the family's own medication records with their dose
/// log, or one imported document's medication list (its title and date).
public enum MedicationSource: Sendable, Hashable {
    case family
    case document(SourceDocument)

    public var document: SourceDocument? {
        if case .document(let document) = self { return document }
        return nil
    }

    /// The source a record comes from: the document whose record ids it starts with, else the family.
    static func of(_ record: HealthRecord, among documents: [SourceDocument]) -> MedicationSource {
        guard record.importedFrom != nil else { return .family }
        guard let document = documents.first(where: { record.id.hasPrefix($0.recordPrefix) }) else { return .family }
        return .document(document)
    }
}

/// What one source says of one medicine: its orders chained (see `DoseHistory`), the latest one
/// being what the source says now.
public struct SourceStatement: Sendable {
    public let source: MedicationSource
    public let chain: DoseHistory.Chain
    public let name: MedicineName

    public var medication: Medication { chain.latest.medication }
    public var record: HealthRecord { chain.latest.record }

    /// True when the source says the medicine is taken now (active; a hold is not taking it).
    public var isActive: Bool { medication.status == .active }

    /// The RxNorm codes of every order: two statements sharing one name the same product.
    public var rxnormCodes: Set<String> {
        Set(chain.orders.compactMap(\.medication.rxnorm)
            + chain.orders.flatMap { $0.record.codings.filter { $0.system?.lowercased().contains("rxnorm") == true }.map(\.code) })
    }
}
