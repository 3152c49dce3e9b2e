import Foundation

/// A resource is about the patient its own `subject` (or `patient`) reference names, never simply
/// the bundle's first Patient: a bundle or Bulk Data export that holds records of two patients
/// becomes one document per patient, and `ImportPlacer` then refuses to merge them (or keeps the
/// one `--patient` chooses).
extension FHIRBundleReader {
    /// The patient a resource names: `entry:N` for a Patient in the bundle, `ref:Patient/id` for a
    /// reference that resolves to none; nil when it names none (it is about the document's patient).
    func subjectKey(_ entry: FHIREntry) -> String? {
        for key in ["subject", "patient"] {
            let reference = entry[key]
            guard hasReference(reference), let text = reference["reference"].rawString else { continue }
            if let target = resolve(reference) { return target.type == "Patient" ? "entry:\(target.index)" : nil }
            // A reference that is not a well-formed one names no one: read as the document's patient.
            guard Self.isWellFormed(text) else { return nil }
            return "ref:" + Self.referenceKey(text)
        }
        return nil
    }

    /// A relative or absolute `Type/id` reference, or `urn:uuid:`/`urn:oid:` (id characters only).
    static func isWellFormed(_ text: String) -> Bool {
        text.unicodeScalars.allSatisfy { $0.isASCII && (CharacterSet.alphanumerics.contains($0) || "-._:/".unicodeScalars.contains($0)) }
            && text.contains(where: { $0 == "/" || $0 == ":" })
    }

    /// `Patient/id` for a relative, absolute or versioned reference; the text itself otherwise (`urn:uuid:…`).
    static func referenceKey(_ text: String) -> String {
        let parts = text.split(separator: "/").map(String.init)
        if parts.count >= 4, parts[parts.count - 2] == "_history" { return "\(parts[parts.count - 4])/\(parts[parts.count - 3])" }
        if parts.count >= 2, !text.hasPrefix("urn:") { return "\(parts[parts.count - 2])/\(parts[parts.count - 1])" }
        return text
    }

    /// The identifiers a reference to this Patient entry is known by (`reference|Patient/id`,
    /// `reference|fullUrl`), so a document that names the patient only by reference matches it.
    func referenceIdentifiers(_ entry: FHIREntry) -> Set<String> {
        var keys: Set<String> = []
        if let id = entry.id { keys.insert("reference|Patient/\(id)") }
        if let fullUrl = entry.fullUrl { keys.insert("reference|" + Self.referenceKey(fullUrl)) }
        return keys
    }

    /// The records read, as one document per patient they name (the document's own patient first).
    func documents(date: CareDate?) -> [ImportedDocument] {
        let patients = patientEntries
        let primary = patients.first.map { "entry:\($0.index)" }
        var order: [String?] = [primary]
        var groups: [String?: [ImportedRecord]] = [primary: []]
        for (record, subject) in zip(slots, subjects) {
            guard let record else { continue }
            let key = subject ?? primary
            if groups[key] == nil {
                order.append(key)
                groups[key] = []
            }
            groups[key]!.append(record)
        }
        // A bundle with no Patient whose resources all name one subject: that subject is the
        // document's, though nothing says who it is.
        if primary == nil, order.count == 2, groups[nil]!.isEmpty {
            order.removeFirst()
            diagnostics.warning(
                at: "", "no Patient resource; the records' subject reference cannot be checked against the care recipient's name and date of birth")
        }
        for entry in patients.dropFirst() where groups["entry:\(entry.index)"] == nil {
            diagnostics.warning(entry.resource, "a further Patient with no records of its own; ignored")
        }
        return order.enumerated().map { position, key in
            var document = ImportedDocument(
                format: FHIRImporter.format, file: diagnostics.file, patient: patient(forKey: key, alone: order.count == 1),
                records: groups[key] ?? [], skipped: position == 0 ? skippedCounts : [:], date: date)
            document.isOtherSubject = position > 0
            return document
        }
    }

    private func patient(forKey key: String?, alone: Bool) -> ImportedPatient? {
        guard let key else { return nil }
        if key.hasPrefix("entry:"), let index = Int(key.dropFirst(6)) {
            let entry = entries[index]
            let person = patient(entry)
            return ImportedPatient(
                firstName: person.firstName, lastName: person.lastName, dateOfBirth: person.dateOfBirth,
                identifiers: person.identifiers.union(referenceIdentifiers(entry)), ids: person.ids)
        }
        // Named only by a reference: unknown unless it is the input's one subject.
        if alone { return nil }
        let reference = String(key.dropFirst(4))
        return ImportedPatient(
            firstName: "", lastName: "", dateOfBirth: nil, identifiers: ["reference|\(reference)"],
            ids: [reference.split(separator: "/").last.map(String.init) ?? reference])
    }
}
