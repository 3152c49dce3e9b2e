/// Medication orders and their dose logs.
extension DecodingContext {
    func medication(_ object: JSONNode) -> Medication? {
        let name = string(object, "name")
        let strength = string(object, "strength", required: false)
        let dose = quantity(object, "dose")
        let form = string(object, "form", required: false)
        let route = string(object, "route", required: false)
        let schedule = self.object(object, "schedule", required: false).map { inner in at("schedule") { doseSchedule(inner) } }
        let asNeeded = bool(object, "asNeeded")
        let maxDaily = integer(object, "maxDailyDoses", required: false, in: 1...100)
        let startDate = date(object, "startDate")
        let endDate = date(object, "endDate", required: false)
        let status = choice(object, "status", Medication.Status.self)
        let prescriber = string(object, "prescriber", required: false)
        let reason = string(object, "reason", required: false)
        let instructions = string(object, "instructions", required: false)
        let rxnorm = string(object, "rxnorm", required: false)
        let administrations = array(object, "administrations") { item in objectElement(item, administration) }
        guard let name, let asNeeded, let startDate, let status, let administrations else { return nil }
        return Medication(
            name: name, strength: strength, dose: dose, form: form, route: route, schedule: schedule ?? nil,
            asNeeded: asNeeded, maxDailyDoses: maxDaily, startDate: startDate, endDate: endDate, status: status,
            prescriber: prescriber, reason: reason, instructions: instructions, rxnorm: rxnorm, administrations: administrations)
    }

    private func doseSchedule(_ object: JSONNode) -> DoseSchedule? {
        let times = array(object, "times", required: true) { item -> TimeOfDay? in
            guard let text = item.string, let time = parseTime(text) else {
                error("expected a time of day as \"HH:MM\"")
                return nil
            }
            return time
        }
        let days = array(object, "daysOfWeek") { item -> Int? in
            guard let day = item.number, let whole = Int(exactly: day), (1...7).contains(whole) else {
                error("expected a weekday number from 1 (Monday) to 7 (Sunday)")
                return nil
            }
            return whole
        }
        guard let times, let days else { return nil }
        return DoseSchedule(times: times.sorted(), daysOfWeek: days)
    }

    private func parseTime(_ text: String) -> TimeOfDay? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ $0.count == 2 && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
            let hour = Int(parts[0]), let minute = Int(parts[1])
        else { return nil }
        return TimeOfDay(hour: hour, minute: minute)
    }

    private func administration(_ object: JSONNode) -> Administration? {
        let scheduledAt = date(object, "scheduledAt", required: false)
        let takenAt = date(object, "takenAt", required: false)
        let status = choice(object, "status", Administration.Status.self)
        let dose = quantity(object, "dose")
        let recordedBy = string(object, "recordedBy", required: false)
        let reason = string(object, "reason", required: false)
        let note = string(object, "note", required: false)
        guard let status else { return nil }
        if status == .taken, takenAt == nil, scheduledAt == nil {
            error("a taken dose needs \"takenAt\" or \"scheduledAt\"")
            return nil
        }
        return Administration(
            scheduledAt: scheduledAt, takenAt: takenAt, status: status, dose: dose, recordedBy: recordedBy, reason: reason, note: note)
    }
}
