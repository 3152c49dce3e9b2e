extension FHIRBundleReader {
    /// The Patients at the top level of the bundle (not contained ones), in order; the first is the
    /// document's patient.
    var patientEntries: [FHIREntry] { entries.filter { $0.type == "Patient" && !$0.isContained } }

    /// One Patient resource as the person it names: by its official, else usual, else first name
    /// with a given or family name, else its text name; its identifiers and id.
    func patient(_ entry: FHIREntry) -> ImportedPatient {
        // The official (else usual, else first) name with a given or family name, else a text name.
        let names = entry["name"].elements
        let named = names.filter { $0["family"].rawString != nil || !$0["given"].elements.isEmpty }
        let name = named.first { $0["use"].rawString == "official" } ?? named.first { $0["use"].rawString == "usual" }
            ?? named.first ?? names.first ?? entry["name"]
        var given = name["given"].elements.first.flatMap { diagnostics.string($0) } ?? ""
        var family = diagnostics.string(name["family"]) ?? ""
        if given.isEmpty, family.isEmpty, let text = names.lazy.compactMap({ $0["text"].rawString }).first {
            let words = text.split(separator: " ").map(String.init)
            given = words.dropLast().joined(separator: " ")
            family = words.last ?? ""
        }
        if given.isEmpty, family.isEmpty {
            diagnostics.warning(entry["name"], "no given or family name")
        }
        let birthNode = entry["birthDate"]
        var birth: LocalDate?
        if let text = diagnostics.string(birthNode) {
            birth = FHIRDate.localDay(text)
            if birth == nil || text.count > 10 { diagnostics.warning(birthNode, "expected a FHIR date; value ignored") }
        }
        if let day = birth, let problem = PlausibleDate.problem(.day(day), after: diagnostics.documentDate) {
            diagnostics.warning(birthNode, problem)
            birth = nil
        }
        var identifiers: Set<String> = []
        var ids: Set<String> = entry.id.map { [$0] } ?? []
        for identifier in entry["identifier"].elements {
            guard let value = identifier["value"].rawString, !value.isEmpty else { continue }
            identifiers.insert("\(identifier["system"].rawString ?? "")|\(value)")
            ids.insert(value)
        }
        return ImportedPatient(firstName: given, lastName: family, dateOfBirth: birth, identifiers: identifiers, ids: ids)
    }
}
