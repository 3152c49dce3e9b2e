import Foundation

/// Results (30954-2) (vital signs: `CCDAReader+VitalSigns.swift`).
///
/// Results: each `organizer` becomes one lab report (a `.document` record of kind `.labReport`):
/// panel name from the organizer code's `displayName`/`originalText` (LOINC kept when the code
/// system is LOINC), collected at the organizer's `effectiveTime` (value or low), else the first
/// component's. Status: organizer `active`/`new`/`held` or any pending component → preliminary,
/// otherwise final. Each component `observation` becomes one result:
/// - `PQ` → number and unit (unit `1` means none); `ST`/`ED` text → a number with comparator when
///   it reads `<5`, `<=5`, `>200`, `>= 200` (optionally followed by a unit), else the text;
/// - `IVL_PQ` → a bound with a comparator when only one side is given (or the other side is
///   `PINF`/`NINF`, or the low side is 0): high → `<` (`<=` when inclusive, the default), low → `>`
///   (`>=` when inclusive); equal bounds → that number; otherwise a text range `low-high`;
/// - no value or a `nullFlavor` value while the result (or its organizer) is `active` → text
///   `pending`; otherwise the result is skipped with a warning;
/// - `interpretationCode` N → normal, H/HU/H>/`>` → high, L/LU/L</`<` → low, HH → critical high,
///   LL → critical low, A/AA → abnormal;
/// - reference range: the first `observationRange` that is marked normal (`N`) or unmarked, else
///   the first; low/high from an `IVL_PQ` value, text from the range's `text` (or an `ST` value).
///   When there are several, the note says how many were left out; a range unit different from
///   the result unit is noted too.
extension CCDAReader {
    mutating func readResults(_ section: CCDANode) {
        for entry in section.children("entry") {
            guard let organizer = entry.child("organizer") else {
                if let observation = entry.child("observation") {
                    readResultOrganizer(observation, components: [observation])
                } else {
                    warn(entry, "a results entry without an organizer is not imported; skipped")
                }
                continue
            }
            readResultOrganizer(organizer, components: organizer.all("component", "observation"))
        }
    }

    private mutating func readResultOrganizer(_ organizer: CCDANode, components: [CCDANode]) {
        let organizerStatus = organizer.child("statusCode")?.value("code")
        let organizerActive = ["active", "new", "held"].contains(organizerStatus ?? "")
        var results: [LabResult] = []
        var anyPending = false
        var firstComponentDate: CareDate?
        for observation in components {
            if firstComponentDate == nil { firstComponentDate = start(observation.child("effectiveTime")) }
            guard let (result, pending) = readResult(observation, organizerActive: organizerActive, inOrganizer: !(organizer === observation))
            else {
                // A result inside an organizer that cannot be read is shown by its section's
                // narrative, as a top-level one is (see `accountForUnreadEntries`).
                if !(organizer === observation), let entry = CCDAEntryTracker.entry(of: observation.pointer) { tracker.partlyRead.insert(entry) }
                continue
            }
            results.append(result)
            let specimenCode = (observation.at("specimen", "specimenRole", "specimenPlayingEntity", "code")
                ?? organizer.at("specimen", "specimenRole", "specimenPlayingEntity", "code"))
            let code = observation.child("code")
            if let specimen = displayName(specimenCode)?.lowercased()
                ?? LabSpecimenNames.fromName(code?.value("displayName"))
                ?? code?.children("translation").lazy.compactMap({ LabSpecimenNames.fromName($0.value("displayName")) }).first {
                specimens["\(result.name)|\(result.loinc ?? "")"] = specimen
            }
            anyPending = anyPending || pending
        }
        guard !results.isEmpty else {
            warn(organizer, "the result organizer has no readable result; skipped")
            return
        }
        let code = organizer === components.first ? nil : organizer.child("code")
        let panelName = displayName(code)
        let panelLOINC = code.flatMap { $0.value("codeSystem") == CCDAReader.loinc ? $0.value("code") : nil }
        let organizerDate = organizer === components.first ? nil : start(organizer.child("effectiveTime"))
        let unknown = (!(organizer === components.first) && Self.statesUnknown(organizer.child("effectiveTime")))
            || components.contains { Self.statesUnknown($0.child("effectiveTime")) }
        guard let date = recordDate(organizerDate ?? firstComponentDate, organizer, what: "the result organizer", unknown: unknown)
        else { return }
        let status: LabReport.Status = organizerActive || anyPending ? .preliminary : .final
        let title = panelName ?? (results.count == 1 ? results[0].name : "Lab results")
        let report = LabReport(
            collectedAt: date, status: status, panel: panelName.map { LabPanel(name: $0, loinc: panelLOINC, codings: codings(code)) }, results: results
        )
        records.append(ImportedRecord(id: makeID(organizer, kind: "result"), title: title, date: date,
                                      data: .document(HealthDocument(kind: .labReport, labReport: report))))
    }

    /// One result observation; nil (with a warning) when it cannot be read. The flag says whether
    /// the result is pending.
    private mutating func readResult(_ observation: CCDANode, organizerActive: Bool, inOrganizer: Bool) -> (LabResult, Bool)? {
        let code = observation.child("code")
        let loinc = code.flatMap { $0.value("codeSystem") == CCDAReader.loinc ? $0.value("code") : nil }
            ?? code?.children("translation").first { $0.value("codeSystem") == CCDAReader.loinc }?.value("code")
        guard let name = displayName(code) ?? loinc.map({ "LOINC \($0)" }) else {
            warn(observation, "the result has no name (code displayName or originalText); skipped")
            return nil
        }
        let active = observation.child("statusCode")?.value("code") == "active" || organizerActive
        var notes: [String] = []
        let valueNode = observation.child("value")
        var value: LabResult.Value
        var comparator: LabResult.Comparator?
        var unit: String?
        var stated: LabResult.Stated?
        var pending = false
        if let valueNode, !valueNode.isNull, let read = resultValue(valueNode) {
            (value, comparator, unit) = read
            stated = statedValue(valueNode)
        } else if active {
            value = .text("pending")
            pending = true
        } else {
            warn(valueNode ?? observation, valueNode == nil || valueNode!.isNull
                ? "the result has no value and is not pending; skipped"
                : "the result value type is not supported (PQ, IVL_PQ, ST, CD, BL, RTO); skipped")
            return nil
        }
        if unit == "1" { unit = nil }

        var flag: LabResult.Flag?
        for interpretation in observation.children("interpretationCode") where flag == nil {
            flag = CCDAReader.flag(interpretation.value("code"))
        }
        if flag == nil, let interpretation = observation.child("interpretationCode"), !interpretation.isNull {
            warn(interpretation, "the interpretation code is not one of N, H, L, HH, LL, A; flag left empty")
        }

        let ranges = observation.all("referenceRange", "observationRange")
        var range: ReferenceRange?
        if let chosen = ranges.first(where: { ["N", nil].contains($0.child("interpretationCode")?.value("code")) }) ?? ranges.first {
            let (read, rangeUnit) = referenceRange(chosen)
            range = read
            if let rangeUnit, let unit, rangeUnit != unit {
                notes.append("reference range unit \(rangeUnit) differs from the result unit \(unit)")
                warn(chosen, "the reference range unit differs from the result unit")
            }
            if ranges.count > 1 {
                notes.append("\(ranges.count) reference ranges given; the \(chosen.child("interpretationCode") == nil ? "first" : "normal (N)") range is shown")
            }
        }
        let result = LabResult(name: name, loinc: loinc, value: value, comparator: comparator, unit: unit,
                               referenceRange: range, flag: flag, note: notes.isEmpty ? nil : notes.joined(separator: "; "),
                               codings: codings(code),
                               interpretation: observation.children("interpretationCode").flatMap { codings($0) },
                               status: Self.resultStatus(observation.child("statusCode")?.value("code"), pending: pending),
                               date: inOrganizer ? ownDate(observation) : nil, stated: stated)
        return (result, pending)
    }

    /// A result observation's own status as stated: `completed` → final, `active` → preliminary,
    /// `aborted` or `cancelled` → cancelled; none stated (or another code) → nil, its organizer's
    /// standing. A pending result is preliminary.
    static func resultStatus(_ code: String?, pending: Bool) -> LabResult.Status? {
        if pending { return .preliminary }
        switch code {
        case "completed": return .final
        case "active": return .preliminary
        case "aborted", "cancelled": return .cancelled
        default: return nil
        }
    }

    /// A component's own date at its own precision ("2024" stays 2024), "date unknown" when its
    /// `effectiveTime` says so (a `nullFlavor`), nil when it states no `effectiveTime` at all (the
    /// organizer's date stands).
    private mutating func ownDate(_ observation: CCDANode) -> CareDate? {
        let effectiveTime = observation.child("effectiveTime")
        if let own = start(effectiveTime) { return own }
        if Self.statesUnknown(effectiveTime), let documentDate {
            return .unknown(filedOn: documentDate.localDay(in: TimeZone(secondsFromGMT: 0)!))
        }
        return nil
    }

    /// The value as typed where the number or text read from it would lose it (a boolean, a
    /// ratio, a range with its unit, a coded value's codes), for the IPS output.
    private func statedValue(_ node: CCDANode) -> LabResult.Stated? {
        func amount(_ bound: CCDANode?) -> LabResult.Amount? {
            guard let bound, !bound.isNull, let value = CCDAReader.decimal(bound.attribute("value")) else { return nil }
            return LabResult.Amount(value, unit: bound.value("unit").flatMap { $0 == "1" ? nil : $0 })
        }
        switch node.xsiType {
        case "BL": return node.attribute("value").map { .boolean($0 == "true") }
        case "RTO", "RTO_PQ_PQ", "RTO_INT_INT":
            guard let numerator = amount(node.child("numerator")), let denominator = amount(node.child("denominator")) else { return nil }
            return .ratio(numerator: numerator, denominator: denominator)
        case "IVL_PQ":
            let low = amount(node.child("low")), high = amount(node.child("high"))
            guard let low, let high, low.value != high.value, low.value != 0 else { return nil }
            return .range(low: low, high: high)
        case "CD", "CE", "CO", "CV":
            let given = codings(node)
            return given.isEmpty ? nil : .coded(given)
        default: return nil
        }
    }

    static func flag(_ code: String?) -> LabResult.Flag? {
        switch code {
        case "N": .normal
        case "H", "HU", "H>", ">": .high
        case "L", "LU", "L<", "<": .low
        case "HH": .criticalHigh
        case "LL": .criticalLow
        case "A", "AA": .abnormal
        default: nil
        }
    }

    /// A result value by its `xsi:type`; nil when the type is not supported or unreadable.
    private func resultValue(_ node: CCDANode) -> (LabResult.Value, LabResult.Comparator?, String?)? {
        switch node.xsiType {
        case "PQ", "REAL", "INT":
            guard let number = CCDAReader.decimal(node.attribute("value")) else { return nil }
            return (.number(number), nil, node.value("unit"))
        case "IVL_PQ":
            return interval(node)
        case "ST", "ED":
            guard let text = node.text else { return nil }
            return CCDAReader.comparatorText(text)
        case "CD", "CE", "CO", "CV":
            return displayName(node).map { (.text($0), nil, nil) }
        case "BL":
            // Read as the FHIR importer reads a valueBoolean.
            switch node.attribute("value") {
            case "true": return (.text("Yes"), nil, nil)
            case "false": return (.text("No"), nil, nil)
            default: return nil
            }
        case "RTO", "RTO_PQ_PQ", "RTO_INT_INT":
            // "1 : 640", as the FHIR importer writes a valueRatio.
            func term(_ bound: CCDANode?) -> String? {
                guard let bound, !bound.isNull, let raw = bound.attribute("value"), CCDAReader.decimal(raw) != nil else { return nil }
                let unit = bound.value("unit").flatMap { $0 == "1" ? nil : $0 }
                return raw + (unit.map { " " + $0 } ?? "")
            }
            guard let numerator = term(node.child("numerator")), let denominator = term(node.child("denominator")) else { return nil }
            return (.text("\(numerator) : \(denominator)"), nil, nil)
        default:
            if let text = node.text { return CCDAReader.comparatorText(text) }
            return nil
        }
    }

    private func interval(_ node: CCDANode) -> (LabResult.Value, LabResult.Comparator?, String?)? {
        let low = node.child("low").flatMap { $0.isNull ? nil : $0 }
        let high = node.child("high").flatMap { $0.isNull ? nil : $0 }
        let lowValue = CCDAReader.decimal(low?.attribute("value"))
        let highValue = CCDAReader.decimal(high?.attribute("value"))
        let unit = low?.value("unit") ?? high?.value("unit")
        func inclusive(_ bound: CCDANode?) -> Bool { bound?.value("inclusive") != "false" }
        switch (lowValue, highValue) {
        case (let l?, let h?) where l == h:
            return (.number(l), nil, unit)
        case (let l?, let h?) where l == 0:
            return (.number(h), inclusive(high) ? .lessOrEqual : .less, high?.value("unit") ?? unit)
        case (_?, _?):
            // The bounds as written ("5.0-6.0"), decimals kept.
            let written = [low, high].map { $0?.attribute("value")?.trimmingCharacters(in: .whitespaces) ?? "" }
            return (.text("\(written[0])-\(written[1])"), nil, unit)
        case (let l?, nil):
            return (.number(l), inclusive(low) ? .greaterOrEqual : .greater, unit)
        case (nil, let h?):
            return (.number(h), inclusive(high) ? .lessOrEqual : .less, unit)
        case (nil, nil):
            return nil
        }
    }

    /// `<5`, `<= 5 mg/dL`, `>200`, `≥ 1.5`, `12` → a number (with comparator and unit); other
    /// text stays text.
    static func comparatorText(_ text: String) -> (LabResult.Value, LabResult.Comparator?, String?) {
        var rest = Substring(text.trimmingCharacters(in: .whitespaces))
        var comparator: LabResult.Comparator?
        for (prefix, value) in [("<=", LabResult.Comparator.lessOrEqual), (">=", .greaterOrEqual), ("≤", .lessOrEqual), ("≥", .greaterOrEqual), ("<", .less), (">", .greater)] where rest.hasPrefix(prefix) {
            comparator = value
            rest = rest.dropFirst(prefix.count)
            break
        }
        let tokens = rest.split(separator: " ", maxSplits: 1)
        if let first = tokens.first, let number = decimal(String(first)) {
            let unit = tokens.count > 1 ? String(tokens[1]).trimmingCharacters(in: .whitespaces) : nil
            if unit == nil || (unit!.count <= 20 && !unit!.contains(where: \.isNumber) || unit!.contains("/")) {
                return (.number(number), comparator, unit)
            }
        }
        return (.text(text), nil, nil)
    }

    /// The range and its unit (from the `IVL_PQ` bounds).
    private func referenceRange(_ observationRange: CCDANode) -> (ReferenceRange?, String?) {
        var low: Double?, high: Double?, unit: String?
        var text: String?
        if let rangeText = observationRange.child("text") {
            if let reference = rangeText.child("reference")?.value("value") { text = narrative(reference) }
            if text == nil { text = CCDANode.collapse(CCDANode.text(of: rangeText.pointer.pointee.children)).nilIfEmpty }
        }
        if let value = observationRange.child("value") {
            switch value.xsiType {
            case "IVL_PQ", "IVL_REAL", "IVL_INT":
                for (name, bound) in [("low", value.child("low")), ("high", value.child("high"))] {
                    guard let bound, !bound.isNull, let number = CCDAReader.decimal(bound.attribute("value")) else { continue }
                    if name == "low" { low = number } else { high = number }
                    unit = unit ?? bound.value("unit")
                }
            default:
                if text == nil { text = value.text ?? displayName(value) }
            }
        }
        if low == nil, high == nil, text == nil { return (nil, nil) }
        return (ReferenceRange(low: low, high: high, text: text), unit)
    }
}

extension CCDANode {
    static func === (lhs: CCDANode, rhs: CCDANode?) -> Bool { rhs.map { lhs.pointer == $0.pointer } ?? false }
}

fileprivate extension String {
    var nilIfEmpty: String? { isEmpty ? nil : self }
}
