import Foundation

/// Medications (10160-0): each `substanceAdministration` becomes one medication.
/// - name: `consumable/manufacturedProduct/manufacturedMaterial/code` `displayName`, else its
///   `originalText` (or the narrative it references), else `manufacturedMaterial/name`;
///   RxNorm from that code (or a translation) when the code system is RxNorm;
/// - dose: `doseQuantity` value and unit (no unit or `1` → "dose"); route: `routeCode`
///   displayName without NCI's " Route of Administration" suffix;
/// - `effectiveTime` `IVL_TS` low/high (or a single `value`) → start/end (start falls back to the
///   author time, then the document date); `PIVL_TS` period → instructions text ("4 times a day
///   (about every 6 hours)" when `institutionSpecified`, "Every 8 hours" otherwise); `EIVL_TS`
///   event (before meals, at bedtime…) → instructions text;
/// - a `precondition` → as needed (`asNeeded`, "as needed" in the instructions, with the
///   criterion's displayName when coded); when as needed with N times a day, `maxDailyDoses` = N;
/// - status: `active`/`new` → active, `suspended`/`held` → on hold, `completed`/`aborted`/
///   `cancelled` → stopped (`nullified`, entered in error, is not imported);
/// - no named medication with `negationInd` or a `nullFlavor`: a statement of absence ("No known
///   medications.", see `CCDAReader+Absences`);
/// - an indication (`entryRelationship/observation` template 4.19) → `reason`;
/// - **refused** (`negationInd="true"`): kept as a medication with status stopped, end date =
///   start date, and instructions starting "Refused (not taken)", followed by the reason's
///   displayName when a reason observation (QRDA 2.16.840.1.113883.10.20.24.3.88 or LOINC 77301-0)
///   gives one. The entry's author is who recorded it, not necessarily the prescriber, so
///   `prescriber` is left empty.
extension CCDAReader {
    mutating func readMedications(_ section: CCDANode) {
        for entry in section.children("entry") {
            guard let administration = entry.child("substanceAdministration") else {
                warn(entry, "a medications entry without a substanceAdministration is not imported; skipped")
                continue
            }
            readMedication(administration)
        }
    }

    private mutating func readMedication(_ node: CCDANode) {
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
        var timing: [String] = []
        var timesADay: Int?
        for effectiveTime in node.children("effectiveTime") {
            switch effectiveTime.xsiType {
            case "PIVL_TS":
                if let (text, perDay) = frequency(effectiveTime) {
                    timing.append(text)
                    timesADay = timesADay ?? perDay
                } else {
                    warn(effectiveTime, "the medication frequency (PIVL_TS period) could not be read; left out")
                }
            case "EIVL_TS":
                if let text = CCDAReader.eventText(effectiveTime.child("event")?.value("code")) {
                    timing.append(text)
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
        if startDate == nil { startDate = time(node.at("author", "time")) }
        guard let start = recordDate(startDate, node, what: "the medication") else { return }

        let preconditions = node.children("precondition")
        let asNeeded = !preconditions.isEmpty
        var instructions = timing
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
        if let quantity = node.child("doseQuantity"), !quantity.isNull {
            if let value = CCDAReader.decimal(quantity.attribute("value")) {
                let unit = quantity.value("unit")
                dose = Quantity(value: value, unit: unit == nil || unit == "1" ? "dose" : unit!)
            } else {
                warn(quantity, "the dose quantity is not a number; left out")
            }
        }
        let route = node.child("routeCode").flatMap { $0.isNull ? nil : displayName($0) }
            .map { $0.replacingOccurrences(of: " Route of Administration", with: "") }

        var text = instructions.joined(separator: ", ")
        if let first = text.first { text = first.uppercased() + text.dropFirst() }
        let medication = Medication(
            name: name, dose: dose, route: route, asNeeded: asNeeded, maxDailyDoses: asNeeded ? timesADay : nil,
            startDate: start, endDate: endDate, status: status, reason: indication,
            instructions: text.isEmpty ? nil : text, rxnorm: rxnorm
        )
        records.append(ImportedRecord(
            id: makeID(node, kind: "medication"), title: name, date: start, data: .medication(medication), codings: codings(code)))
    }

    /// A `PIVL_TS` period as text, and doses a day when it divides a day evenly and the timing is
    /// institution specified (e.g. QID = period 6 h, institutionSpecified → 4).
    private func frequency(_ node: CCDANode) -> (String, Int?)? {
        guard let period = node.child("period"), let value = CCDAReader.decimal(period.attribute("value")), value > 0 else { return nil }
        let unit = period.value("unit") ?? "d"
        let hoursPerUnit: [String: Double] = ["min": 1.0 / 60, "h": 1, "d": 24, "wk": 168, "mo": 730.5, "a": 8766]
        guard let factor = hoursPerUnit[unit] else { return nil }
        let hours = value * factor
        let institution = node.value("institutionSpecified") == "true"
        let every = "every \(CCDAReader.format(value)) \(CCDAReader.unitName(unit, plural: value != 1))"
        if institution || unit == "d", hours <= 24, (24 / hours).rounded() == 24 / hours {
            let perDay = Int(24 / hours)
            let text = switch perDay {
            case 1: "once a day"
            case 2: "twice a day"
            default: "\(perDay) times a day"
            }
            return (perDay == 1 || unit == "d" ? text : "\(text) (about \(every))", perDay)
        }
        if value == 1 {
            return (["h": "every hour", "d": "once a day", "wk": "once a week", "mo": "once a month", "a": "once a year", "min": "every minute"][unit]!, nil)
        }
        return (every, nil)
    }

    static func unitName(_ unit: String, plural: Bool) -> String {
        let name = ["min": "minute", "h": "hour", "d": "day", "wk": "week", "mo": "month", "a": "year"][unit] ?? unit
        return plural ? name + "s" : name
    }

    /// HL7 TimingEvent codes as text.
    static func eventText(_ code: String?) -> String? {
        switch code {
        case "AC": "before meals"
        case "ACM": "before breakfast"
        case "ACD": "before lunch"
        case "ACV": "before dinner"
        case "PC": "after meals"
        case "PCM": "after breakfast"
        case "PCD": "after lunch"
        case "PCV": "after dinner"
        case "C": "with meals"
        case "CM": "with breakfast"
        case "CD": "with lunch"
        case "CV": "with dinner"
        case "HS": "at bedtime"
        case "WAKE": "on waking"
        default: nil
        }
    }
}
