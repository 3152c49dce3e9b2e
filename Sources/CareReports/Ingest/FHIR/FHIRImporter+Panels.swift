/// Which Observations are read inside a report rather than on their own: those a DiagnosticReport
/// lists (a listed panel brings its members), then the members of laboratory panels
/// (`Observation.hasMember`) no report lists. A result is read once, in the first report that has it.
struct FHIRResultClaims {
    var inReport: Set<Int> = []
    var inPanel: Set<Int> = []
    /// Panels that are members of another panel: their own members stand in their place.
    var childPanels: Set<Int> = []
    /// Each top-level laboratory panel and the members only it reports (empty when a
    /// DiagnosticReport lists them all: the panel and the report are the same results).
    var panels: [Int: [FHIREntry]] = [:]
}

extension FHIRBundleReader {
    func claimResults() -> FHIRResultClaims {
        var claims = FHIRResultClaims()
        for entry in entries where entry.type == "DiagnosticReport" && !entry.isContained {
            for reference in entry["result"].elements {
                guard let target = resolve(reference), target.type == "Observation" else { continue }
                claims.inReport.insert(target.index)
                if isPanel(target) { claims.inReport.formUnion(members(of: target).map(\.index)) }
            }
        }
        for entry in entries where isPanel(entry) {
            for reference in entry["hasMember"].elements {
                if let target = resolve(reference), target.index != entry.index { claims.childPanels.insert(target.index) }
            }
        }
        for entry in entries where isPanel(entry) && !entry.isContained {
            guard !claims.childPanels.contains(entry.index), !claims.inReport.contains(entry.index), isLaboratory(entry) else { continue }
            let own = members(of: entry).filter { !claims.inReport.contains($0.index) && !claims.inPanel.contains($0.index) }
            claims.inPanel.formUnion(own.map(\.index))
            claims.panels[entry.index] = own
        }
        return claims
    }

    /// The Observation's category codes, lower-cased (and its category texts when it has no code);
    /// HL7 v2 "LAB" reads as "laboratory".
    func categories(_ entry: FHIREntry) -> [String] {
        entry["category"].elements.flatMap { category -> [String] in
            let found = codes(category)
            return (found.isEmpty ? [category["text"].rawString].compactMap { $0 } : found).map { code in
                let lower = code.lowercased()
                return lower == "lab" ? "laboratory" : lower
            }
        }
    }

    func isVitalSign(_ entry: FHIREntry) -> Bool {
        let categories = categories(entry)
        return categories.contains("vital-signs")
            || (categories.isEmpty && code(entry["code"], system: Self.loincSystem).flatMap { Self.vitalKinds[$0] } != nil)
            || code(entry["code"], system: Self.loincSystem) == "85353-1"
    }

    /// A laboratory Observation, or one with no category that is not a vital sign.
    func isLaboratory(_ entry: FHIREntry) -> Bool {
        let categories = categories(entry)
        return categories.contains("laboratory")
            || (categories.isEmpty && !isVitalSign(entry) && !Self.findingCodes.contains(code(entry["code"], system: Self.loincSystem) ?? ""))
    }

    /// LOINC codes of facts that are never laboratory results, whatever their category: pregnancy
    /// status, expected delivery date, last menstrual period, pregnancy history, smoking, tobacco
    /// and alcohol use, and 63586-2 (the PRAPARE question on the family's income last year).
    static let findingCodes: Set<String> = [
        "82810-3", "11778-8", "11779-6", "11780-4", "8665-2", "11640-0", "11636-8", "11612-9", "11613-7", "11614-5", "33065-4",
        "72166-2", "11367-0", "74013-4", "11331-6", "63586-2",
    ]

    /// A panel no DiagnosticReport lists: one lab report, titled by the panel's code, whose results
    /// are its members (and its own value, if it has one).
    func readPanel(_ entry: FHIREntry, members: [FHIREntry]) {
        for reference in entry["hasMember"].elements where resolve(reference) == nil {
            diagnostics.warning(reference, "panel member does not resolve to an Observation in this bundle; member not included")
        }
        var results = hasValue(entry) ? labResults(entry) ?? [] : []
        for member in members where member["status"].rawString != "entered-in-error" {
            results += labResults(member) ?? []
        }
        guard !results.isEmpty else { return }  // every member is in a DiagnosticReport already
        let dated = [entry] + members
        let effective = dated.lazy.compactMap { self.firstDate([$0["effectiveDateTime"], $0["effectivePeriod"]]) }.first
        let issued = dated.lazy.compactMap { self.diagnostics.date($0["issued"]) }.first
        guard let date = effective?.date ?? issued ?? documentDate else {
            diagnostics.drop(entry.resource, "no date; expected effectiveDateTime, effectivePeriod.start or issued; record not imported")
            return
        }
        let name = conceptText(entry["code"]) ?? "Lab panel"
        let day = effective.flatMap { FHIRDate.localDay($0.text) }
        let report = LabReport(
            laboratory: entry["performer"].elements.lazy.compactMap { self.displayName($0) }.first,
            collectedAt: effective?.date, reportedAt: issued, status: Self.reportStatus(entry["status"].rawString),
            panel: LabPanel(name: name, loinc: code(entry["code"], system: Self.loincSystem), codings: codings(entry["code"])), results: results)
        let title = [Self.title(name), day.map(FHIRDate.title)].compactMap { $0 }.joined(separator: ", ")
        append(ImportedRecord(
            id: recordId(entry), title: title, date: date, data: .document(HealthDocument(kind: .labReport, labReport: report))))
    }

    /// The results of one Observation a DiagnosticReport lists: a panel stands for its members.
    /// `seen` keeps a result listed twice (as itself and inside a panel) from counting twice.
    func reportResults(_ target: FHIREntry, seen: inout Set<Int>) -> [LabResult] {
        guard seen.insert(target.index).inserted else { return [] }
        guard isPanel(target) else { return labResults(target) ?? [] }
        var results = hasValue(target) ? labResults(target) ?? [] : []
        for member in members(of: target) where seen.insert(member.index).inserted {
            if member["status"].rawString == "entered-in-error" { continue }
            results += labResults(member) ?? []
        }
        return results
    }
}
