import Foundation

/// Turns parsed JSON documents into model values, collecting every diagnostic. Records with an
/// error are rejected (never guessed); the caller fails the run when any error was reported.
final class ExportDecoder {
    /// Where a decoded record came from, for diagnostics raised after decoding (the key path is
    /// spelled out only when a diagnostic needs it).
    struct Origin {
        let file: String
        let collection: String
        let index: Int

        var keyPath: String { "\(collection)[\(index)]" }
    }

    /// Decoded records beside their origins, kept apart so the records array can be handed on without copying.
    struct Collection<Item> {
        var items: [Item] = []
        var origins: [Origin] = []

        mutating func append(_ item: Item, _ origin: Origin) {
            items.append(item)
            origins.append(origin)
        }
    }

    var timeZone: TimeZone?
    var exportedAt: Date?
    var users = Collection<User>()
    var circles = Collection<CareCircle>()
    var tasks = Collection<CareTask>()
    var healthRecords = Collection<HealthRecord>()
    var updates = Collection<CircleUpdate>()
    private(set) var diagnostics: [Diagnostic] = []

    func add(_ diagnostic: Diagnostic) { diagnostics.append(diagnostic) }

    /// Decodes the top-level export object (a single-file export, or `export.json` in a directory).
    func decodeExportObject(_ value: JSONValue, file: String) {
        let context = DecodingContext(file: file)
        defer { diagnostics += context.diagnostics }
        guard case .object(let object) = value else {
            context.error("expected the export object with keys such as \"healthRecords\", found \(value.typeName)")
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
                var items: JSONValue? = collection
                if case .object(let envelope) = collection { items = unwrapEnvelope(envelope, context: context) }
                if let items { decodeCollection(kind, items, context: context, collectionPath: kind.rawValue) }
            }
        }
    }

    /// Decodes a collection file of a directory export: a bare array or an API envelope.
    func decodeCollectionFile(_ kind: CollectionKind, _ value: JSONValue, file: String) {
        let context = DecodingContext(file: file)
        defer { diagnostics += context.diagnostics }
        switch value {
        case .array:
            decodeCollection(kind, value, context: context, collectionPath: kind.rawValue)
        case .object(let envelope):
            guard let items = unwrapEnvelope(envelope, context: context) else { return }
            decodeCollection(kind, items, context: context, collectionPath: kind.rawValue)
        default:
            context.expected("an array or an API envelope {\"data\": [...]}", found: value)
        }
    }

    private func unwrapEnvelope(_ envelope: JSONObject, context: DecodingContext) -> JSONValue? {
        if case .array(let errors)? = envelope["errors"], let first = errors.first {
            reportEnvelopeError(first, context: context)
            return nil
        }
        if case .object(let meta)? = envelope["meta"], case .string("error")? = meta["status"] {
            context.at("meta") { context.at("status") { context.error("the API envelope reports an error") } }
            return nil
        }
        guard let data = envelope["data"] else {
            context.error("expected an array or an API envelope with a \"data\" array; the key \"data\" is missing")
            return nil
        }
        guard case .array = data else {
            context.at("data") { context.expected("an array", found: data) }
            return nil
        }
        return data
    }

    private func reportEnvelopeError(_ first: JSONValue, context: DecodingContext) {
        var code = "unknown"
        var message = "no message"
        if case .object(let error) = first {
            if case .string(let text)? = error["code"] { code = text }
            if case .string(let text)? = error["message"] { message = text }
        }
        context.at("errors") { context.at(.index(0)) { context.error("the API envelope reports an error: \(code): \(message)") } }
    }

    private func decodeCollection(_ kind: CollectionKind, _ value: JSONValue, context: DecodingContext, collectionPath: String) {
        guard case .array(let items) = value else {
            context.expected("an array", found: value)
            return
        }
        let elements = elementContext(file: context.file, kind: kind)
        for (index, item) in items.enumerated() { decodeElement(kind, index: index, item, context: elements) }
        diagnostics += elements.diagnostics
    }

    /// The context records of one collection are decoded in: key paths start with the collection's
    /// name, as in `healthRecords[12].data.status`.
    func elementContext(file: String, kind: CollectionKind) -> DecodingContext {
        DecodingContext(file: file, root: [.key(kind.rawValue)])
    }

    /// Decodes one record of a collection (also called by the loader as the parser streams them).
    func decodeElement(_ kind: CollectionKind, index: Int, _ item: JSONValue, context: DecodingContext) {
        let origin = Origin(file: context.file, collection: kind.rawValue, index: index)
        switch kind {
        case .users: if let user = context.record(index, { context.objectElement(item, context.user) }) { users.append(user, origin) }
        case .circles: if let circle = context.record(index, { context.objectElement(item, context.circle) }) { circles.append(circle, origin) }
        case .tasks: if let task = context.record(index, { context.objectElement(item, context.task) }) { tasks.append(task, origin) }
        case .healthRecords:
            if let record = context.record(index, { context.objectElement(item, context.healthRecord) }) { healthRecords.append(record, origin) }
        case .updates: if let update = context.record(index, { context.objectElement(item, context.update) }) { updates.append(update, origin) }
        }
    }

    /// Takes over the records and diagnostics another decoder read (a worker's share of a file), after its own.
    func absorb(_ other: ExportDecoder) {
        func merge<T>(_ mine: inout Collection<T>, _ theirs: Collection<T>) {
            mine.items += theirs.items
            mine.origins += theirs.origins
        }
        merge(&users, other.users)
        merge(&circles, other.circles)
        merge(&tasks, other.tasks)
        merge(&healthRecords, other.healthRecords)
        merge(&updates, other.updates)
        diagnostics += other.diagnostics
    }

    /// How many records of each collection are held, to drop a file's records when its envelope reports an error.
    var mark: [Int] { [users.items.count, circles.items.count, tasks.items.count, healthRecords.items.count, updates.items.count] }

    /// Drops the records decoded since `mark`.
    func rollBack(to mark: [Int]) {
        func cut<T>(_ collection: inout Collection<T>, _ count: Int) {
            collection.items.removeSubrange(count...)
            collection.origins.removeSubrange(count...)
        }
        cut(&users, mark[0])
        cut(&circles, mark[1])
        cut(&tasks, mark[2])
        cut(&healthRecords, mark[3])
        cut(&updates, mark[4])
    }
}
