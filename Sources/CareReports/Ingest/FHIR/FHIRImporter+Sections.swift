/// The IPS sections beyond medicines, allergies, problems and results: `Procedure`, `Consent`
/// (advance directives), `DeviceUseStatement` and `Device` (medical devices, with the UDI),
/// `Goal` and `CarePlan`; and what an `Immunization` states beyond its vaccine (not done and why,
/// reported rather than recorded). Each becomes an observation of its kind with ``ClinicalFacts``
/// and the codes as the resource gives them. A `Device` that a `DeviceUseStatement` names is read
/// through the statement only.
extension FHIRBundleReader {
    func readProcedure(_ entry: FHIREntry) {
        if let absence = absence(entry["code"], topic: .procedures) {
            appendAbsence(entry, absence, recorded: [], others: [entry["performedDateTime"], entry["performedPeriod"]])
            return
        }
        guard let name = conceptText(entry["code"]) else {
            diagnostics.drop(entry["code"], "no text or coding display naming the procedure; record not imported")
            return
        }
        let performed = [entry["performedDateTime"], entry["performedPeriod"]]
        let inWords = firstDate(performed) == nil ? dateInWords(entry, "performedString") : nil
        guard let date = (inWords == nil ? nil : unknownFiledByDocument())
            ?? recordDate(entry, performed, expected: "performedDateTime or performedPeriod") else { return }
        // Why it was not done or stopped (`statusReason`) for a procedure not done or stopped; why it
        // was done (`reasonCode`) otherwise.
        let statusReason = conceptText(entry["statusReason"])
        let indication = entry["reasonCode"].elements.lazy.compactMap { self.conceptText($0) }.first
        let reason = ["not-done", "stopped"].contains(entry["status"].rawString ?? "") ? statusReason ?? indication : indication ?? statusReason
        var status: ClinicalFacts.Status?
        switch entry["status"].rawString {
        case "completed": status = .completed
        case "not-done": status = Self.saysRefused(reason) ? .refused : .notDone
        case "stopped": status = .stopped
        case "in-progress", "on-hold": status = .active
        case "preparation": status = .planned
        default: status = nil
        }
        // SNOMED CT 385671000 "Unsuccessful" as the outcome of a procedure done; one stopped before
        // it was finished stays stopped (and its status reason says why).
        if status != .stopped, entry["outcome"]["coding"].elements.contains(where: { $0["code"].rawString == "385671000" }) {
            status = .unsuccessful
        }
        let facts = ClinicalFacts(
            status: status, reason: reason, detail: entry["bodySite"].elements.lazy.compactMap { self.conceptText($0) }.first,
            end: diagnostics.date(entry["performedPeriod"]["end"]), statedDate: inWords)
        let observation = Observation(kind: .procedure, name: Self.title(name), onset: firstDate(performed)?.date ?? (date.isUnknown ? date : nil), facts: facts)
        append(ImportedRecord(
            id: recordId(entry), title: Self.title(name), date: date, data: .observation(observation), codings: codings(entry["code"])))
    }

    /// An advance directive: the category ("Do Not Resuscitate") with the provision's codes
    /// ("Not for resuscitation") as its detail.
    func readConsent(_ entry: FHIREntry) {
        let category = entry["category"].elements.lazy.compactMap { self.conceptText($0) }.first
        let provision = entry["provision"]["code"].elements.lazy.compactMap { self.conceptText($0) }.first
        guard let name = category ?? provision ?? conceptText(entry["scope"]) else {
            diagnostics.drop(entry["category"], "no text or coding display naming the directive; record not imported")
            return
        }
        guard let date = recordDate(entry, [entry["dateTime"], entry["provision"]["period"]], expected: "dateTime") else { return }
        let status: ClinicalFacts.Status? = switch entry["status"].rawString {
        case "active": .active
        case "inactive", "rejected": .inactive
        case "proposed", "draft": .planned
        default: nil
        }
        let facts = ClinicalFacts(status: status, detail: category == nil ? nil : provision, end: diagnostics.date(entry["provision"]["period"]["end"]))
        let codes = entry["category"].elements.flatMap(codings) + entry["provision"]["code"].elements.flatMap(codings)
        append(ImportedRecord(
            id: recordId(entry), title: name, date: date,
            data: .observation(Observation(kind: .advanceDirective, name: name, onset: firstDate([entry["dateTime"]])?.date, facts: facts)),
            codings: codes))
    }

    /// A device in use: the statement's device (name, type and UDI from the `Device`).
    func readDeviceUse(_ entry: FHIREntry) {
        let device = resolve(entry["device"])
        if let device, let absence = absence(device["type"], topic: .devices) {
            appendAbsence(entry, absence, recorded: [entry["recordedOn"]], others: [entry["timingDateTime"], entry["timingPeriod"]])
            return
        }
        let timing = [entry["timingDateTime"], entry["timingPeriod"], entry["recordedOn"]]
        let status: ClinicalFacts.Status? = switch entry["status"].rawString {
        case "active", "intended", "on-hold": .active
        case "completed", "stopped": .inactive
        case "not-done": .notDone
        default: nil
        }
        appendDevice(entry, device: device, fallbackName: displayName(entry["device"]), dates: timing, status: status,
                     end: diagnostics.date(entry["timingPeriod"]["end"]))
    }

    /// A `Device` no `DeviceUseStatement` names (an implant listed on its own).
    func readDevice(_ entry: FHIREntry, named: Set<Int>) {
        if named.contains(entry.index) || entry["deviceName"].elements.contains(where: { $0["name"].rawString == "carereport" }) { return }
        // A device that only wrote the document (the author) is not the patient's.
        guard entry["patient"].isPresent || entry["udiCarrier"].isPresent else { return }
        if let absence = absence(entry["type"], topic: .devices) {
            appendAbsence(entry, absence, recorded: [], others: [])
            return
        }
        let status: ClinicalFacts.Status? = entry["status"].rawString == "active" ? .active : entry["status"].rawString == "inactive" ? .inactive : nil
        appendDevice(entry, device: entry, fallbackName: nil, dates: [], status: status, end: nil)
    }

    private func appendDevice(
        _ entry: FHIREntry, device: FHIREntry?, fallbackName: String?, dates: [FHIRNode], status: ClinicalFacts.Status?, end: CareDate?
    ) {
        let named = device.flatMap { device in device["deviceName"].elements.lazy.compactMap { $0["name"].rawString }.first }
        guard let name = named ?? device.flatMap({ conceptText($0["type"]) }) ?? fallbackName else {
            diagnostics.drop(entry.resource, "no device name or type; record not imported")
            return
        }
        guard let date = recordDate(entry, dates, expected: "timingDateTime, timingPeriod or recordedOn") else { return }
        let carrier = device?["udiCarrier"].elements.first
        let udi = carrier.flatMap { $0["carrierHRF"].rawString ?? $0["deviceIdentifier"].rawString }
        let facts = ClinicalFacts(status: status, udi: udi, detail: conceptText(entry["bodySite"]), end: end)
        append(ImportedRecord(
            id: recordId(entry), title: Self.title(name), date: date,
            data: .observation(Observation(kind: .device, name: Self.title(name), onset: firstDate(dates)?.date ?? (date.isUnknown ? date : nil), facts: facts)),
            codings: device.map { codings($0["type"]) } ?? []))
    }

    /// The entries a `DeviceUseStatement` names.
    func devicesInUse() -> Set<Int> {
        Set(entries.filter { $0.type == "DeviceUseStatement" }.compactMap { resolve($0["device"])?.index })
    }

    func readGoal(_ entry: FHIREntry) {
        guard let name = conceptText(entry["description"]) else {
            diagnostics.drop(entry["description"], "no text or coding display describing the goal; record not imported")
            return
        }
        guard let date = recordDate(entry, [entry["startDate"], entry["statusDate"]], expected: "startDate") else { return }
        let lifecycle: CareGoal.Lifecycle? = switch entry["lifecycleStatus"].rawString {
        case "active", "accepted": .active
        case "proposed", "planned": .proposed
        case "completed": .completed
        case "cancelled", "rejected": .cancelled
        case "on-hold": .onHold
        default: nil
        }
        let status: ClinicalFacts.Status? = lifecycle?.factsStatus
        let targets = entry["target"].elements
        let detail = targets.first.flatMap { target in
            conceptText(target["detailCodeableConcept"]) ?? target["detailString"].rawString
                ?? diagnostics.number(target["detailQuantity"]["value"]).map { value in
                    [number(value), target["detailQuantity"]["unit"].rawString].compactMap { $0 }.joined(separator: " ")
                }
        }
        let due = targets.lazy.compactMap { self.diagnostics.date($0["dueDate"]) }.first
        let expressedBy = displayName(entry["expressedBy"])
        let achievement = entry["achievementStatus"]["coding"].elements.lazy.compactMap { coding in
            coding["code"].rawString.flatMap { GoalAchievementCodes.achievement(system: coding["system"].rawString, code: $0) }
        }.first
        var measured: [GoalTarget] = [], stated: [StatedGoalTarget] = []
        for target in targets {
            let measurable = goalTargets(target)
            if measurable.isEmpty { statedTarget(target, description: name).map { stated.append($0) } } else { measured += measurable }
        }
        let goal = CareGoal(
            lifecycle: lifecycle, start: diagnostics.date(entry["startDate"]), due: due, expressedBy: expressedBy,
            targets: measured, statedAchievement: achievement, statedTargets: stated,
            statedLifecycle: ["planned", "accepted", "rejected"].contains(entry["lifecycleStatus"].rawString ?? "") ? entry["lifecycleStatus"].rawString : nil)
        let facts = ClinicalFacts(status: status, detail: detail, end: due ?? diagnostics.date(entry["statusDate"]))
        append(ImportedRecord(
            id: recordId(entry), title: name, date: date,
            data: .observation(Observation(kind: .goal, name: name, facts: facts, goal: goal)), codings: codings(entry["description"])))
    }

    /// A `Goal.target` with a LOINC `measure` and a `detailQuantity` with its comparator, or a
    /// `detailRange`: the measurable target; any other target (text, a code, a bare quantity) is stated only.
    private func goalTargets(_ target: FHIRNode) -> [GoalTarget] {
        guard let loinc = code(target["measure"], system: Self.loincSystem) else { return [] }
        let (measure, component) = GoalMeasureCodes.measure(loinc: loinc)
        if target["detailQuantity"].isPresent, let quantity = quantity(target["detailQuantity"], .optional) {
            // A quantity with no comparator is a point, not a bound: stated, never judged (docs/goals.md).
            guard let comparator = quantity.comparator.flatMap({ GoalTarget.Comparator(rawValue: $0.rawValue) }) else { return [] }
            return [GoalTarget(measure: measure, component: component, loinc: loinc, comparator: comparator, value: quantity.value, unit: quantity.unit)]
        }
        if target["detailRange"].isPresent {
            let low = quantity(target["detailRange"]["low"], .optional), high = quantity(target["detailRange"]["high"], .optional)
            guard low != nil || high != nil else { return [] }
            return [GoalTarget(measure: measure, component: component, loinc: loinc, low: low?.value, high: high?.value, unit: low?.unit ?? high?.unit)]
        }
        return []
    }

    /// A target the rules do not measure, as the source states it (docs/goals.md): any `detail[x]`
    /// in words, a coded one with its codes, with the name of its `measure` unless that only repeats
    /// the goal's description. A target with neither a detail nor a measure of its own says nothing
    /// more than the goal.
    private func statedTarget(_ target: FHIRNode, description: String) -> StatedGoalTarget? {
        let measureText = conceptText(target["measure"])
        let measure = measureText == description ? nil : measureText
        let measureCodings = codings(target["measure"])
        let bounds = { (low: (value: Double, unit: String, comparator: LabResult.Comparator?)?, high: (value: Double, unit: String, comparator: LabResult.Comparator?)?) -> String? in
            let unit = (low?.unit ?? high?.unit).flatMap { $0.isEmpty || $0 == "1" ? nil : " \($0)" } ?? ""
            switch (low, high) {
            case let (low?, high?): return "\(self.number(low.value))–\(self.number(high.value))\(unit)"
            case let (low?, nil): return "≥ \(self.number(low.value))\(unit)"
            case let (nil, high?): return "≤ \(self.number(high.value))\(unit)"
            default: return nil
            }
        }
        let detail: StatedGoalTarget.Detail?
        var detailCodings: [Coding] = []
        if target["detailCodeableConcept"].isPresent {
            detail = conceptText(target["detailCodeableConcept"]).map(StatedGoalTarget.Detail.text)
            detailCodings = codings(target["detailCodeableConcept"])
        } else if let text = diagnostics.string(target["detailString"]) {
            detail = .text(text)
        } else if target["detailQuantity"].isPresent, let quantity = quantity(target["detailQuantity"], .optional) {
            let unit = quantity.unit.isEmpty || quantity.unit == "1" ? "" : " \(quantity.unit)"
            let symbol = quantity.comparator.map { comparator in
                switch comparator {
                case .less: "<"
                case .lessOrEqual: "≤"
                case .greater: ">"
                case .greaterOrEqual: "≥"
                }
            }
            detail = .text([symbol, "\(number(quantity.value))\(unit)"].compactMap { $0 }.joined(separator: " "))
        } else if target["detailRange"].isPresent {
            detail = bounds(quantity(target["detailRange"]["low"], .optional), quantity(target["detailRange"]["high"], .optional)).map(StatedGoalTarget.Detail.text)
        } else if let integer = diagnostics.number(target["detailInteger"]) {
            detail = .text(number(integer))
        } else if let boolean = diagnostics.bool(target["detailBoolean"]) {
            detail = .boolean(boolean)
        } else if target["detailRatio"].isPresent,
            let numerator = quantity(target["detailRatio"]["numerator"], .optional), let denominator = quantity(target["detailRatio"]["denominator"], .optional) {
            let part = { (q: (value: Double, unit: String, comparator: LabResult.Comparator?)) in
                q.unit.isEmpty || q.unit == "1" ? self.number(q.value) : "\(self.number(q.value)) \(q.unit)"
            }
            detail = .text("\(part(numerator))/\(part(denominator))")
        } else if let measure {
            // A measure alone ("Body mass index") is the target's whole statement.
            return StatedGoalTarget(detail: .text(measure), codings: measureCodings)
        } else {
            detail = nil
        }
        return detail.map { StatedGoalTarget(measure: measure, measureCodings: measureCodings, detail: $0, codings: detailCodings) }
    }

    /// A relative's history (FamilyMemberHistory): a finding named by the relative ("father"), its
    /// conditions as stated, each with its onset and outcome, kept as the relative's (the IPS writes
    /// it back as a FamilyMemberHistory, never as the patient's own condition).
    func readFamilyMemberHistory(_ entry: FHIREntry) {
        guard let relative = conceptText(entry["relationship"]) ?? diagnostics.string(entry["name"]) else {
            diagnostics.drop(entry["relationship"], "no relationship naming the relative; record not imported")
            return
        }
        let conditions = entry["condition"].elements.compactMap { condition -> String? in
            guard let name = conceptText(condition["code"]) else { return nil }
            // As a C-CDA Family History Observation states the same facts: the condition, then its
            // age at onset (LOINC 35267-4's name), then its outcome, each as the document gives it.
            var parts = [name]
            if let age = quantity(condition["onsetAge"], .optional) {
                parts.append("Age at onset: \(number(age.value)) \(age.unit)")
            } else if let text = diagnostics.string(condition["onsetString"]) {
                parts.append("Age at onset: \(text)")
            }
            if let outcome = conceptText(condition["outcome"]) { parts.append(outcome) }
            return parts.joined(separator: "; ")
        }
        let detail = conditions.isEmpty ? conceptText(entry["reasonCode"][0]) : conditions.joined(separator: "; ")
        let dated = firstDate([entry["date"]])?.date
        guard let date = dated ?? recordDate(entry, [entry["date"]], expected: "date") else { return }
        let facts = ClinicalFacts(detail: detail, familyMember: relative)
        append(ImportedRecord(
            id: recordId(entry), title: Self.title(relative), date: date,
            data: .observation(Observation(kind: .finding, name: Self.title(relative), onset: dated, facts: facts, notes: notes(entry))),
            codings: entry["condition"].elements.flatMap { codings($0["code"]) }))
    }

    func readCarePlan(_ entry: FHIREntry) {
        let category = entry["category"].elements.lazy.compactMap { self.conceptText($0) }.first
        guard let name = entry["title"].rawString ?? entry["description"].rawString ?? category else {
            diagnostics.drop(entry.resource, "no title, description or category naming the plan; record not imported")
            return
        }
        guard let date = recordDate(entry, [entry["period"], entry["created"]], expected: "period.start or created") else { return }
        // An active plan (intent plan or proposal) is care planned, as the source's own planned entry was.
        let planned = ["plan", "proposal"].contains(entry["intent"].rawString ?? "")
        let status: ClinicalFacts.Status? = switch entry["status"].rawString {
        case "active": planned ? .planned : .active
        case "draft": .planned
        case "completed": .completed
        case "revoked": .cancelled
        case "on-hold": .inactive
        default: nil
        }
        let activities = entry["activity"].elements.compactMap { self.conceptText($0["detail"]["code"]) ?? $0["detail"]["description"].rawString }
        let facts = ClinicalFacts(
            status: status, detail: activities.isEmpty ? nil : activities.joined(separator: "; "), end: diagnostics.date(entry["period"]["end"]))
        append(ImportedRecord(
            id: recordId(entry), title: name, date: date,
            data: .observation(Observation(
                kind: .plan, name: name, onset: firstDate([entry["period"], entry["created"]])?.date ?? (date.isUnknown ? date : nil), facts: facts)),
            codings: entry["category"].elements.flatMap(codings)))
    }

    /// True when a reason says the patient refused or declined.
    static func saysRefused(_ reason: String?) -> Bool {
        guard let words = reason?.lowercased() else { return false }
        return ["refus", "declin", "objection", "religious", "philosoph"].contains { words.contains($0) }
    }
}
