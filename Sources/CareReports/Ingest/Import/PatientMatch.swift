/// Whether clinical documents are about one patient, and which documents `--patient` keeps.
///
/// Two documents' patients are the same person when they share an identifier (`system|value`),
/// or when both are named and their given and family names (ignoring case) and dates of birth
/// (when both give one) agree. Otherwise they differ: "by identifier" when they hold identifiers
/// of a common system, else "by name and date of birth". Messages name files, never a patient.
enum PatientMatch {
    /// True when `a` and `b` are the same person by the rule above.
    static func same(_ a: ImportedPatient, _ b: ImportedPatient) -> Bool {
        if !a.identifiers.isDisjoint(with: b.identifiers) { return true }
        guard named(a), named(b) else { return false }
        return a.firstName.lowercased() == b.firstName.lowercased() && a.lastName.lowercased() == b.lastName.lowercased()
            && (a.dateOfBirth == nil || b.dateOfBirth == nil || a.dateOfBirth == b.dateOfBirth)
    }

    /// "identifier" or "name and date of birth": what tells two different patients apart.
    static func difference(_ a: ImportedPatient, _ b: ImportedPatient) -> String {
        let systems = { (patient: ImportedPatient) in
            Set(patient.identifiers.map { String($0.split(separator: "|", omittingEmptySubsequences: false)[0]) }).subtracting(["reference"])
        }
        return systems(a).isDisjoint(with: systems(b)) && named(a) && named(b) ? "name and date of birth" : "identifier"
    }

    /// The documents without the records, inside a document, that name another patient than
    /// the document's own (each such part left out with a warning that counts its records); a
    /// part about the same person (a second Patient resource for them) stays.
    static func ownSubjects(_ documents: [ImportedDocument], diagnostics: inout [Diagnostic]) -> [ImportedDocument] {
        var owners: [String: ImportedPatient] = [:]
        for document in documents where !document.isOtherSubject {
            if let patient = document.patient, owners[document.file] == nil { owners[document.file] = patient }
        }
        var leftOut: [String: Int] = [:]
        let kept = documents.filter { document in
            guard document.isOtherSubject else { return true }
            if let owner = owners[document.file], let patient = document.patient, same(owner, patient) { return true }
            let count = document.records.count
            leftOut[document.file, default: 0] += count
            diagnostics.append(Diagnostic(
                .warning, file: document.file,
                message: "\(count) record\(count == 1 ? "" : "s") name\(count == 1 ? "s" : "") another patient as subject than the document's; "
                    + "not imported (give --patient ID to read that patient's records instead)"))
            return false
        }
        // The document's own part says how many were left out, so its pages do.
        var told: Set<String> = []
        return kept.map { document in
            guard !document.isOtherSubject, let count = leftOut[document.file], !told.contains(document.file) else { return document }
            told.insert(document.file)
            var document = document
            document.otherPatientRecords = count
            return document
        }
    }

    private static func named(_ patient: ImportedPatient) -> Bool { !patient.firstName.isEmpty || !patient.lastName.isEmpty }

    /// The documents to place: all of them when their patients are one person; with `chosen`, those
    /// whose patient has that id (and those that name no patient), the others left out with a
    /// warning each. Nil, with an error per document of a second patient, when they are about two
    /// or more people and `chosen` does not pick one; an error too when `chosen` matches no document.
    static func onePatient(_ documents: [ImportedDocument], chosen: String?, diagnostics: inout [Diagnostic]) -> [ImportedDocument]? {
        var documents = documents
        if chosen == nil { documents = ownSubjects(documents, diagnostics: &diagnostics) }
        if let chosen {
            let kept = documents.filter { $0.patient.map { $0.ids.contains(chosen) } ?? true }
            guard kept.contains(where: { $0.patient != nil }) else {
                diagnostics.append(Diagnostic(.error, file: documents[0].file, message: "--patient matches the patient of no clinical document in the input; nothing imported"))
                return nil
            }
            for document in documents where document.patient.map({ !$0.ids.contains(chosen) }) ?? false {
                diagnostics.append(Diagnostic(
                    .warning, file: document.file,
                    message: "about another patient than the one --patient names; \(document.records.count) record\(document.records.count == 1 ? "" : "s") not imported"))
            }
            return kept
        }
        var first: ImportedDocument?
        var different = false
        for document in documents {
            guard let patient = document.patient else { continue }
            guard let reference = first, let known = reference.patient else {
                first = document
                continue
            }
            if !same(known, patient) {
                different = true
                let about = reference.file == document.file
                    ? "the file holds records of two different patients"
                    : "\(reference.file) and \(document.file) are about two different patients"
                diagnostics.append(Diagnostic(
                    .error, file: document.file,
                    message: "\(about) (they differ by \(difference(known, patient))); nothing is imported. "
                        + "Give --patient ID to read one patient's documents"))
            }
        }
        return different ? nil : documents
    }
}
