/// What reading an export gave: the model, every diagnostic, and how much was read.
public struct IngestResult: Sendable {
    public let export: CareExport
    public let diagnostics: [Diagnostic]
    public let fileCount: Int
    /// Health records taken from FHIR bundles and C-CDA documents, and how many documents.
    public let importedRecords: Int
    public let importedDocuments: Int

    /// Records per collection, in the export's own names: every valid record read, whether or not
    /// its circle was kept in `export`.
    public let counts: [(collection: String, count: Int)]
    /// What became of every entry of every section of the clinical documents read (`validate --entries`).
    public var ledger: [LedgerLine] = []

    public init(
        export: CareExport, diagnostics: [Diagnostic], fileCount: Int, importedRecords: Int = 0, importedDocuments: Int = 0,
        counts: [(collection: String, count: Int)]? = nil
    ) {
        self.export = export
        self.diagnostics = diagnostics
        self.fileCount = fileCount
        self.importedRecords = importedRecords
        self.importedDocuments = importedDocuments
        self.counts = counts ?? [
            ("users", export.users.count), ("circles", export.circles.count), ("tasks", export.tasks.count),
            ("healthRecords", export.healthRecords.count), ("updates", export.updates.count),
        ]
    }

    public var errors: [Diagnostic] { diagnostics.filter { $0.severity == .error } }
    public var warnings: [Diagnostic] { diagnostics.filter { $0.severity == .warning } }
    public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }


    /// `read 9 users, 2 circles, 41 tasks, 812 health records, 15 updates from 6 files`.
    public var summary: String {
        func count(_ number: Int, _ noun: String) -> String { "\(number) \(noun)\(number == 1 ? "" : "s")" }
        let nouns = ["users": "user", "circles": "circle", "tasks": "task", "healthRecords": "health record", "updates": "update"]
        return "read " + counts.map { count($0.count, nouns[$0.collection]!) }.joined(separator: ", ") + " from " + count(fileCount, "file")
            + (importedDocuments == 0 ? "" : " (\(count(importedRecords, "health record")) imported from \(count(importedDocuments, "clinical document")))")
    }
}
