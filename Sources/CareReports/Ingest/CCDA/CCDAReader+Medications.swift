import Foundation

/// Medications (10160-0): each `substanceAdministration` becomes one medication.
/// - name: `consumable/manufacturedProduct/manufacturedMaterial/code` `displayName`, else its
///   `originalText` (or the narrative it references), else `manufacturedMaterial/name`;
///   RxNorm from that code (or a translation) when the code system is RxNorm;
/// - dose: `doseQuantity` value and unit; with no unit (or `1`), the countable unit of the
///   `administrationUnitCode`, else of the dose form the name ends with ("… Inhaler" → puffs), else
///   of the entry's text ("2 puffs"), else "dose"; route: `routeCode` displayName without NCI's
///   " Route of Administration" suffix (a route never stands as a unit);
/// - `effectiveTime` `IVL_TS` low/high (or a single `value`) → start/end (start falls back to the
///   author time, then the document date); `PIVL_TS` period → `frequency` ("4 times a day" when
///   `institutionSpecified` divides a day, "every 8 hours" otherwise); `EIVL_TS` event (before
///   meals, at bedtime…) → `frequency` events;
/// - a `precondition` → as needed (`asNeeded`, "as needed" in the instructions, with the
///   criterion's displayName when coded); `maxDailyDoses` only from a stated `maxDoseQuantity`
///   per day (never inferred from the frequency: q6h as needed states no cap);
/// - status: `active`/`new` → active, `suspended`/`held` → on hold, `completed`/`aborted`/
///   `cancelled` → stopped (`nullified`, entered in error, is not imported); an active order in a
///   planned mood (INT, RQO, PRP…) → planned, its intent plan, order or proposal, except in a
///   discharge list (4.35 is INT by its template: the medicines the patient goes home with). The
///   Plan of Treatment's planned `substanceAdministration`s are read here too;
/// - a dose given as a range (`doseQuantity` IVL_PQ `low`/`high`) → the low as `dose`, the high as `doseHigh`;
/// - no named medication with `negationInd` or a `nullFlavor`: a statement of absence ("No known
///   medications.", see `CCDAReader+Absences`);
/// - an indication (`entryRelationship/observation` template 4.19) → `reason`;
/// - **refused** (`negationInd="true"`): kept as a medication with status stopped, end date =
///   start date, and instructions starting "Refused (not taken)", followed by the reason's
///   displayName when a reason observation (QRDA 2.16.840.1.113883.10.20.24.3.88 or LOINC 77301-0)
///   gives one. The entry's author is who recorded it, not necessarily the prescriber, so
///   `prescriber` is left empty.
extension CCDAReader {
    /// `list`: `.discharge` for a Hospital Discharge Medications section, whose entries are Discharge
    /// Medication acts (4.35) around the `substanceAdministration`: the medicines the patient goes
    /// home with (the current list); `.notCurrent` for another medication list of a discharge document.
    mutating func readMedications(_ section: CCDANode, list: Medication.SourceList? = nil) {
        for entry in section.children("entry") {
            let wrapped = list == .discharge ? entry.child("act")?.all("entryRelationship", "substanceAdministration").first : nil
            guard let administration = entry.child("substanceAdministration") ?? wrapped else {
                warn(entry, "a medications entry without a substanceAdministration is not imported; skipped")
                continue
            }
            readMedication(administration, list: list, inMedicationList: true)
        }
    }

    /// Also reads a planned medicine of the Plan of Treatment (mood INT, RQO, PRP…), with its dose, route and schedule.
    mutating func readMedication(_ node: CCDANode, list: Medication.SourceList?, inMedicationList: Bool = false) {
        if isNullified(node) { return }
        let material = node.at("consumable", "manufacturedProduct", "manufacturedMaterial")
        let code = material?.child("code")
        if let absence = medicationAbsence(node, material: material) {
            appendAbsence(node, absence, kind: "medication")
            return
        }
        guard let name = displayName(code) ?? material?.child("name")?.text else {
            warn(node, "the medication has no name (manufacturedMaterial code displayName, originalText or name); skipped")
            return
        }
        let rxnorm = code.flatMap { $0.value("codeSystem") == CCDAReader.rxnorm ? $0.value("code") : nil }
            ?? code?.children("translation").first { $0.value("codeSystem") == CCDAReader.rxnorm }?.value("code")

        var startDate: CareDate?
        var endDate: CareDate?
        var frequency = DoseFrequency()
        for effectiveTime in node.children("effectiveTime") {
            switch effectiveTime.xsiType {
            case "PIVL_TS":
                if let rate = CCDAReader.frequency(effectiveTime) {
                    frequency = rate.adding(events: frequency.events)
                } else {
                    warn(effectiveTime, "the medication frequency (PIVL_TS period) could not be read; left out")
                }
            case "EIVL_TS":
                if let code = effectiveTime.child("event")?.value("code")?.uppercased(), DoseFrequency.knownEvents.contains(code) {
                    frequency = frequency.adding(events: [code])
                } else {
                    warn(effectiveTime, "the medication timing event (EIVL_TS) is not recognised; left out")
                }
            case nil, "IVL_TS", "TS":
                if startDate == nil {
                    startDate = start(effectiveTime)
                    endDate = time(effectiveTime.child("high"))
                }
            default:
                warn(effectiveTime, "the medication timing type is not supported; left out")
            }
        }
        let unknownStart = startDate == nil && node.children("effectiveTime").contains { Self.statesUnknown($0) }
        if startDate == nil, !unknownStart { startDate = time(node.at("author", "time")) }
        guard let start = recordDate(startDate, node, what: "the medication", unknown: unknownStart) else { return }

        let preconditions = node.children("precondition")
        let asNeeded = !preconditions.isEmpty
        var instructions: [String] = []
        if asNeeded {
            let criteria = preconditions.compactMap { $0.at("criterion", "value") }.filter { !$0.isNull }
            let reason = criteria.compactMap { displayName($0) }.first
            instructions.append(reason.map { "as needed for \($0)" } ?? "as needed")
        }

        var status: Medication.Status
        switch node.child("statusCode")?.value("code") {
        case "suspended", "held": status = .onHold
        case "completed", "aborted", "cancelled": status = .stopped
        default: status = .active
        }
        // A planned mood (INT, RQO, PRP…) is a planned medicine, not one taken now, except where
        // C-CDA uses it for the medicines the patient is to take: a discharge list's entries (4.35,
        // mood INT by its template), and an active INT or RQO Medication Activity in the Medications
        // section (the usual form of a current prescription, HL7's own examples included: "Ibuprofen
        // … Active" since 2013), unless it starts after the document's date. A proposal (PRP), and
        // the Plan of Treatment's planned medicines, are planned. A stopped or held order keeps its
        // stated status.
        var intent: Medication.Intent?
        let mood = node.value("moodCode") ?? "EVN"
        let utc = TimeZone(secondsFromGMT: 0)!
        let startsLater = documentDate.map { start.localDay(in: utc) > $0.localDay(in: utc) } ?? false
        let prescribed = inMedicationList && (mood == "INT" || mood == "RQO") && !startsLater
        if list != .discharge, !prescribed, Self.plannedMoods.contains(mood), status == .active {
            status = .planned
            intent = mood == "PRP" ? .proposal : mood == "RQO" ? .order : .plan
        }

        let related = node.all("entryRelationship", "observation")
        let indication = related.first { hasTemplate($0, "2.16.840.1.113883.10.20.22.4.19") }.flatMap { displayName($0.child("value")) }

        if node.value("negationInd") == "true" {
            status = .stopped
            endDate = start
            let refusalReason = related.first {
                hasTemplate($0, "2.16.840.1.113883.10.20.24.3.88") || $0.child("code")?.value("code") == "77301-0"
            }.flatMap { displayName($0.child("value")) }
            instructions.insert("Refused (not taken)" + (refusalReason.map { ". Reason: \($0)" } ?? ""), at: 0)
        }

        var dose: Quantity?
        var doseHigh: Double?
        if let quantity = node.child("doseQuantity"), !quantity.isNull {
            let low = quantity.child("low"), high = quantity.child("high")
            // IVL_PQ with only a high bound states no dose to take; it is left out with the warning below.
            if let value = CCDAReader.decimal(quantity.attribute("value")) {
                dose = Quantity(value: value, unit: doseUnit(node, quantity: quantity, value: value, name: name))
            } else if let low, let value = CCDAReader.decimal(low.attribute("value")) {
                // A dose given as a range (IVL_PQ low/high, "1–2 tablets") is kept as the range.
                dose = Quantity(value: value, unit: doseUnit(node, quantity: low, value: value, name: name))
                doseHigh = high.flatMap { CCDAReader.decimal($0.attribute("value")) }.flatMap { $0 > value ? $0 : nil }
            } else {
                warn(quantity, "the dose quantity is not a number; left out")
            }
        }
        let route = node.child("routeCode").flatMap { $0.isNull ? nil : displayName($0) }
            .map { $0.replacingOccurrences(of: " Route of Administration", with: "") }

        // The free-text sig (template 4.147): the instructions as the prescriber wrote them.
        let sig = node.all("entryRelationship", "substanceAdministration").first { hasTemplate($0, "2.16.840.1.113883.10.20.22.4.147") }
        if let sig, let words = sig.at("text", "reference")?.value("value").flatMap(narrative) ?? sig.child("text")?.text {
            instructions.insert(CCDANode.collapse(words), at: 0)
        }
        var text = instructions.joined(separator: ", ")
        if let first = text.first { text = first.uppercased() + text.dropFirst() }
        let medication = Medication(
            name: name, dose: dose, route: route, frequency: frequency.isEmpty ? nil : frequency, asNeeded: asNeeded,
            maxDailyDoses: asNeeded ? maxDailyDoses(node.child("maxDoseQuantity"), dose: dose) : nil,
            startDate: start, endDate: endDate, status: status, reason: indication,
            instructions: text.isEmpty ? nil : text, rxnorm: rxnorm, list: list, doseHigh: doseHigh, intent: intent
        )
        records.append(ImportedRecord(
            id: makeID(node, kind: "medication"), title: name, date: start, data: .medication(medication), codings: codings(code)))
    }

    /// A `PIVL_TS` period as a rate: "every 8 hours"; institution specified (QID = period 6 h,
    /// `institutionSpecified`) and dividing a day evenly, as times a day ("4 times a day").
    static func frequency(_ node: CCDANode) -> DoseFrequency? {
        guard let period = node.child("period"), let value = CCDAReader.decimal(period.attribute("value")), value > 0,
            let unit = DoseFrequency.PeriodUnit(rawValue: period.value("unit") ?? "d")
        else { return nil }
        let hoursPerUnit: [DoseFrequency.PeriodUnit: Double] = [.second: 1.0 / 3600, .minute: 1.0 / 60, .hour: 1, .day: 24, .week: 168, .month: 730.5, .year: 8766]
        let hours = value * hoursPerUnit[unit]!
        if node.value("institutionSpecified") == "true", hours <= 24, 24 / hours <= 1440, (24 / hours).rounded() == 24 / hours {
            return DoseFrequency(count: Int(24 / hours), period: 1, unit: .day)
        }
        return DoseFrequency(count: 1, period: value, unit: unit)
    }

    /// The unit of a dose: the quantity's own (not `1`), else the administration unit
    /// (`administrationUnitCode` display name or its NCI code), else the dose form the medicine's
    /// name ends with, else the entry's text; "dose" when none says.
    private func doseUnit(_ node: CCDANode, quantity: CCDANode, value: Double, name: String) -> String {
        if let unit = quantity.value("unit"), unit != "1", !unit.isEmpty {
            return DoseUnits.countable(unit)?.annotation ?? unit
        }
        if let code = node.child("administrationUnitCode"), !code.isNull {
            if let kind = DoseUnits.nci(code.value("code")) ?? DoseUnits.countable(displayName(code) ?? "") ?? DoseUnits.fromForm(displayName(code)) {
                return kind.annotation
            }
        }
        if let kind = DoseUnits.fromForm(name) { return kind.annotation }
        if let kind = DoseUnits.fromText(node.child("text").flatMap { text in
            text.child("reference")?.value("value").flatMap { narrative($0) } ?? text.text
        }, value: value) {
            return kind.annotation
        }
        return DoseUnits.Countable.dose.annotation
    }

    /// The most doses a day an as-needed order states (`maxDoseQuantity`, e.g. 4 per 1 d or 8 per
    /// 48 h counted in doses or in the dose's own unit); nil when it states none or states an amount of another unit.
    private func maxDailyDoses(_ node: CCDANode?, dose: Quantity?) -> Int? {
        guard let node, !node.isNull, let numerator = node.child("numerator"), let denominator = node.child("denominator"),
            let count = CCDAReader.decimal(numerator.attribute("value")), let per = CCDAReader.decimal(denominator.attribute("value")),
            let unit = DoseFrequency.PeriodUnit(rawValue: denominator.value("unit") ?? ""), per > 0
        else { return nil }
        let days = per * ([.hour: 1.0 / 24, .day: 1] as [DoseFrequency.PeriodUnit: Double])[unit, default: .nan]
        guard days == 1 else { return nil }
        let countUnit = numerator.value("unit") ?? "1"
        let sameUnit = countUnit == "1" || DoseUnits.countable(countUnit) != nil && DoseUnits.countable(countUnit) == dose.flatMap({ DoseUnits.countable($0.unit) })
        guard sameUnit, count.rounded() == count, count >= 1 else { return nil }
        return Int(count)
    }
}
