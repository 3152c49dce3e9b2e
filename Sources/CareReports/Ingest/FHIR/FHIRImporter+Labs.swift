import Foundation

/// A laboratory Observation referenced by no DiagnosticReport, waiting to be grouped by day.
struct FHIRLabDraft {
    let results: [LabResult]
    let date: CareDate
    let day: LocalDate?
    let status: LabReport.Status
    /// The bundle entry it was read from.
    var entryIndex = -1
}

extension FHIRBundleReader {
    static let loincSystem = "http://loinc.org"

    static func reportStatus(_ code: String?) -> LabReport.Status {
        switch code {
        case "preliminary", "registered", "partial": .preliminary
        case "amended", "appended": .amended
        case "corrected": .corrected
        default: .final
        }
    }

    func readDiagnosticReport(_ entry: FHIREntry) {
        let name = conceptText(entry["code"])
        let effective = firstDate([entry["effectiveDateTime"], entry["effectivePeriod"]])
        let issued = diagnostics.date(entry["issued"])
        // A collection date the report says is unknown stays unknown: never its issue or the document's date.
        let unknown = effective == nil ? unknownDate(entry, [entry["effectiveDateTime"], entry["effectivePeriod"]]) : nil
        guard let date = effective?.date ?? unknown ?? issued ?? documentDate else {
            diagnostics.drop(entry.resource, "no date; expected effectiveDateTime, effectivePeriod.start or issued; record not imported")
            return
        }
        let day = effective.flatMap { FHIRDate.localDay($0.text) } ?? (unknown == nil ? entry["issued"].rawString.flatMap(FHIRDate.localDay) : nil)
        var results: [LabResult] = []
        var seen: Set<Int> = []
        var notIncluded = 0
        for reference in entry["result"].elements {
            guard let target = resolve(reference) else {
                if hasReference(reference) {
                    notIncluded += 1
                    diagnostics.warning(reference, "reference does not resolve to an Observation in this bundle; result not included")
                } else {
                    diagnostics.warning(reference, "expected a reference to an Observation; result not included")
                }
                continue
            }
            guard target.type == "Observation" else {
                diagnostics.warning(reference, "expected a reference to an Observation, found a \(target.type); result not included")
                continue
            }
            if target["status"].rawString == "entered-in-error" {
                diagnostics.warning(target["status"], "status is entered-in-error; result not included")
                continue
            }
            results += reportResults(target, seen: &seen)
        }
        let categories = entry["category"].elements.flatMap { codes($0) }
        let isLab = !results.isEmpty || categories.contains("LAB") || categories.contains("laboratory") || categories.isEmpty
        let title = [name.map(Self.title) ?? (isLab ? "Lab report" : "Report"), day.map(FHIRDate.title)]
            .compactMap { $0 }.joined(separator: ", ")
        let document: HealthDocument
        if isLab {
            let report = LabReport(
                laboratory: entry["performer"].elements.lazy.compactMap { self.displayName($0) }.first,
                collectedAt: effective?.date ?? unknown, reportedAt: issued,
                status: Self.reportStatus(diagnostics.string(entry["status"])),
                panel: name.map { LabPanel(name: $0, loinc: code(entry["code"], system: Self.loincSystem), codings: codings(entry["code"])) },
                results: results, conclusion: diagnostics.string(entry["conclusion"]), resultsNotIncluded: notIncluded)
            document = HealthDocument(kind: .labReport, labReport: report)
        } else {
            let imaging = categories.contains { ["RAD", "CT", "MR", "US", "NMR", "RX", "imaging"].contains($0) }
            document = HealthDocument(kind: imaging ? .imaging : .other)
        }
        append(ImportedRecord(
            id: recordId(entry), title: title, description: isLab ? nil : diagnostics.string(entry["conclusion"]),
            date: date, data: .document(document)))
    }

    /// An Observation's own status as stated (`status` is required; a value outside the code list
    /// is nil, its report's standing).
    static func resultStatus(_ code: String?) -> LabResult.Status? {
        code.flatMap(LabResult.Status.init(rawValue:))
    }

    /// An Observation's own date (`effectiveDateTime`, `effectivePeriod.start`), at its precision,
    /// or "date unknown" when it says so; nil when it states none.
    func resultDate(_ entry: FHIREntry) -> CareDate? {
        let nodes = [entry["effectiveDateTime"], entry["effectivePeriod"]]
        return firstDate(nodes)?.date ?? unknownDate(entry, nodes)
    }

    /// The results one Observation contributes (one, or one per component for a value-less panel);
    /// nil after an error. Each keeps the Observation's own status and date (`date`, when the
    /// caller has read it already).
    func labResults(_ entry: FHIREntry, date: CareDate?? = nil) -> [LabResult]? {
        let status = Self.resultStatus(entry["status"].rawString)
        let own: CareDate? = date ?? resultDate(entry)
        guard let name = conceptText(entry["code"]) else {
            diagnostics.drop(entry["code"], "no text or coding display naming the test; result not imported")
            return nil
        }
        let loinc = code(entry["code"], system: Self.loincSystem)
        guard let value = labValue(entry.resource, componentsAllowed: true) else {
            if case .components = labValueKind(entry.resource) {
                var results: [LabResult] = []
                for component in entry["component"].elements {
                    guard let componentName = conceptText(component["code"]) else {
                        diagnostics.drop(component["code"], "no text or coding display naming the test; result not imported")
                        continue
                    }
                    guard let value = labValue(component, componentsAllowed: false) else { continue }
                    results.append(result(
                        component, name: componentName, loinc: code(component["code"], system: Self.loincSystem), value: value,
                        status: status, date: own))
                }
                return results
            }
            return nil
        }
        return [result(entry.resource, name: name, loinc: loinc, value: value, status: status, date: own)]
    }

    private enum ValueKind { case quantity, string, concept, integer, boolean, other(String), components, absent, none }

    private func labValueKind(_ node: FHIRNode) -> ValueKind {
        if node["valueQuantity"].isPresent { return .quantity }
        if node["valueString"].isPresent { return .string }
        if node["valueCodeableConcept"].isPresent { return .concept }
        if node["valueInteger"].isPresent { return .integer }
        if node["valueBoolean"].isPresent { return .boolean }
        if let key = node.object?.keys.first(where: { $0.hasPrefix("value") && $0.count > 5 && node[$0].isPresent }) {
            return .other(key)
        }
        if !node["component"].elements.isEmpty { return .components }
        if node["dataAbsentReason"].isPresent { return .absent }
        return .none
    }

    typealias ReadValue = (value: LabResult.Value, unit: String?, comparator: LabResult.Comparator?, stated: LabResult.Stated?)

    func labValue(_ node: FHIRNode, componentsAllowed: Bool) -> ReadValue? {
        switch labValueKind(node) {
        case .quantity:
            guard let q = quantity(node["valueQuantity"], .required) else { return nil }
            return (.number(q.value), q.unit.isEmpty ? nil : q.unit, q.comparator, nil)
        case .string:
            guard let text = diagnostics.string(node["valueString"], .required) else { return nil }
            return (.text(text), nil, nil, nil)
        case .concept:
            guard diagnostics.object(node["valueCodeableConcept"], .required) != nil else { return nil }
            guard let text = conceptText(node["valueCodeableConcept"]) else {
                diagnostics.drop(node["valueCodeableConcept"], "no text or coding display; result not imported")
                return nil
            }
            let given = codings(node["valueCodeableConcept"])
            return (.text(text), nil, nil, given.isEmpty ? nil : .coded(given))
        case .integer:
            guard let number = diagnostics.number(node["valueInteger"], .required) else { return nil }
            return (.number(number), nil, nil, nil)
        case .boolean:
            guard let flag = diagnostics.bool(node["valueBoolean"], .required) else { return nil }
            return (.text(flag ? "Yes" : "No"), nil, nil, .boolean(flag))
        case .other(let key):
            let type = String(key.dropFirst(5))
            if let text = otherValue(node[key], type: type) { return (.text(text), nil, nil, statedValue(node[key], type: type)) }
            diagnostics.warning(node[key], "a value of this type is not shown; listed as \"value not shown\"")
            return (.text("value not shown"), nil, nil, nil)
        case .components where componentsAllowed:
            return nil
        case .absent:
            return (.text(Self.notRecorded(conceptText(node["dataAbsentReason"]))), nil, nil, .absent(codings(node["dataAbsentReason"])))
        case .components, .none:
            diagnostics.warning(node, "no value, dataAbsentReason or component; listed by name without a value")
            return (.text(Self.notRecorded(nil)), nil, nil, nil)
        }
    }

    /// A Range or Ratio value as stated (each bound with its unit), for the IPS output.
    private func statedValue(_ node: FHIRNode, type: String) -> LabResult.Stated? {
        func amount(_ quantity: FHIRNode) -> LabResult.Amount? {
            guard let value = quantity["value"].value, case .number(let number) = value else { return nil }
            return LabResult.Amount(number, unit: quantity["unit"].rawString ?? quantity["code"].rawString)
        }
        switch type {
        case "Range": return .range(low: amount(node["low"]), high: amount(node["high"]))
        case "Ratio":
            guard let numerator = amount(node["numerator"]), let denominator = amount(node["denominator"]) else { return nil }
            return .ratio(numerator: numerator, denominator: denominator)
        default: return nil
        }
    }

    /// A dateTime, time, Range or Ratio value in words; nil for other types.
    private func otherValue(_ node: FHIRNode, type: String) -> String? {
        func amount(_ quantity: FHIRNode) -> String? {
            guard let value = quantity["value"].value, case .number(let number) = value else { return nil }
            let unit = (quantity["unit"].rawString ?? quantity["code"].rawString).map { " " + Self.unit($0) } ?? ""
            return self.number(number) + unit
        }
        switch type {
        case "DateTime", "Time": return node.rawString
        case "Range":
            switch (amount(node["low"]), amount(node["high"])) {
            case let (low?, high?): return "\(low) to \(high)"
            case let (low?, nil): return "at least \(low)"
            case let (nil, high?): return "at most \(high)"
            default: return nil
            }
        case "Ratio":
            guard let numerator = amount(node["numerator"]), let denominator = amount(node["denominator"]) else { return nil }
            return "\(numerator) : \(denominator)"
        default: return nil
        }
    }

    /// What stands in for a value the source left out: "not recorded", with the reason it gives.
    static func notRecorded(_ reason: String?) -> String {
        guard let reason, !reason.isEmpty else { return "not recorded" }
        return "not recorded (\(reason.prefix(1).lowercased() + reason.dropFirst()))"
    }

    private func result(
        _ node: FHIRNode, name: String, loinc: String?, value: ReadValue, status: LabResult.Status?, date: CareDate?
    ) -> LabResult {
        let rangeNode = node["referenceRange"][0]
        var range: ReferenceRange?
        if rangeNode.isPresent, diagnostics.object(rangeNode) != nil {
            let low = rangeNode["low"].isPresent ? diagnostics.number(rangeNode["low"]["value"]) : nil
            let high = rangeNode["high"].isPresent ? diagnostics.number(rangeNode["high"]["value"]) : nil
            let text = diagnostics.string(rangeNode["text"])
            if low != nil || high != nil || text != nil { range = ReferenceRange(low: low, high: high, text: text) }
        }
        var flag: LabResult.Flag?
        let interpretation = node["interpretation"][0]
        if let code = interpretation["coding"][0]["code"].rawString {
            switch code {
            case "H", "HU", ">": flag = .high
            case "L", "LU", "<": flag = .low
            case "HH": flag = .criticalHigh
            case "LL": flag = .criticalLow
            case "A", "AA": flag = .abnormal
            case "N": flag = .normal
            default: diagnostics.warning(interpretation["coding"][0]["code"], "interpretation code not recognised; flag left empty")
            }
        }
        let note = node["note"].elements.lazy.compactMap { self.diagnostics.string($0["text"]) }.first
        if let specimen = specimen(node) { specimens["\(name)|\(loinc ?? "")"] = specimen }
        return LabResult(
            name: name, loinc: loinc, value: value.value, comparator: value.comparator, unit: value.unit,
            referenceRange: range, flag: flag, note: note, codings: codings(node["code"]),
            interpretation: node["interpretation"].elements.flatMap { codings($0) }, status: status, date: date, stated: value.stated)
    }

    /// A laboratory Observation no report references: its results and date, for grouping by day.
    func looseLab(_ entry: FHIREntry) -> FHIRLabDraft? {
        let effective = firstDate([entry["effectiveDateTime"], entry["effectivePeriod"]])
        let unknown = effective == nil ? unknownDate(entry, [entry["effectiveDateTime"], entry["effectivePeriod"]]) : nil
        guard let date = effective?.date ?? unknown ?? diagnostics.date(entry["issued"]) ?? documentDate else {
            diagnostics.drop(entry.resource, "no date; expected effectiveDateTime, effectivePeriod.start or issued; record not imported")
            return nil
        }
        guard let results = labResults(entry, date: .some(effective?.date ?? unknown)), !results.isEmpty else { return nil }
        let dayText = effective?.text ?? (unknown == nil ? entry["issued"].rawString : nil)
        return FHIRLabDraft(
            results: results, date: date, day: dayText.flatMap(FHIRDate.localDay),
            status: Self.reportStatus(entry["status"].rawString))
    }

    /// One "Lab results" report per day for the laboratory Observations no report references.
    /// Results whose date the document says is unknown are a report of their own, never joined to
    /// the undated ones (which take the document's date).
    func appendLooseLabReports(_ drafts: [FHIRLabDraft]) {
        struct Key: Hashable { let day: LocalDate?; let unknown: Bool }
        var days: [Key] = []
        var groups: [Key: [FHIRLabDraft]] = [:]
        for draft in drafts {
            let key = Key(day: draft.day, unknown: draft.date.isUnknown)
            if groups[key] == nil { days.append(key) }
            groups[key, default: []].append(draft)
        }
        let first = LocalDate(daysSinceEpoch: Int.min / 2)
        days.sort { ($0.day ?? first, $0.unknown ? 1 : 0) < ($1.day ?? first, $1.unknown ? 1 : 0) }
        for key in days {
            let day = key.day
            let group = groups[key] ?? []
            // The day's group is ours, not a report the source wrote: it has no status of its own.
            // Each result keeps its Observation's; the report's field holds the one they share
            // when they agree (`LabReport.statedStatus`), else final, never shown nor written.
            let statuses = Set(group.map(\.status))
            let status: LabReport.Status = statuses.count == 1 ? statuses.first! : .final
            let utc = TimeZone(identifier: "UTC")!
            let date = group.map(\.date).min { $0.resolved(in: utc) < $1.resolved(in: utc) }!
            let report = LabReport(collectedAt: date, status: status, results: group.flatMap(\.results), grouped: true)
            let id = uniqueId("lab-results-\(day.map { $0.description } ?? (key.unknown ? "date-unknown" : "undated"))")
            append(ImportedRecord(id: id, title: "Lab results", date: date, data: .document(HealthDocument(kind: .labReport, labReport: report))))
            for draft in group { ledger.shown[draft.entryIndex] = id }
        }
    }

    /// The specimen of an Observation: its Specimen's type (or the reference's display), else what
    /// its code's LOINC name says ("… in Urine").
    private func specimen(_ node: FHIRNode) -> String? {
        let reference = node["specimen"]
        if reference.isPresent {
            if let target = resolve(reference), target.type == "Specimen", let type = conceptText(target["type"]) { return type.lowercased() }
            if let display = reference["display"].rawString, !display.isEmpty { return display.lowercased() }
        }
        let names = [node["code"]["text"].rawString] + node["code"]["coding"].elements.map { $0["display"].rawString }
        return names.lazy.compactMap { LabSpecimenNames.fromName($0) }.first
    }
}
