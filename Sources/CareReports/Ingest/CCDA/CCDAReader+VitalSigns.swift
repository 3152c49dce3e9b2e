import Foundation

/// Vital Signs (8716-3), and vital-sign observations in any section.
extension CCDAReader {
    /// Vital Signs: each organizer's component observations become measurements by LOINC
    /// (8480-6 systolic + 8462-4 diastolic in one organizer → one blood pressure, LOINC 85354-9;
    /// 8867-4 heart rate; 29463-7/3141-9 weight; 8310-5 temperature; 2708-6/59408-5 oxygen
    /// saturation; 9279-1 respiratory rate; others → `.other` titled by their name). A value must be
    /// a `PQ`; the date is the observation's, else the organizer's.
    mutating func readVitalSigns(_ section: CCDANode) {
        var loose: [CCDANode] = []
        for entry in section.children("entry") {
            if let organizer = entry.child("organizer") {
                readVitalOrganizer(organizer.all("component", "observation"), organizer: organizer)
            } else if let observation = entry.child("observation") {
                loose.append(observation)
            } else {
                warn(entry, "a vital signs entry without an organizer is not imported; skipped")
            }
        }
        readLooseVitals(loose)
    }

    /// Vital-sign observations filed one per entry: those of one time are one set of readings, so
    /// a systolic and a diastolic of the same moment are one blood pressure.
    mutating func readLooseVitals(_ observations: [CCDANode]) {
        var order: [String] = []
        var groups: [String: [CCDANode]] = [:]
        for observation in observations {
            let time = observation.child("effectiveTime").map { $0.value("value") ?? $0.child("low")?.value("value") ?? "" } ?? ""
            if groups[time] == nil { order.append(time) }
            groups[time, default: []].append(observation)
        }
        for time in order { readVitalOrganizer(groups[time]!, organizer: nil) }
    }

    private struct Vital {
        let node: CCDANode
        let loinc: String?
        let name: String?
        let value: Double
        let unit: String
        let date: CareDate?
    }

    mutating func readVitalOrganizer(_ observations: [CCDANode], organizer: CCDANode?) {
        let organizerDate = organizer.flatMap { start($0.child("effectiveTime")) }
        let organizerUnknown = organizerDate == nil && Self.statesUnknown(organizer?.child("effectiveTime"))
        var vitals: [Vital] = []
        for observation in observations {
            let code = observation.child("code")
            let loinc = code.flatMap { $0.value("codeSystem") == CCDAReader.loinc ? $0.value("code") : nil }
            guard let valueNode = observation.child("value"), !valueNode.isNull,
                let number = CCDAReader.decimal(valueNode.attribute("value"))
            else {
                warn(observation, "the vital sign has no numeric (PQ) value; skipped")
                continue
            }
            vitals.append(Vital(node: observation, loinc: loinc, name: displayName(code), value: number,
                                unit: valueNode.value("unit") ?? "", date: start(observation.child("effectiveTime")) ?? organizerDate))
        }
        if let systolic = vitals.first(where: { $0.loinc == "8480-6" }), let diastolic = vitals.first(where: { $0.loinc == "8462-4" }) {
            vitals.removeAll { $0.loinc == "8480-6" || $0.loinc == "8462-4" }
            let unknown = organizerUnknown || Self.statesUnknown(systolic.node.child("effectiveTime"))
            if let date = recordDate(systolic.date ?? diastolic.date, systolic.node, what: "the blood pressure", unknown: unknown) {
                let measurement = Measurement(kind: .bloodPressure, systolic: systolic.value, diastolic: diastolic.value,
                                              unit: systolic.unit.isEmpty ? "mm[Hg]" : systolic.unit, loinc: "85354-9")
                let id = makeID(systolic.node, kind: "vital")
                records.append(ImportedRecord(id: id, title: "Blood pressure", date: date, data: .measurement(measurement)))
                // Filed as two entries, the diastolic's entry became the same reading.
                if let own = CCDAEntryTracker.entry(of: diastolic.node.pointer), own != CCDAEntryTracker.entry(of: systolic.node.pointer) {
                    tracker.records[own, default: []].append(id)
                }
            }
        }
        for vital in vitals {
            let (kind, title): (Measurement.Kind, String) = switch vital.loinc {
            case "8867-4": (.heartRate, "Heart rate")
            case "29463-7", "3141-9": (.weight, "Body weight")
            case "8310-5": (.temperature, "Body temperature")
            case "2708-6", "59408-5": (.oxygenSaturation, "Oxygen saturation")
            case "9279-1": (.respiratoryRate, "Respiratory rate")
            default: (.other, vital.name ?? vital.loinc.map { "LOINC \($0)" } ?? "Vital sign")
            }
            let unknown = organizerUnknown || Self.statesUnknown(vital.node.child("effectiveTime"))
            guard let date = recordDate(vital.date, vital.node, what: "the vital sign", unknown: unknown) else { continue }
            let measurement = Measurement(kind: kind, value: vital.value, unit: vital.unit, loinc: vital.loinc)
            records.append(ImportedRecord(
                id: makeID(vital.node, kind: "vital"), title: title, date: date, data: .measurement(measurement),
                codings: codings(vital.node.child("code"))))
        }
    }
}
