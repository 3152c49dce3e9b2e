import Foundation

/// Reads a care export from a file or a directory into a `CareExport` and its diagnostics.
public struct ExportLoader: Sendable {
    /// Overrides the export's own `timezone`.
    public var timeZoneOverride: TimeZone?

    public init(timeZoneOverride: TimeZone? = nil) {
        self.timeZoneOverride = timeZoneOverride
    }

    /// Reads `path`; throws only when the input cannot be read at all.
    public func load(_ path: String) throws(IngestError) -> IngestResult {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { throw .missing(path: path) }
        let decoder = ExportDecoder()
        var fileCount = 0
        if isDirectory.boolValue {
            let files = try exportFiles(in: path, decoder: decoder)
            for (file, kind) in files {
                try decode(file: file, as: kind, into: decoder)
                fileCount += 1
            }
        } else {
            try decode(file: path, as: nil, into: decoder)
            fileCount = 1
        }
        let export = ReferenceChecker(decoder: decoder).check()
        var result = export
        if let timeZoneOverride { result.timeZone = timeZoneOverride }
        return IngestResult(export: result, diagnostics: decoder.diagnostics, fileCount: fileCount)
    }

    /// The directory's export files in a fixed order: export.json first, then collections.
    private func exportFiles(in directory: String, decoder: ExportDecoder) throws(IngestError) -> [(String, CollectionKind?)] {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
        } catch {
            throw .unreadable(path: directory, reason: "the directory cannot be listed")
        }
        var files: [(String, CollectionKind?)] = []
        if names.contains("export.json") { files.append((join(directory, "export.json"), nil)) }
        for kind in CollectionKind.allCases {
            for name in kind.fileNames where names.contains(name) { files.append((join(directory, name), kind)) }
        }
        for name in names where name.hasSuffix(".json") && name != "export.json" && CollectionKind.forFileName(name) == nil {
            decoder.add(Diagnostic(.warning, file: join(directory, name), message: "not an export file name; ignored"))
        }
        guard !files.isEmpty else { throw .noExportFiles(path: directory) }
        return files
    }

    private func join(_ directory: String, _ name: String) -> String {
        directory.hasSuffix("/") ? directory + name : directory + "/" + name
    }

    private func decode(file: String, as kind: CollectionKind?, into decoder: ExportDecoder) throws(IngestError) {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: file), options: .mappedIfSafe)
        } catch {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: file, isDirectory: &isDirectory), isDirectory.boolValue {
                throw .unreadable(path: file, reason: "it is a directory, not a file")
            }
            throw .unreadable(path: file, reason: FileManager.default.isReadableFile(atPath: file) ? "read failed" : "permission denied")
        }
        let parsed: Result<JSONValue, JSONSyntaxError> = data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
            let bytes = raw.bindMemory(to: UInt8.self)
            do {
                return .success(try JSONParser.parse(bytes))
            } catch let error as JSONSyntaxError {
                let location = LineColumn(offset: error.offset, in: bytes)
                decoder.add(Diagnostic(.error, file: file, line: location.line, column: location.column, message: error.message))
                return .failure(error)
            } catch {
                fatalError("the JSON parser throws only JSONSyntaxError")
            }
        }
        guard case .success(let value) = parsed else { return }
        if let kind {
            decoder.decodeCollectionFile(kind, value, file: file)
        } else {
            decoder.decodeExportObject(value, file: file)
        }
    }
}
