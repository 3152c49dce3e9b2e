import Foundation

/// A medication read from a MedicationRequest or MedicationStatement, waiting for its dose log.
struct FHIRMedicationDraft {
    let slot: Int
    let entryIndex: Int
    let id: String
    let title: String
    var medication: Medication
    /// The Medication resource it names, if by reference.
    let medicationEntry: Int?
    /// `system|code` of every coding, for matching administrations by code.
    let codeKeys: Set<String>
    /// Every coding of the drug as stated (RxNorm, SNOMED CT, NDC, ATC, GTIN …).
    var codings: [Coding] = []
    var administrations: [Administration] = []
    /// The resources it was read from: two when a request and a statement of the same medicine were merged.
    var sources: [String] = []
}

extension FHIRBundleReader {
    static let rxnormSystem = "http://www.nlm.nih.gov/research/umls/rxnorm"
    /// The name of a medication the document refers to without naming it.
    static let unnamedMedication = "Medication (not named in the document)"

    /// The medication's concept: the inline CodeableConcept, or the referenced Medication's code.
    /// Nil after an error when there is neither.
    private func medicationConcept(_ entry: FHIREntry) -> (concept: FHIRNode, medication: FHIREntry?)? {
        let inline = entry["medicationCodeableConcept"]
        if inline.isPresent {
            guard diagnostics.object(inline, .required) != nil else { return nil }
            return (inline, nil)
        }
        // FHIR R5 writes `medication` as a CodeableReference: a concept or a reference.
        if entry["medication"]["concept"].isPresent, diagnostics.object(entry["medication"]["concept"]) != nil {
            return (entry["medication"]["concept"], nil)
        }
        let reference = entry["medicationReference"].isPresent ? entry["medicationReference"] : entry["medication"]["reference"]
        guard reference.isPresent else {
            diagnostics.drop(entry.resource, "missing medicationCodeableConcept or medicationReference; record not imported")
            return nil
        }
        if let target = resolve(reference), target.type == "Medication" { return (target["code"], target) }
        if let display = reference["display"].rawString, !display.isEmpty {
            diagnostics.warning(reference, "reference does not resolve to a Medication in this bundle; its display is used")
            return (FHIRNode(.object(JSONObject([("text", .string(display))])), path: reference.path), nil)
        }
        diagnostics.warning(reference, "reference does not resolve to a Medication in this bundle and has no display; kept as \"\(Self.unnamedMedication)\"")
        return (FHIRNode(.object(JSONObject([("text", .string(Self.unnamedMedication))])), path: reference.path), nil)
    }

    func readMedication(_ entry: FHIREntry) {
        guard let (concept, medicationEntry) = medicationConcept(entry) else { return }
        if let absence = absence(concept, topic: .medications) {
            appendAbsence(
                entry, absence, recorded: [entry["dateAsserted"], entry["authoredOn"]],
                others: [entry["effectiveDateTime"], entry["effectivePeriod"]])
            return
        }
        guard let name = conceptText(concept) else {
            diagnostics.drop(concept, "no text or coding display naming the medication; record not imported")
            return
        }
        let isRequest = entry.type == "MedicationRequest"
        let dosages = (isRequest ? entry["dosageInstruction"] : entry["dosage"]).elements
        let dosage = dosages.first
            ?? FHIRNode(nil, path: entry.resource.path + (isRequest ? ".dosageInstruction[0]" : ".dosage[0]"))

        // Status, as stated: a proposal, a plan, a draft or an intended statement is planned; not
        // taken and unknown stay so (docs/clinical-imports.md, "Planned, not taken and unknown medicines").
        let statusNode = entry["status"]
        let statusCode = diagnostics.string(statusNode)
        let intentCode = isRequest ? diagnostics.string(entry["intent"]) : nil
        // carereport's own IPS writes a discharge document's admission or hospital list as status
        // unknown, category inpatient: read back as that list, not as current medicines.
        let inpatient = entry["category"]["coding"].elements.contains { $0["code"].rawString == "inpatient" }
        let list: Medication.SourceList? = inpatient && statusCode == "unknown" ? .notCurrent : nil
        var status = Medication.Status.active
        var intent: Medication.Intent?
        let ended = ["completed", "stopped", "cancelled"].contains(statusCode ?? "")
        if isRequest, statusCode == "draft" || (!ended && ["proposal", "plan"].contains(intentCode ?? "")) {
            status = .planned
            intent = intentCode == "proposal" ? .proposal : intentCode == "plan" ? .plan : .order
        } else {
            switch statusCode {
            case "completed", "stopped", "cancelled": status = .stopped
            case "not-taken": status = .notTaken
            case "intended": status = .planned
            case "on-hold": status = .onHold
            case "unknown" where list == nil: status = .unknown
            default: break
            }
        }
        let notInUse = status == .planned || status == .notTaken || status == .unknown

        // Dates.
        let period = isRequest ? entry["dispenseRequest"]["validityPeriod"] : entry["effectivePeriod"]
        // The dosage's own boundsPeriod.start says when taking it began; the order's or the
        // statement's dates come after it, and the document's date only when none is given (never
        // for a planned, not-taken or unknown medicine: its date stays unknown).
        // Every dosage is read (a start may be stated in the second one only).
        let bounds = dosages.map { $0["timing"]["repeat"]["boundsPeriod"] }
        let startCandidates = isRequest
            ? bounds + [entry["authoredOn"], period]
            : [entry["effectiveDateTime"], period] + bounds + [entry["dateAsserted"]]
        let stated = isRequest ? [entry["authoredOn"]] : [entry["effectiveDateTime"], period, entry["dateAsserted"]]
        let undated = notInUse ? documentDate.map { CareDate.unknown(filedOn: $0.localDay(in: TimeZone(secondsFromGMT: 0)!)) } : documentDate
        guard let start = firstDate(startCandidates)?.date ?? unknownDate(entry, stated) ?? undated else {
            diagnostics.drop(entry.resource, isRequest
                ? "no start date; expected authoredOn or dispenseRequest.validityPeriod.start; record not imported"
                : "no start date; expected effectiveDateTime, effectivePeriod.start or dateAsserted; record not imported")
            return
        }
        let end = diagnostics.date(period["end"])
        // An active plan written before the document and stating no start of its own is a current
        // prescription, as a C-CDA INT prescription is (the UK Core IPS examples write their
        // medicines as MedicationRequest intent plan, active, authored in 2017, with no start); a
        // plan that states when it is to start (`boundsPeriod.start`) stays planned.
        let utc = TimeZone(secondsFromGMT: 0)!
        let statesStart = bounds.contains { firstDate([$0]) != nil }
        if status == .planned, intent == .plan, statusCode != "draft", !statesStart,
            let authored = firstDate([entry["authoredOn"]])?.date, let documentDate,
            authored.localDay(in: utc) <= documentDate.localDay(in: utc) {
            status = .active
            intent = nil
        }

        // Dose, schedule, instructions: every dosage instruction is read, each as stated.
        let form = medicationEntry.flatMap { conceptText($0["form"]) }
        let first = readDosage(dosage, form: form, name: name)
        let more = dosages.dropFirst().map { node -> Medication.Dosage in
            let d = readDosage(node, form: form, name: name)
            return Medication.Dosage(
                dose: d.dose, doseHigh: d.doseHigh, schedule: d.schedule, frequency: d.frequency, asNeeded: d.asNeeded,
                text: d.words.isEmpty ? nil : d.words.joined(separator: "; "))
        }
        var instructionParts = first.words
        let (dose, schedule, frequency, asNeeded) = (first.dose, first.schedule, first.frequency, first.asNeeded)

        // Why it is held, stopped or not taken, as stated (MedicationStatement: a list;
        // MedicationRequest: one), first among its words.
        var statusReason: String?
        if status != .active {
            let reasons = entry["statusReason"].elements.compactMap { self.conceptText($0) }
            if !reasons.isEmpty { statusReason = reasons.joined(separator: "; ") }
            instructionParts.insert(contentsOf: reasons.filter { !instructionParts.contains($0) }, at: 0)
        }

        // People and reasons.
        let prescriber = displayName(isRequest ? entry["requester"] : entry["informationSource"])
        var reason = entry["reasonCode"].elements.lazy.compactMap { self.conceptText($0) }.first
        if reason == nil {
            for reference in entry["reasonReference"].elements {
                if let display = diagnostics.string(reference["display"]) { reason = display; break }
                if let target = resolve(reference), let text = conceptText(target["code"]) { reason = text; break }
            }
        }
        let rxnorm = code(concept, system: Self.rxnormSystem)
        let route = conceptText(dosage["route"])

        let medication = Medication(
            name: name, dose: dose, form: form, route: route, schedule: schedule, frequency: frequency, asNeeded: asNeeded,
            maxDailyDoses: asNeeded ? maxDailyDoses(dosage["maxDosePerPeriod"], dose: dose) : nil,
            startDate: start, endDate: end, status: status, prescriber: prescriber, reason: reason,
            instructions: instructionParts.isEmpty ? nil : instructionParts.joined(separator: "; "), rxnorm: rxnorm, list: list,
            doseHigh: first.doseHigh, moreDosages: Array(more), intent: intent, draft: statusCode == "draft", statusReason: statusReason,
            startIsAuthored: isRequest && firstDate(bounds) == nil && firstDate([entry["authoredOn"]]) != nil)
        let keys = Set(concept["coding"].elements.compactMap { coding -> String? in
            guard let code = coding["code"].rawString else { return nil }
            return (coding["system"].rawString ?? "") + "|" + code
        })
        var draft = FHIRMedicationDraft(
            slot: slots.count, entryIndex: entry.index, id: recordId(entry), title: Self.title(name),
            medication: medication, medicationEntry: medicationEntry?.index, codeKeys: keys, codings: codings(concept))
        draft.sources = ["\(entry.type)/\(entry["id"].rawString ?? "\(entry.index)")"]
        medicationDrafts.append(draft)
        append(nil)
    }

    /// One dosage instruction as stated: its dose (a quantity, or a range's low and high), clock
    /// times and days of the week, rate, as-needed, and its words (`text`, `patientInstruction`,
    /// the as-needed reason).
    private func readDosage(_ dosage: FHIRNode, form: String?, name: String)
        -> (dose: Quantity?, doseHigh: Double?, schedule: DoseSchedule?, frequency: DoseFrequency?, asNeeded: Bool, words: [String]) {
        let doseNode = dosage["doseAndRate"][0]["doseQuantity"]
        let rangeNode = dosage["doseAndRate"][0]["doseRange"]
        var dose = doseNode.isPresent ? quantity(doseNode, .optional).map { q in
            Quantity(value: q.value, unit: doseUnit(doseNode, value: q.value, form: form, name: name, text: dosage["text"].rawString))
        } : nil
        var doseHigh: Double?
        if dose == nil, rangeNode.isPresent, let low = quantity(rangeNode["low"], .optional) {
            dose = Quantity(value: low.value, unit: doseUnit(rangeNode["low"], value: low.value, form: form, name: name, text: dosage["text"].rawString))
            doseHigh = quantity(rangeNode["high"], .optional)?.value
        }
        let repeatNode = dosage["timing"]["repeat"]
        var times: [TimeOfDay] = []
        for node in repeatNode["timeOfDay"].elements {
            guard let text = diagnostics.string(node) else { continue }
            if let time = Self.timeOfDay(text) { times.append(time) } else {
                diagnostics.warning(node, "expected a time HH:MM:SS; value ignored")
            }
        }
        let weekdays = ["mon": 1, "tue": 2, "wed": 3, "thu": 4, "fri": 5, "sat": 6, "sun": 7]
        let days = repeatNode["dayOfWeek"].elements.compactMap { $0.rawString.flatMap { weekdays[$0] } }
        // Days of the week are kept with or without clock times ("once a day on Sat, Sun").
        let schedule = times.isEmpty && days.isEmpty ? nil : DoseSchedule(times: times.sorted(), daysOfWeek: days.sorted())
        var words: [String] = []
        if let text = diagnostics.string(dosage["text"]) { words.append(text) }
        let frequency = doseFrequency(dosage["timing"])
        if let text = diagnostics.string(dosage["patientInstruction"]) { words.append(text) }
        var asNeeded = diagnostics.bool(dosage["asNeededBoolean"]) ?? false
        if dosage["asNeededCodeableConcept"].isPresent {
            asNeeded = true
            if let reason = conceptText(dosage["asNeededCodeableConcept"]) { words.append("as needed for \(reason)") }
        }
        return (dose, doseHigh, schedule, frequency, asNeeded, words)
    }

    /// The rate and events of a Timing: `repeat` frequency per period (and `when`), else its
    /// `code` (BID, Q6H…); nil when it states neither. A frequency without a period says nothing.
    private func doseFrequency(_ timing: FHIRNode) -> DoseFrequency? {
        let repeatNode = timing["repeat"]
        var result = DoseFrequency()
        if let period = diagnostics.number(repeatNode["period"]), period > 0 {
            if let unit = diagnostics.string(repeatNode["periodUnit"]).flatMap(DoseFrequency.PeriodUnit.init(rawValue:)) {
                let count = diagnostics.number(repeatNode["frequency"]).map { Int($0) } ?? 1
                result = DoseFrequency(count: max(count, 1), period: period, unit: unit)
            } else {
                diagnostics.warning(repeatNode["periodUnit"], "expected a period unit s, min, h, d, wk, mo or a; frequency left out")
            }
        }
        let events = repeatNode["when"].elements.compactMap { $0.rawString?.uppercased() }
        result = result.adding(events: events.filter(DoseFrequency.knownEvents.contains))
        if result.isEmpty, let code = timing["code"]["coding"].elements.lazy.compactMap({ $0["code"].rawString }).compactMap(DoseFrequency.abbreviation).first {
            result = code
        }
        return result.isEmpty ? nil : result
    }

    /// The unit of a dose: the quantity's `unit`, else its `code` when the system is UCUM (a code
    /// from another system, such as a route or a product code, is never a unit), else the
    /// countable unit of the dose form, of the name ("… Oral Tablet"), or of the dosage text; "dose" when none says.
    private func doseUnit(_ node: FHIRNode, value: Double, form: String?, name: String, text: String?) -> String {
        if let unit = node["unit"].rawString?.trimmingCharacters(in: .whitespaces), !unit.isEmpty, unit != "1" {
            return DoseUnits.countable(unit)?.annotation ?? Self.unit(unit)
        }
        let system = node["system"].rawString
        if system == nil || system == "http://unitsofmeasure.org", let code = node["code"].rawString, !code.isEmpty, code != "1",
            system != nil || DoseUnits.countable(code) != nil {
            return DoseUnits.countable(code)?.annotation ?? Self.unit(code)
        }
        let kind = DoseUnits.fromForm(form) ?? DoseUnits.fromForm(name) ?? DoseUnits.fromText(text, value: value) ?? .dose
        return kind.annotation
    }

    /// The most doses a day an as-needed dosage states (`maxDosePerPeriod` counted in doses or in
    /// the dose's own countable unit, per 1 day or 24 hours); nil when it states none.
    private func maxDailyDoses(_ node: FHIRNode, dose: Quantity?) -> Int? {
        guard node.isPresent, let count = diagnostics.number(node["numerator"]["value"]), let per = diagnostics.number(node["denominator"]["value"]),
            let unit = (node["denominator"]["code"].rawString ?? node["denominator"]["unit"].rawString).flatMap(DoseFrequency.PeriodUnit.init(rawValue:))
        else { return nil }
        let days = unit == .day ? per : unit == .hour ? per / 24 : .nan
        let countUnit = node["numerator"]["code"].rawString ?? node["numerator"]["unit"].rawString ?? "1"
        let sameUnit = countUnit == "1" || DoseUnits.countable(countUnit) != nil && DoseUnits.countable(countUnit) == dose.flatMap({ DoseUnits.countable($0.unit) })
        guard days == 1, sameUnit, count.rounded() == count, count >= 1 else { return nil }
        return Int(count)
    }

    /// `HH:MM:SS` (or `HH:MM`) → HH:MM.
    static func timeOfDay(_ text: String) -> TimeOfDay? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2 || parts.count == 3, parts[0].count == 2, parts[1].count == 2,
            let hour = Int(parts[0]), let minute = Int(parts[1])
        else { return nil }
        return TimeOfDay(hour: hour, minute: minute)
    }
}
