import Foundation

/// Reads a care export from a file or a directory into a `CareExport` and its diagnostics. Beside
/// the native export, a directory may hold FHIR R4 bundles (JSON) and C-CDA documents (XML); a
/// single file may be any of the three. The kind is told from the content, not the name.
public struct ExportLoader: Sendable {
    /// Overrides the export's own `timezone`.
    public var timeZoneOverride: TimeZone?
    /// The privacy level imported records take (`--import-privacy`).
    public var importPrivacy: PrivacyLevel
    /// `--patient`: read only the clinical documents (and resources) of the patient with this id.
    public var patient: String?
    /// Threads that decode one large collection file together (1 reads every file serially).
    public var workers = ProcessInfo.processInfo.activeProcessorCount
    /// A directory export's collection files are decoded together on `workers` threads when they
    /// hold at least this many bytes in all.
    public var parallelMinimumBytes = 256 << 10
    /// The files are cut into runs of records of about this size at least, shared out among the workers.
    public var minimumRunBytes = 64 << 10
    /// When set, only the tasks, health records and updates of these circles are kept; the others
    /// are still read and checked, so the diagnostics are those of the whole export.
    public var circles: Set<String>?

    public init(timeZoneOverride: TimeZone? = nil, importPrivacy: PrivacyLevel = .caregivers) {
        self.timeZoneOverride = timeZoneOverride
        self.importPrivacy = importPrivacy
    }

    /// Reads `path`; throws only when the input cannot be read at all. With `circles`, a directory
    /// export is checked record by record as it is read, keeping only those circles' records
    /// (`streamedRead`), so checking it needs memory for its users and circles, not its records.
    public func load(_ path: String) throws(IngestError) -> IngestResult {
        if let circles {
            let reader = try circleReader(path, keeping: { circles.contains($0) })
            if circles.isEmpty { return reader.result }
            // A failing run writes nothing, but its model keeps the valid records of the circles,
            // as the whole reading gives them (a duplicate's first record, not the later ones).
            guard !reader.result.hasErrors else {
                return try read(path, settings: ExportDecoder.Settings(filter: CircleFilter(circles: circles), recordsOffsets: false)).result
            }
            let base = reader.result
            return IngestResult(
                export: try reader.export(ofCircles: circles), diagnostics: base.diagnostics, fileCount: base.fileCount,
                importedRecords: base.importedRecords, importedDocuments: base.importedDocuments, counts: base.counts)
        }
        return try read(path, settings: ExportDecoder.Settings(filter: nil, recordsOffsets: false)).result
    }

    /// What `read` leaves behind: the result, and what reading a circle again needs.
    struct Read {
        let result: IngestResult
        let decoder: ExportDecoder
        let checked: ReferenceChecker.Validity
        /// The native export files, by path.
        let files: [String: MappedFile]
        /// The records imported from FHIR and C-CDA files, of every circle.
        let imported: [HealthRecord]
    }

    func read(_ path: String, settings: ExportDecoder.Settings) throws(IngestError) -> Read {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { throw .missing(path: path) }
        let decoder = ExportDecoder(settings)
        var documents: [ImportedDocument] = []
        var fileCount = 0
        var mapped: [String: MappedFile] = [:]
        var listed: [(String, CollectionKind?)] = []
        if isDirectory.boolValue {
            let (names, others) = try files(in: path)
            listed = names
            var native: [(file: String, kind: CollectionKind?, data: MappedFile)] = []
            for (file, kind) in names { native.append((file, kind, try contents(of: file))) }
            let decoded = readTogether(native, settings: settings)
            for (position, (file, kind, data)) in native.enumerated() {
                if let ready = decoded[position] {
                    decoder.absorb(ready)
                } else {
                    read(data, file: file, as: kind, alone: false, into: decoder, documents: &documents)
                }
                fileCount += 1
            }
            if settings.recordsOffsets { for entry in native { mapped[entry.file] = entry.data } }
            var loose = LooseResources()
            for file in others {
                if try readImport(file: file, into: decoder, documents: &documents, loose: &loose) { fileCount += 1 }
            }
            importLoose(loose, file: path, into: decoder, documents: &documents)
            guard fileCount > 0 else { throw .noExportFiles(path: path) }
        } else {
            let data = try contents(of: path)
            read(data, file: path, as: nil, alone: true, into: decoder, documents: &documents)
            if settings.recordsOffsets { mapped[path] = data }
            fileCount = 1
        }
        let checked = ReferenceChecker(decoder: decoder).check()
        var export = checked.export
        var diagnostics = decoder.diagnostics
        let nativeCount = export.healthRecords.count
        let nativeIds = documents.isEmpty ? [] : nativeHealthRecordIds(decoder, valid: checked.validity.healthRecords, kept: export.healthRecords)
        let documentsOnly = export.circles.isEmpty && !documents.isEmpty
        let placed = ImportPlacer(privacy: importPrivacy, patient: patient).place(documents, into: &export, nativeIds: nativeIds, diagnostics: &diagnostics)
        // Imported records join a circle like the others: those of circles not kept are left out too.
        let imported = Array(export.healthRecords[nativeCount...])
        if let filter = settings.filter {
            export.healthRecords.removeSubrange(nativeCount...)
            export.healthRecords += imported.filter { filter.keeps($0.careCircleId) }
        }
        if let timeZoneOverride { export.timeZone = timeZoneOverride }
        if documentsOnly { Self.dateFromDocuments(documents, into: &export, zoneFromDocuments: timeZoneOverride == nil) }
        export.attachmentFolder = isDirectory.boolValue ? path : Self.folder(of: path)
        func valid(_ flags: [Bool]) -> Int { flags.reduce(0) { $0 + ($1 ? 1 : 0) } }
        let counts = [
            ("users", export.users.count), ("circles", export.circles.count), ("tasks", valid(checked.validity.tasks)),
            ("healthRecords", valid(checked.validity.healthRecords) + imported.count), ("updates", valid(checked.validity.updates)),
        ]
        diagnostics = MissingFiles.named(in: path, files: listed, counts: counts, diagnostics: diagnostics)
        var result = IngestResult(
            export: export, diagnostics: diagnostics, fileCount: fileCount,
            importedRecords: placed.records, importedDocuments: placed.documents, counts: counts)
        result.ledger = documents.flatMap(\.ledger)
        return Read(result: result, decoder: decoder, checked: checked.validity, files: mapped, imported: imported)
    }

    /// The ids of every valid native health record, kept or not.
    private func nativeHealthRecordIds(_ decoder: ExportDecoder, valid: [Bool], kept: [HealthRecord]) -> Set<String> {
        guard decoder.healthRecords.separateReferences else { return Set(kept.map(\.id)) }
        return decoder.healthRecords.references.withUnsafeBufferPointer { references in
            Set(references.indices.lazy.filter { valid[$0] }.map { references[$0].id })
        }
    }

    /// The directory's native export files in a fixed order (export.json first, then collections),
    /// and every other `.json` or `.xml` file, which may be a clinical document.
    func files(in directory: String) throws(IngestError) -> (native: [(String, CollectionKind?)], others: [String]) {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
        } catch {
            throw .unreadable(path: directory, reason: "the directory cannot be listed")
        }
        var native: [(String, CollectionKind?)] = []
        if names.contains("export.json") { native.append((join(directory, "export.json"), nil)) }
        for kind in CollectionKind.allCases {
            for name in kind.fileNames where names.contains(name) { native.append((join(directory, name), kind)) }
        }
        let others = names.filter { name in
            let lower = name.lowercased()
            return [".json", ".xml", ".ndjson", ".jsonl", ".zip", ".tar", ".tgz", ".tar.gz"].contains { lower.hasSuffix($0) } && name != "export.json"
                && CollectionKind.forFileName(name) == nil
        }
        return (native, others.map { join(directory, $0) })
    }

    private func join(_ directory: String, _ name: String) -> String {
        directory.hasSuffix("/") ? directory + name : directory + "/" + name
    }

    func contents(of file: String) throws(IngestError) -> MappedFile {
        if let mapped = MappedFile(path: file) {
            return mapped
        } else {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: file, isDirectory: &isDirectory), isDirectory.boolValue {
                throw .unreadable(path: file, reason: "it is a directory, not a file")
            }
            throw .unreadable(path: file, reason: FileManager.default.isReadableFile(atPath: file) ? "read failed" : "permission denied")
        }
    }

    /// Reads a native export file, or (for a single-file input) whatever kind of document it is.
    /// Collections are decoded record by record as the parser reads them.
    func read(
        _ data: MappedFile, file: String, as kind: CollectionKind?, alone: Bool, into decoder: ExportDecoder,
        documents: inout [ImportedDocument]
    ) {
        if alone, Self.startsLikeXML(data.bytes), CCDAImporter.looksLikeCCDA(data.raw) {
            importCCDA(data, file: file, into: decoder, documents: &documents)
            return
        }
        if alone, Self.isArchive(file, data.bytes) || [".ndjson", ".jsonl"].contains(where: file.lowercased().hasSuffix) {
            var loose = LooseResources()
            if Self.isArchive(file, data.bytes) {
                _ = readArchive(file, into: decoder, documents: &documents)
            } else {
                _ = readClinical(data.bytes, file: file, into: decoder, documents: &documents, loose: &loose)
            }
            importLoose(loose, file: file, into: decoder, documents: &documents)
            return
        }
        let mark = decoder.mark
        var contexts: [CollectionKind: DecodingContext] = [:]
        let keys: Set<String> = kind == nil ? Set(CollectionKind.allCases.map(\.rawValue)) : ["data"]
        var pages = PageReleaser(data)
        let sink: (String?, Int, JSONNode) -> Void = { key, index, element in
            defer { pages.advance(to: element.byteOffset) }
            guard let target = kind ?? key.flatMap(CollectionKind.init(rawValue:)) else { return }
            let context = contexts[target] ?? decoder.elementContext(file: file, kind: target)
            contexts[target] = context
            decoder.decodeElement(target, index: index, element, context: context)
        }
        var bundle: JSONValue?
        var resource: JSONValue?
        // `root` is the rest of the document, once its collections have been streamed out of it.
        let parsed: Void? = parse(data, file: file, into: decoder, streaming: keys, sink: sink) { root in
            for target in CollectionKind.allCases { contexts[target].map { $0.diagnostics.forEach(decoder.add) } }
            if let kind {
                let before = decoder.diagnostics.filter { $0.severity == .error }.count
                decoder.decodeCollectionFile(kind, root, file: file)
                if decoder.diagnostics.filter({ $0.severity == .error }).count > before, root.kind == .object {
                    decoder.rollBack(to: mark)
                }
            } else if FHIRImporter.isBundle(root) {
                bundle = root.value
            } else if alone, root["resourceType"]?.string.map({ !$0.isEmpty }) == true {
                resource = root.value
            } else {
                decoder.decodeExportObject(root, file: file)
            }
        }
        pages.finish(at: data.bytes.count)
        if parsed == nil {
            for target in CollectionKind.allCases { contexts[target].map { $0.diagnostics.forEach(decoder.add) } }
        }
        if let bundle {
            decoder.rollBack(to: mark)
            importFHIR(bundle, file: file, into: decoder, documents: &documents)
        } else if let resource {
            decoder.rollBack(to: mark)
            importLoose(LooseResources(items: [(resource, Self.shortName(file))]), file: file, into: decoder, documents: &documents)
        }
    }

    /// Reads a file beside the native export: a clinical document, loose FHIR resources or an
    /// archive of them, else a warning.
    private func readImport(
        file: String, into decoder: ExportDecoder, documents: inout [ImportedDocument], loose: inout LooseResources
    ) throws(IngestError) -> Bool {
        let data = try contents(of: file)
        if Self.isArchive(file, data.bytes) { return readArchive(file, into: decoder, documents: &documents) }
        return readClinical(data.bytes, file: file, into: decoder, documents: &documents, loose: &loose)
    }

    func importFHIR(_ value: JSONValue, file: String, into decoder: ExportDecoder, documents: inout [ImportedDocument]) {
        let (read, diagnostics) = FHIRImporter.readAll(value, file: file)
        diagnostics.forEach(decoder.add)
        documents += read ?? []
    }

    func importCCDA(_ data: MappedFile, file: String, into decoder: ExportDecoder, documents: inout [ImportedDocument]) {
        let (document, diagnostics) = CCDAImporter.read(data.raw, file: file)
        diagnostics.forEach(decoder.add)
        if let document { documents.append(document) }
    }

    /// The collection files decoded together on every core (same records, same diagnostics), one
    /// decoder per native file in their order; nil for `export.json` and for any file left to the
    /// serial reader (all of them for a small export or a single worker).
    func readTogether(_ native: [(file: String, kind: CollectionKind?, data: MappedFile)], settings: ExportDecoder.Settings) -> [ExportDecoder?] {
        let collections = native.compactMap { entry in entry.kind.map { CollectionFile(path: entry.file, kind: $0, data: entry.data) } }
        let total = collections.reduce(0) { $0 + $1.data.bytes.count }
        guard workers > 1, !collections.isEmpty, total >= parallelMinimumBytes else { return native.map { _ in nil } }
        var decoded = ParallelCollectionReader(workers: workers, minimumRunBytes: minimumRunBytes).read(collections, settings: settings)[...]
        return native.map { entry in entry.kind == nil ? nil : decoded.popFirst() ?? nil }
    }

    static func startsLikeXML(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        for byte in bytes.prefix(1024) {
            switch byte {
            case 0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF: continue
            default: return byte == UInt8(ascii: "<")
            }
        }
        return false
    }

    /// Parses JSON and hands the document's root to `root`; on a syntax error, reports it with its
    /// line and column and returns nil.
    private func parse<Result>(
        _ data: MappedFile, file: String, into decoder: ExportDecoder, streaming keys: Set<String>,
        sink: ((String?, Int, JSONNode) -> Void)?, root: (JSONNode) -> Result
    ) -> Result? {
        do throws(JSONSyntaxError) {
            return try JSONParser.parse(data.bytes, streaming: keys, sink: sink, root: root)
        } catch {
            let location = LineColumn(offset: error.offset, in: data.bytes)
            decoder.add(Diagnostic(.error, file: file, line: location.line, column: location.column, message: error.message))
            return nil
        }
    }
}
