import Foundation

/// Places imported clinical documents in the export: each joins the circle whose care recipient it
/// is about (same name and date of birth), or the only circle; with no circle at all, a circle is
/// made for the patient with the patient as its only member. Imported records take the privacy
/// level chosen with `--import-privacy`.
///
/// One patient per summary: documents about two different patients (``PatientMatch``) are never
/// merged. Each is an error naming both files, and nothing is placed, unless `--patient ID`
/// (`patient`) chooses one patient's documents; the others are then left out with a warning that
/// counts their records. A document whose patient is not the only circle's care recipient is an
/// error too, unless `--patient` names that patient.
struct ImportPlacer {
    let privacy: PrivacyLevel
    /// `--patient`: an id of the patient whose documents are read (see ``ImportedPatient/ids``).
    var patient: String? = nil

    /// Places every document it can; returns how many documents and records were placed. An
    /// imported record's id is made to differ from `nativeIds` (every valid native health record's
    /// id, whether or not its circle was kept), so it is the same in every load of the export.
    @discardableResult
    func place(
        _ documents: [ImportedDocument], into export: inout CareExport, nativeIds: Set<String>, diagnostics: inout [Diagnostic]
    ) -> (documents: Int, records: Int) {
        var placed = (documents: 0, records: 0)
        guard !documents.isEmpty else { return placed }
        guard let documents = PatientMatch.onePatient(documents, chosen: patient, diagnostics: &diagnostics) else { return placed }
        var usedIds = nativeIds
        for document in documents {
            guard let circle = circle(for: document, in: &export, diagnostics: &diagnostics) else { continue }
            let recipient = circle.careRecipient.userId
            let prefix = Self.prefix(document)
            placed.documents += 1
            placed.records += document.records.count
            export.sourceDocuments.append(SourceDocument(
                recordPrefix: "\(prefix):", circleId: circle.id,
                name: document.title ?? (document.file as NSString).lastPathComponent, date: document.date))
            for record in document.records {
                var id = "\(prefix):\(record.id)"
                var counter = 2
                while usedIds.contains(id) {
                    id = "\(prefix):\(record.id)-\(counter)"
                    counter += 1
                }
                usedIds.insert(id)
                export.healthRecords.append(HealthRecord(
                    id: id, title: record.title, description: record.description, date: record.date,
                    careRecipientId: recipient, careCircleId: circle.id, createdBy: Actor(userId: recipient, role: .careRecipient),
                    privacyLevel: privacy, visibleTo: [], data: record.data, attachments: record.attachments,
                    importedFrom: document.format, codings: record.codings))
            }
            if !document.notShown.isEmpty || document.otherPatientRecords > 0, let date = document.date {
                // What the document holds that is not read: a record of its own, under the same
                // privacy, so pages say so (and say nothing of it to whoever may not see it).
                let id = usedIds.contains("\(prefix):not-shown") ? "\(prefix):not-shown-\(usedIds.count)" : "\(prefix):not-shown"
                usedIds.insert(id)
                let title = document.title ?? (document.file as NSString).lastPathComponent
                export.healthRecords.append(HealthRecord(
                    id: id, title: title, date: date, careRecipientId: recipient, careCircleId: circle.id,
                    createdBy: Actor(userId: recipient, role: .careRecipient), privacyLevel: privacy, visibleTo: [],
                    data: .document({
                        var told = HealthDocument(kind: .other, notShown: document.notShown, otherPatientRecords: document.otherPatientRecords)
                        told.otherPatientParts = document.otherPatientParts
                        return told
                    }()),
                    importedFrom: document.format))
            }
        }
        return placed
    }

    /// `fhir:bundle-name` or `ccda:document-name`, from the file name.
    static func prefix(_ document: ImportedDocument) -> String {
        let kind = document.format.hasPrefix("FHIR") ? "fhir" : "ccda"
        let stem = (document.file as NSString).lastPathComponent.split(separator: ".").first.map(String.init) ?? "document"
        return "\(kind):\(stem)"
    }

    private func circle(for document: ImportedDocument, in export: inout CareExport, diagnostics: inout [Diagnostic]) -> CareCircle? {
        if let patient = document.patient {
            let matches = export.circles.filter { circle in
                let recipient = circle.careRecipient
                return recipient.firstName.lowercased() == patient.firstName.lowercased()
                    && recipient.lastName.lowercased() == patient.lastName.lowercased()
                    && (recipient.dateOfBirth == nil || patient.dateOfBirth == nil || recipient.dateOfBirth == patient.dateOfBirth)
            }
            if matches.count == 1 { return matches[0] }
        }
        if export.circles.count == 1 {
            if let patient = document.patient, self.patient.map({ !patient.ids.contains($0) }) ?? true {
                diagnostics.append(Diagnostic(
                    .error, file: document.file,
                    message: "the document's patient differs from the circle's care recipient by name and date of birth; "
                        + "not imported (give --patient with the document's patient id to read it as the care recipient's)"))
                return nil
            }
            return export.circles[0]
        }
        if export.circles.isEmpty {
            return makeCircle(for: document, in: &export)
        }
        diagnostics.append(Diagnostic(
            .error, file: document.file,
            message: "cannot tell which circle the document is about: its patient matches no single care recipient by name and date of birth"))
        return nil
    }

    /// A circle for the patient alone, when the input holds clinical documents only.
    private func makeCircle(for document: ImportedDocument, in export: inout CareExport) -> CareCircle {
        var patient = document.patient ?? ImportedPatient(firstName: "Patient", lastName: "", dateOfBirth: nil)
        if patient.firstName.isEmpty, patient.lastName.isEmpty {
            patient = ImportedPatient(firstName: "Patient", lastName: "(name not recorded)", dateOfBirth: patient.dateOfBirth)
        }
        let userId = "patient"
        let circle = CareCircle(
            id: "imported", name: "Records of \(patient.firstName) \(patient.lastName)".trimmingCharacters(in: .whitespaces),
            careRecipient: CareRecipient(userId: userId, firstName: patient.firstName, lastName: patient.lastName, dateOfBirth: patient.dateOfBirth),
            members: [CircleMember(userId: userId, roles: [.careRecipient], relationshipToRecipient: "self")])
        export.users.append(User(id: userId, firstName: patient.firstName, lastName: patient.lastName))
        export.circles.append(circle)
        return circle
    }
}
