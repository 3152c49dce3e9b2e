import Foundation

/// A directory export that lacks one of its collection files is told so once, naming the file,
/// instead of once per record that refers to what the file would have held (an unknown member on
/// every task, an unknown circle on every record).
enum MissingFiles {
    /// What each missing file means for the reader, in the order files are named.
    static let consequences: [(kind: CollectionKind, severity: Diagnostic.Severity, message: String)] = [
        (.users, .warning, "users.json is missing: members will show as unknown"),
        (.circles, .error, "circles.json is missing: no task, health record or update can be placed in a circle"),
        (.tasks, .warning, "tasks.json is missing: tasks and appointments will show as none"),
        (.healthRecords, .warning, "health.json is missing: medicines, allergies, readings and results will show as not recorded"),
        (.updates, .warning, "updates.json is missing: updates will show as none"),
    ]

    /// The per-record messages that a missing file's one message replaces.
    static let replaced: [CollectionKind: Set<String>] = [
        .users: ["unknown user; shown as \"unknown member\""],
        .circles: [
            "unknown circle; the task is rejected", "unknown circle; the record is rejected",
            "unknown circle; the update is shown to nobody",
        ],
    ]

    /// Every message that names a missing file (shown by every command, not only `validate`).
    static let messages: Set<String> = Set(consequences.map(\.message))

    /// `diagnostics` with one diagnostic per missing collection file of `directory` first, and the
    /// per-record messages it explains left out. Nothing changes unless the directory holds the
    /// app's folder form: an `export.json` of metadata alone and at least one collection file (a
    /// folder of clinical documents, or an `export.json` holding collections, lacks none); a
    /// collection counts as missing only when no record of it was read.
    static func named(
        in directory: String, files: [(String, CollectionKind?)], counts: [(collection: String, count: Int)], diagnostics: [Diagnostic]
    ) -> [Diagnostic] {
        let present = Set(files.compactMap(\.1))
        guard !present.isEmpty, let metadata = files.first(where: { $0.1 == nil })?.0, holdsNoCollection(metadata) else {
            return diagnostics
        }
        let read = Dictionary(counts.map { ($0.collection, $0.count) }, uniquingKeysWith: +)
        let missing = consequences.filter { !present.contains($0.kind) && (read[$0.kind.rawValue] ?? 0) == 0 }
        guard !missing.isEmpty else { return diagnostics }
        let dropped = missing.reduce(into: Set<String>()) { $0.formUnion(replaced[$1.kind] ?? []) }
        return missing.map { Diagnostic($0.severity, file: directory, message: $0.message) }
            + diagnostics.filter { !dropped.contains($0.message) }
    }
}

extension MissingFiles {
    /// Whether the folder's `export.json` is the metadata alone, as the app writes it beside the
    /// collection files (a file holding collections itself is another form, which lacks nothing).
    static func holdsNoCollection(_ path: String) -> Bool {
        guard let data = FileManager.default.contents(atPath: path), data.count <= 64 << 10,
            let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
        else { return false }
        return CollectionKind.allCases.allSatisfy { object[$0.rawValue] == nil } && object["data"] == nil
    }
}

extension Diagnostic {
    /// Whether this names a collection file missing from a directory export (see `MissingFiles`).
    public var namesMissingFile: Bool { line == nil && keyPath == nil && MissingFiles.messages.contains(message) }
}
