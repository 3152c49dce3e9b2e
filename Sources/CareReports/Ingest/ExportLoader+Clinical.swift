import Foundation

/// Clinical files in the forms families and clinics have them, beside or instead of the native
/// export: FHIR bundles and C-CDA documents (one document each), single FHIR resources one per
/// JSON file (as phone health apps export them) and FHIR Bulk Data NDJSON (`Observation.ndjson`,
/// …), whose resources are gathered into one document per folder or archive, and `.zip` archives
/// of any of these (an IHE XDM package as patient portals download it), read in memory through
/// `ArchiveReader` and its limits.
struct LooseResources {
    var items: [(value: JSONValue, path: String)] = []
    var isEmpty: Bool { items.isEmpty }
}

extension ExportLoader {
    static func isArchive(_ file: String, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        file.lowercased().hasSuffix(".zip") || ArchiveReader.looksLikeZip(bytes) || ArchiveReader.looksLikeTar(bytes, name: file)
            || [".tar", ".tgz", ".tar.gz"].contains(where: file.lowercased().hasSuffix)
    }

    /// Reads every entry of an archive as a file beside the export would be read; its loose
    /// resources make one document named after the archive. False when nothing in it was read.
    func readArchive(_ file: String, into decoder: ExportDecoder, documents: inout [ImportedDocument]) -> Bool {
        let (entries, diagnostics) = ArchiveReader().read(file)
        diagnostics.forEach(decoder.add)
        guard let entries else { return true }
        var loose = LooseResources()
        var read = false
        for entry in entries {
            let name = file + "/" + entry.path
            let known = entry.bytes.withUnsafeBufferPointer { bytes in
                readClinical(bytes, file: name, into: decoder, documents: &documents, loose: &loose, inArchive: true)
            }
            read = read || known
        }
        importLoose(loose, file: file, into: decoder, documents: &documents)
        if !read, loose.isEmpty {
            decoder.add(Diagnostic(.warning, file: file, message: "the archive holds no FHIR or C-CDA document; nothing imported from it"))
        }
        return read || !loose.isEmpty
    }

    /// Reads one clinical file's bytes by its content (and, for NDJSON, its name). Returns false
    /// when the file is none of the known kinds (a warning says so, except for the files an IHE
    /// XDM package carries beside its documents).
    func readClinical(
        _ bytes: UnsafeBufferPointer<UInt8>, file: String, into decoder: ExportDecoder, documents: inout [ImportedDocument],
        loose: inout LooseResources, inArchive: Bool = false
    ) -> Bool {
        let lower = file.lowercased()
        if Self.startsLikeXML(bytes) {
            guard CCDAImporter.looksLikeCCDA(UnsafeRawBufferPointer(bytes)) else {
                if !(inArchive && lower.hasSuffix("metadata.xml")) {
                    decoder.add(Diagnostic(.warning, file: file, message: "XML that is not a C-CDA document; ignored"))
                }
                return false
            }
            let (document, diagnostics) = CCDAImporter.read(UnsafeRawBufferPointer(bytes), file: file, fragmentsSkipped: true)
            diagnostics.forEach(decoder.add)
            if let document { documents.append(document) }
            return document != nil || diagnostics.contains { $0.severity == .error }
        }
        if lower.hasSuffix(".ndjson") || lower.hasSuffix(".jsonl") {
            readNDJSON(bytes, file: file, into: decoder, documents: &documents, loose: &loose)
            return true
        }
        if inArchive, [".zip", ".tar", ".tgz", ".gz"].contains(where: lower.hasSuffix) {
            decoder.add(Diagnostic(.warning, file: file, message: "an archive inside the archive is not opened; entry skipped"))
            return false
        }
        guard lower.hasSuffix(".json") || !inArchive else { return false }  // README.TXT, INDEX.HTM, …
        let value: JSONValue
        do throws(JSONSyntaxError) {
            value = try JSONParser.parse(bytes)
        } catch {
            let location = LineColumn(offset: error.offset, in: bytes)
            decoder.add(Diagnostic(.error, file: file, line: location.line, column: location.column, message: error.message))
            return true
        }
        if FHIRImporter.isBundle(value) {
            importFHIR(value, file: file, into: decoder, documents: &documents)
        } else if FHIRImporter.isResource(value) {
            loose.items.append((value, Self.shortName(file)))
        } else {
            decoder.add(Diagnostic(.warning, file: file, message: "neither an export file name nor a FHIR bundle or resource; ignored"))
            return false
        }
        return true
    }

    /// FHIR Bulk Data NDJSON: one resource per line (blank lines allowed). A line that is not JSON
    /// is an error with its line and column; a line that is a Bundle is read as a document.
    private func readNDJSON(
        _ bytes: UnsafeBufferPointer<UInt8>, file: String, into decoder: ExportDecoder, documents: inout [ImportedDocument],
        loose: inout LooseResources
    ) {
        let name = Self.shortName(file)
        var start = 0
        var line = 1
        while start < bytes.count {
            let end = bytes[start...].firstIndex(of: 0x0A) ?? bytes.count
            let slice = UnsafeBufferPointer(rebasing: bytes[start..<end])
            if slice.contains(where: { ![0x20, 0x09, 0x0D].contains($0) }) {
                do throws(JSONSyntaxError) {
                    let value = try JSONParser.parse(slice)
                    if FHIRImporter.isBundle(value) {
                        importFHIR(value, file: "\(file):\(line)", into: decoder, documents: &documents)
                    } else if FHIRImporter.isResource(value) {
                        loose.items.append((value, "\(name):\(line)"))
                    } else {
                        decoder.add(Diagnostic(.warning, file: file, line: line, column: 1, message: "not a FHIR resource; line skipped"))
                    }
                } catch {
                    let column = LineColumn(offset: error.offset, in: slice).column
                    decoder.add(Diagnostic(.error, file: file, line: line, column: column, message: error.message))
                }
            }
            start = end + 1
            line += 1
        }
    }

    /// The loose resources of one folder or archive, as one document.
    func importLoose(_ loose: LooseResources, file: String, into decoder: ExportDecoder, documents: inout [ImportedDocument]) {
        guard !loose.isEmpty else { return }
        let (read, diagnostics) = FHIRImporter.readAll(resources: loose.items, file: file)
        diagnostics.forEach(decoder.add)
        documents += read
    }

    /// For input that is only clinical documents, "data as of" is the newest document's date
    /// (`ImportedDocument.date`); a date without a time stands for the whole of that day. With
    /// `zoneFromDocuments` (no `--timezone`), the export's zone becomes the UTC offset that date
    /// states, so the pages speak of the document's own clock (a document of Thu 9 Apr 10:15
    /// +12:00 is "data as of Thu 9 Apr, 10:15").
    static func dateFromDocuments(_ documents: [ImportedDocument], into export: inout CareExport, zoneFromDocuments: Bool = false) {
        let utc = export.timeZone
        let dates = documents.compactMap(\.date)
        guard let newest = dates.max(by: { Self.lastInstant($0, in: utc) < Self.lastInstant($1, in: utc) }) else { return }
        if zoneFromDocuments, case .stated(_, let offset) = newest, let stated = TimeZone(secondsFromGMT: offset) {
            export.timeZone = stated
        }
        let zone = export.timeZone
        export.exportedAt = lastInstant(newest, in: zone)
        if case .day(let day) = newest {
            export.dataDate = .documents(day: day)
        } else {
            export.dataDate = .documents(day: nil)
        }
    }

    /// An instant as it is; a calendar day's last second in `zone`.
    static func lastInstant(_ date: CareDate, in zone: TimeZone) -> Date {
        switch date {
        case .instant(let instant), .stated(let instant, _): instant
        case .day(let day), .unknown(let day): day.adding(days: 1).midnight(in: zone).addingTimeInterval(-1)
        case .partial(let partial):
            (partial.month == nil ? LocalDate(year: partial.year + 1, month: 1, day: 1)!
                : partial.firstDay.adding(days: LocalDate.daysIn(month: partial.month!, year: partial.year))).midnight(in: zone).addingTimeInterval(-1)
        }
    }

    /// The folder a file is in ("." for a bare name).
    static func folder(of file: String) -> String {
        let folder = (file as NSString).deletingLastPathComponent
        return folder.isEmpty ? "." : folder
    }

    /// The last component of a path, which names a resource's file in its diagnostics.
    static func shortName(_ file: String) -> String {
        file.split(separator: "/").last.map(String.init) ?? file
    }
}
