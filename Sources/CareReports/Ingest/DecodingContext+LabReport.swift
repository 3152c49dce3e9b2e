/// Documents, lab reports and their results.
extension DecodingContext {
    func document(_ object: JSONNode) -> HealthDocument? {
        guard let kind = choice(object, "kind", HealthDocument.Kind.self) else { return nil }
        guard kind == .labReport else { return HealthDocument(kind: kind) }
        let laboratory = string(object, "laboratory", required: false)
        let orderedBy = string(object, "orderedBy", required: false)
        let collectedAt = date(object, "collectedAt", required: false)
        let reportedAt = date(object, "reportedAt", required: false)
        let status = choice(object, "status", LabReport.Status.self)
        let panel = self.object(object, "panel", required: false).map { inner in at("panel") { labPanel(inner) } }
        let results = array(object, "results", required: true) { item in objectElement(item, labResult) }
        let conclusion = string(object, "conclusion", required: false)
        guard let status, let results else { return nil }
        let report = LabReport(
            laboratory: laboratory, orderedBy: orderedBy, collectedAt: collectedAt, reportedAt: reportedAt, status: status,
            panel: panel ?? nil, results: results, conclusion: conclusion)
        return HealthDocument(kind: kind, labReport: report)
    }

    private func labPanel(_ object: JSONNode) -> LabPanel? {
        let name = string(object, "name")
        let loinc = string(object, "loinc", required: false)
        guard let name else { return nil }
        return LabPanel(name: name, loinc: loinc)
    }

    private func labResult(_ object: JSONNode) -> LabResult? {
        let name = string(object, "name")
        let loinc = string(object, "loinc", required: false)
        var value: LabResult.Value?
        let found = object["value"]
        switch found?.kind {
        case .number?: value = found?.number.map(LabResult.Value.number)
        case .string?: value = found?.string.map(LabResult.Value.text)
        case nil, .null?: at("value") { error("required key is missing") }
        default: at("value") { expected("a number or a string", found: found!) }
        }
        let comparator = choice(object, "comparator", LabResult.Comparator.self, required: false)
        let unit = string(object, "unit", required: false)
        let range = self.object(object, "referenceRange", required: false).map { inner in
            ReferenceRange(
                low: at("referenceRange") { number(inner, "low", required: false) },
                high: at("referenceRange") { number(inner, "high", required: false) },
                text: at("referenceRange") { string(inner, "text", required: false) })
        }
        let flag = choice(object, "flag", LabResult.Flag.self, required: false)
        let note = string(object, "note", required: false)
        guard let name, let value else { return nil }
        return LabResult(name: name, loinc: loinc, value: value, comparator: comparator, unit: unit, referenceRange: range, flag: flag, note: note)
    }
}
