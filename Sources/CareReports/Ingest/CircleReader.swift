import Foundation

/// An export read and checked whole once, whose circles' records are then read one circle at a
/// time: output for every member of every circle (`--all-members`) needs the memory of one
/// circle, and each member's output is built from their circle's records only, so the work grows
/// with the export, not with members times records. The first reading keeps no task, health
/// record or update, only where each valid one starts in its file (an index); `export(ofCircle:)`
/// parses and decodes just those again, from the same mapped files.
public final class CircleReader {
    /// The whole export's diagnostics and counts; its model holds the users and circles but no
    /// circle's tasks, health records (native or imported) or updates.
    public let result: IngestResult
    private let files: [String: MappedFile]
    private let locations: [String: [RecordLocation]]
    private let imported: [HealthRecord]

    /// Where a record starts, its place in its collection (for the key path of its context), and
    /// its id (to make sure the same record is found there again).
    struct RecordLocation {
        let kind: CollectionKind
        let file: String
        let offset: Int
        let index: Int
        let id: String
    }

    /// `keeps` chooses the circles whose records are indexed (one shard's, with `--shard`): the
    /// others' are still read and checked, but nothing of them is kept.
    init(_ read: ExportLoader.Read, keeps: (String) -> Bool = { _ in true }) {
        result = read.result
        files = read.files
        imported = read.imported
        var locations: [String: [RecordLocation]] = [:]
        func index<Item>(_ kind: CollectionKind, _ collection: ExportDecoder.ScopedCollection<Item>, valid: [Bool]) {
            collection.read(
                records: { records in for position in records.indices { place(position, records[position]) } },
                references: { references in for position in references.indices { place(position, references[position]) } })
            func place(_ position: Int, _ record: some ScopedReferences) {
                guard valid[position], keeps(record.careCircleId) else { return }
                let origin = collection.origins[position]
                locations[record.careCircleId, default: []].append(
                    RecordLocation(kind: kind, file: origin.file, offset: collection.offsets[position], index: origin.index, id: record.id))
            }
        }
        index(.tasks, read.decoder.tasks, valid: read.checked.tasks)
        index(.healthRecords, read.decoder.healthRecords, valid: read.checked.healthRecords)
        index(.updates, read.decoder.updates, valid: read.checked.updates)
        self.locations = locations
    }

    /// The model for one circle: every user and circle, that circle's tasks, health records and
    /// updates, and the imported records, exactly as `ExportLoader.circles = [id]` would give it.
    public func export(ofCircle id: String) throws(IngestError) -> CareExport {
        let decoder = ExportDecoder()
        let tape = JSONTape()
        // One context per collection and file (as the first reading had), found without building a key string per record.
        struct ContextKey: Hashable {
            let kind: CollectionKind
            let file: String
        }
        var contexts: [ContextKey: DecodingContext] = [:]
        let circleLocations = locations[id] ?? []
        for path in Set(circleLocations.map(\.file)) {
            guard let file = files[path], file.isUnchanged(at: path) else { throw .unreadable(path: path, reason: Self.changed) }
        }
        for location in circleLocations {
            guard let file = files[location.file] else { throw .unreadable(path: location.file, reason: Self.changed) }
            let key = ContextKey(kind: location.kind, file: location.file)
            let context = contexts[key] ?? decoder.elementContext(file: location.file, kind: location.kind)
            contexts[key] = context
            do {
                try JSONParser.parseValue(file.bytes, at: location.offset, tape: tape) { node in
                    decoder.decodeElement(location.kind, index: location.index, node, context: context)
                }
            } catch {
                throw .unreadable(path: location.file, reason: Self.changed)
            }
        }
        // The pages read go back (they are the file's, read again if needed), so reading circle
        // after circle never makes the whole export resident.
        for path in Set(circleLocations.map(\.file)) { files[path].map { $0.release(0..<$0.bytes.count) } }
        // Every record read here passed the first reading's checks: one that now fails, or is not
        // the record found there before, means the file changed in between.
        func ids<Item>(_ collection: ExportDecoder.ScopedCollection<Item>) -> [String] {
            collection.items.withUnsafeBufferPointer { $0.map(\.id) }
        }
        let decoded = ids(decoder.tasks) + ids(decoder.healthRecords) + ids(decoder.updates)
        if decoded != circleLocations.map(\.id) || contexts.values.contains(where: { $0.errorCount > 0 }) {
            throw .unreadable(path: circleLocations.first?.file ?? "", reason: Self.changed)
        }
        let base = result.export
        func all<Item>(_ collection: ExportDecoder.ScopedCollection<Item>) -> [Item] {
            collection.takeKept(Array(repeating: true, count: collection.count))
        }
        var export = CareExport(
            timeZone: base.timeZone, exportedAt: base.exportedAt, users: base.users, circles: base.circles,
            tasks: all(decoder.tasks), healthRecords: all(decoder.healthRecords) + imported.filter { $0.careCircleId == id },
            updates: all(decoder.updates))
        export.dataDate = base.dataDate
        export.attachmentFolder = base.attachmentFolder
        return export
    }

    private static let changed = "it changed while it was being read"
}

extension ExportLoader {
    /// Reads and checks the whole export at `path` once, for output per circle (see `CircleReader`).
    /// `circles` is ignored: every circle `keeps` accepts (by default all) can be read from the result.
    public func circleReader(_ path: String, keeping keeps: (String) -> Bool = { _ in true }) throws(IngestError) -> CircleReader {
        CircleReader(try read(path, settings: ExportDecoder.Settings(filter: CircleFilter(circles: []), recordsOffsets: true)), keeps: keeps)
    }
}
