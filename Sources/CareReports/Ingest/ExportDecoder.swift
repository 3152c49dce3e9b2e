import Foundation

/// Turns parsed JSON documents into model values, collecting every diagnostic. Records with an
/// error are rejected (never guessed); the caller fails the run when any error was reported.
final class ExportDecoder {
    /// Records not kept (see `CircleFilter`) leave only their references.
    let filter: CircleFilter?

    /// With `recordsOffsets`, where each task, health record and update starts in its file is
    /// kept too, so that a circle's records can be read again (`CircleReader`).
    init(filter: CircleFilter? = nil, recordsOffsets: Bool = false, streamed: StreamedChecks.Settings? = nil) {
        self.filter = filter
        self.streamed = streamed.map(StreamedChecks.init)
        tasks = ScopedCollection(separateReferences: filter != nil, recordsOffsets: recordsOffsets)
        healthRecords = ScopedCollection(separateReferences: filter != nil, recordsOffsets: recordsOffsets)
        updates = ScopedCollection(separateReferences: filter != nil, recordsOffsets: recordsOffsets)
    }

    /// What a decoder keeps, to make another like it (for a worker's share of a file).
    struct Settings: Sendable {
        let filter: CircleFilter?
        let recordsOffsets: Bool
        /// When set, tasks, health records and updates are checked as they are read and not kept.
        var streamed: StreamedChecks.Settings? = nil
    }

    convenience init(_ settings: Settings) {
        self.init(filter: settings.filter, recordsOffsets: settings.recordsOffsets, streamed: settings.streamed)
    }

    /// The checks made as records are read (see `StreamedChecks`), when the users and circles were known first.
    let streamed: StreamedChecks?

    var timeZone: TimeZone?
    var exportedAt: Date?
    let users = Collection<User>()
    let circles = Collection<CareCircle>()
    let tasks: ScopedCollection<CareTask>
    let healthRecords: ScopedCollection<HealthRecord>
    let updates: ScopedCollection<CircleUpdate>
    private(set) var diagnostics: [Diagnostic] = []

    func add(_ diagnostic: Diagnostic) { diagnostics.append(diagnostic) }

    /// Decodes the top-level export object (a single-file export, or `export.json` in a directory).
    func decodeExportObject(_ object: JSONNode, file: String) {
        let context = DecodingContext(file: file)
        defer { diagnostics += context.diagnostics }
        guard object.kind == .object else {
            context.error("expected the export object with keys such as \"healthRecords\", found \(object.typeName)")
            return
        }
        if let format = context.string(object, "format", required: false), format != "caresupport-export" {
            context.at("format") { context.error("not a care export; expected \"caresupport-export\"") }
        }
        if let version = context.integer(object, "version", required: false), version != 1 {
            context.at("version") {
                context.error(version > 1 ? "export format version \(version) is newer than this carereport reads (1)" : "expected version 1")
            }
        }
        if let exported = context.date(object, "exportedAt", required: false) {
            exportedAt = exported.resolved(in: TimeZone(identifier: "UTC")!)
        }
        if let zoneName = context.string(object, "timezone", required: false) {
            if let zone = TimeZone(identifier: zoneName) {
                timeZone = zone
            } else {
                context.at("timezone") { context.error("unknown time zone; expected an IANA name such as \"Europe/London\"") }
            }
        }
        for kind in CollectionKind.allCases {
            guard let collection = object[kind.rawValue] else { continue }
            context.at(kind.rawValue) {
                // A collection is a bare array or an API envelope in the export object too.
                var items: JSONNode? = collection
                if collection.kind == .object { items = unwrapEnvelope(collection, context: context) }
                if let items { decodeCollection(kind, items, context: context, collectionPath: kind.rawValue) }
            }
        }
    }

    /// Decodes a collection file of a directory export: a bare array or an API envelope.
    func decodeCollectionFile(_ kind: CollectionKind, _ value: JSONNode, file: String) {
        let context = DecodingContext(file: file)
        defer { diagnostics += context.diagnostics }
        switch value.kind {
        case .array:
            decodeCollection(kind, value, context: context, collectionPath: kind.rawValue)
        case .object:
            guard let items = unwrapEnvelope(value, context: context) else { return }
            decodeCollection(kind, items, context: context, collectionPath: kind.rawValue)
        default:
            context.expected("an array or an API envelope {\"data\": [...]}", found: value)
        }
    }

    private func unwrapEnvelope(_ envelope: JSONNode, context: DecodingContext) -> JSONNode? {
        if let errors = envelope["errors"], let first = errors.elements.first(where: { _ in true }) {
            reportEnvelopeError(first, context: context)
            return nil
        }
        if let meta = envelope["meta"], meta["status"]?.string == "error" {
            context.at("meta") { context.at("status") { context.error("the API envelope reports an error") } }
            return nil
        }
        guard let data = envelope["data"] else {
            context.error("expected an array or an API envelope with a \"data\" array; the key \"data\" is missing")
            return nil
        }
        guard data.kind == .array else {
            context.at("data") { context.expected("an array", found: data) }
            return nil
        }
        return data
    }

    private func reportEnvelopeError(_ first: JSONNode, context: DecodingContext) {
        let code = first["code"]?.string ?? "unknown"
        let message = first["message"]?.string ?? "no message"
        context.at("errors") { context.at(.index(0)) { context.error("the API envelope reports an error: \(code): \(message)") } }
    }

    private func decodeCollection(_ kind: CollectionKind, _ value: JSONNode, context: DecodingContext, collectionPath: String) {
        guard value.kind == .array else {
            context.expected("an array", found: value)
            return
        }
        let elements = elementContext(file: context.file, kind: kind)
        for (index, item) in value.elements.enumerated() { decodeElement(kind, index: index, item, context: elements) }
        diagnostics += elements.diagnostics
    }

    /// The context records of one collection are decoded in: key paths start with the collection's
    /// name, as in `healthRecords[12].data.status`.
    func elementContext(file: String, kind: CollectionKind) -> DecodingContext {
        DecodingContext(file: file, root: [.key(kind.rawValue)])
    }

    /// Decodes one record of a collection (also called by the loader as the parser streams them).
    func decodeElement(_ kind: CollectionKind, index: Int, _ item: JSONNode, context: DecodingContext) {
        let origin = Origin(file: context.file, collection: kind.rawValue, index: index)
        if let streamed, streamed.settings.deferred, kind != .users, kind != .circles {
            return streamed.addDeferred(kind, item, origin)
        }
        switch kind {
        case .users: if let user = context.record(index, { context.objectElement(item, context.user) }) { users.append(user, origin) }
        case .circles: if let circle = context.record(index, { context.objectElement(item, context.circle) }) { circles.append(circle, origin) }
        case .tasks:
            guard let task = context.record(index, { context.objectElement(item, context.task) }) else { return }
            if let streamed { return streamed.add(task, origin, offset: item.byteOffset) }
            let keep = keeps(task)
            tasks.append(task, origin, offset: item.byteOffset, keep: keep)
        case .healthRecords:
            guard let record = context.record(index, { context.objectElement(item, context.healthRecord) }) else { return }
            if let streamed { return streamed.add(record, origin, offset: item.byteOffset) }
            let keep = keeps(record)
            healthRecords.append(record, origin, offset: item.byteOffset, keep: keep)
        case .updates:
            guard let update = context.record(index, { context.objectElement(item, context.update) }) else { return }
            if let streamed { return streamed.add(update, origin, offset: item.byteOffset) }
            let keep = keeps(update)
            updates.append(update, origin, offset: item.byteOffset, keep: keep)
        }
    }

    private func keeps(_ record: borrowing some CircleScoped) -> Bool {
        guard let filter else { return true }
        return filter.keeps(record.careCircleId)
    }

    /// Takes over the records and diagnostics another decoder read (a worker's share of a file), after its own.
    func absorb(_ other: ExportDecoder) {
        users.moveAppend(other.users)
        circles.moveAppend(other.circles)
        tasks.moveAppend(other.tasks)
        healthRecords.moveAppend(other.healthRecords)
        updates.moveAppend(other.updates)
        if let streamed, let theirs = other.streamed { streamed.absorb(theirs) }
        diagnostics += other.diagnostics
    }

    /// Makes room for the records of `others`, so absorbing them one after another moves each record once.
    func reserveCapacity(for others: [ExportDecoder]) {
        users.reserveCapacity(for: others.map(\.users))
        circles.reserveCapacity(for: others.map(\.circles))
        tasks.reserveCapacity(for: others.map(\.tasks))
        healthRecords.reserveCapacity(for: others.map(\.healthRecords))
        updates.reserveCapacity(for: others.map(\.updates))
    }

    /// Adds `offset` to the record index that starts each diagnostic's key path
    /// (`healthRecords[12].data.status` becomes `healthRecords[112].data.status`); returns false,
    /// changing nothing, when a diagnostic's key path does not start with a record of `collection`.
    func shiftDiagnosticIndexes(in collection: String, by offset: Int) -> Bool {
        var shifted: [Diagnostic] = []
        shifted.reserveCapacity(diagnostics.count)
        for diagnostic in diagnostics {
            guard let path = diagnostic.keyPath, diagnostic.line == nil, path.hasPrefix(collection + "["),
                let close = path.firstIndex(of: "]"),
                let index = Int(path[path.index(path.startIndex, offsetBy: collection.count + 1)..<close])
            else { return false }
            let keyPath = "\(collection)[\(index + offset)]" + path[path.index(after: close)...]
            shifted.append(Diagnostic(
                diagnostic.severity, file: diagnostic.file, line: nil, column: nil, keyPath: keyPath, message: diagnostic.message))
        }
        diagnostics = shifted
        return true
    }

    /// Adds `offset` to the index of every origin (a worker's share was numbered from 0).
    func shiftIndexes(by offset: Int) {
        users.shiftIndexes(by: offset)
        circles.shiftIndexes(by: offset)
        tasks.shiftIndexes(by: offset)
        healthRecords.shiftIndexes(by: offset)
        updates.shiftIndexes(by: offset)
        streamed?.shiftIndexes(by: offset)
    }

    /// How many records of each collection are held, to drop a file's records when its envelope reports an error.
    var mark: [Int] { [users.count, circles.count, tasks.count, healthRecords.count, updates.count] }

    /// Drops the records decoded since `mark`.
    func rollBack(to mark: [Int]) {
        users.truncate(to: mark[0])
        circles.truncate(to: mark[1])
        tasks.truncate(to: mark[2])
        healthRecords.truncate(to: mark[3])
        updates.truncate(to: mark[4])
    }
}
