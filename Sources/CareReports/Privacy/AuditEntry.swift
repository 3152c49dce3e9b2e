/// One line of `carereport audit`: a record's kind and id, and the policy's decision for the viewer.
public struct AuditEntry: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable { case healthRecord, task, update }

    public let kind: Kind
    public let id: String
    public let decision: AccessDecision
    /// The clinical document format a health record was imported from, nil for the native export.
    public var importedFrom: String? = nil

    /// Every health record, task and update of the export, in export order, with its decision.
    public static func audit(_ export: CareExport, for viewer: Viewer) -> [AuditEntry] {
        export.healthRecords.map {
            AuditEntry(kind: .healthRecord, id: $0.id, decision: PrivacyPolicy.decide($0, for: viewer), importedFrom: $0.importedFrom)
        }
            + export.tasks.map { AuditEntry(kind: .task, id: $0.id, decision: PrivacyPolicy.decide($0, for: viewer)) }
            + export.updates.map { AuditEntry(kind: .update, id: $0.id, decision: PrivacyPolicy.decide($0, for: viewer)) }
    }
}
