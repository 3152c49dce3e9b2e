import CareReports
import Foundation

/// Health records and their data, decoded the plain Foundation way for the baseline.

extension HealthRecord: Decodable {
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Key.self)
        let data: HealthData
        // A goal is read as the loader reads it: an observation of kind `.goal` with its `CareGoal`.
        if try c.req("type", String.self) == "goal" {
            data = .observation(try c.req("data", GoalPayload.self).observation)
        } else {
            switch try c.req("type", HealthRecordType.self) {
            case .medication: data = .medication(try c.req("data"))
            case .symptom: data = .symptom(try c.req("data"))
            case .measurement: data = .measurement(try c.req("data", CareReports.Measurement.self))
            case .appointment: data = .appointment(try c.req("data"))
            case .observation: data = .observation(try c.req("data"))
            case .document: data = .document(try c.req("data"))
            }
        }
        self.init(
            id: try c.req("id"), title: try c.req("title"), description: try c.opt("description"), date: try c.req("date"),
            careRecipientId: try c.req("careRecipientId"), careCircleId: try c.req("careCircleId"), createdBy: try c.req("createdBy"),
            privacyLevel: try c.req("privacyLevel"), visibleTo: try c.list("visibleTo"), data: data, attachments: try c.list("attachments"))
    }
}

extension Quantity: Decodable {
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Key.self)
        self.init(value: try c.req("value"), unit: try c.req("unit"))
    }
}

extension TimeOfDay: Decodable {
    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        let bytes = Array(text.utf8)
        func digit(_ index: Int) -> Int? { bytes[index] >= 0x30 && bytes[index] <= 0x39 ? Int(bytes[index] - 0x30) : nil }
        guard bytes.count == 5, bytes[2] == UInt8(ascii: ":"), let h1 = digit(0), let h2 = digit(1), let m1 = digit(3), let m2 = digit(4),
            let time = TimeOfDay(hour: h1 * 10 + h2, minute: m1 * 10 + m2)
        else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "expected a time of day as \"HH:MM\""))
        }
        self = time
    }
}

extension DoseSchedule: Decodable {
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Key.self)
        let days = try c.list("daysOfWeek", Int.self)
        guard days.allSatisfy({ (1...7).contains($0) }) else {
            throw DecodingError.dataCorruptedError(forKey: "daysOfWeek", in: c, debugDescription: "expected a weekday number from 1 (Monday) to 7 (Sunday)")
        }
        self.init(times: try c.req("times", [TimeOfDay].self).sorted(), daysOfWeek: days)
    }
}

extension Medication: Decodable {
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Key.self)
        let maxDaily = try c.opt("maxDailyDoses", Int.self)
        if let maxDaily, !(1...100).contains(maxDaily) {
            throw DecodingError.dataCorruptedError(forKey: "maxDailyDoses", in: c, debugDescription: "expected a whole number from 1 to 100")
        }
        self.init(
            name: try c.req("name"), strength: try c.opt("strength"), dose: try c.opt("dose"), form: try c.opt("form"),
            route: try c.opt("route"), schedule: try c.opt("schedule"), asNeeded: try c.req("asNeeded"), maxDailyDoses: maxDaily,
            startDate: try c.req("startDate"), endDate: try c.opt("endDate"), status: try c.req("status"), prescriber: try c.opt("prescriber"),
            reason: try c.opt("reason"), instructions: try c.opt("instructions"), rxnorm: try c.opt("rxnorm"),
            administrations: try c.list("administrations"))
    }
}

extension Administration: Decodable {
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Key.self)
        let scheduledAt = try c.opt("scheduledAt", CareDate.self)
        let takenAt = try c.opt("takenAt", CareDate.self)
        let status = try c.req("status", Administration.Status.self)
        if status == .taken, takenAt == nil, scheduledAt == nil {
            throw DecodingError.dataCorruptedError(forKey: "status", in: c, debugDescription: "a taken dose needs \"takenAt\" or \"scheduledAt\"")
        }
        self.init(
            scheduledAt: scheduledAt, takenAt: takenAt, status: status, dose: try c.opt("dose"), recordedBy: try c.opt("recordedBy"),
            reason: try c.opt("reason"), note: try c.opt("note"))
    }
}

extension Symptom: Decodable {
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Key.self)
        let severity = try c.req("severity", Int.self)
        guard (0...10).contains(severity) else {
            throw DecodingError.dataCorruptedError(forKey: "severity", in: c, debugDescription: "expected a whole number from 0 to 10")
        }
        self.init(
            name: try c.req("name"), severity: severity, onset: try c.opt("onset"), durationMinutes: try c.opt("durationMinutes"),
            bodySite: try c.opt("bodySite"), notes: try c.opt("notes"))
    }
}

extension CareReports.Measurement: Decodable {
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Key.self)
        let kind = CareReports.Measurement.Kind(rawValue: try c.req("kind", String.self)) ?? .other
        let value = try c.opt("value", Double.self)
        let systolic: Double? = kind == .bloodPressure ? try c.req("systolic") : try c.opt("systolic")
        let diastolic: Double? = kind == .bloodPressure ? try c.req("diastolic") : try c.opt("diastolic")
        if kind != .bloodPressure, value == nil {
            throw DecodingError.keyNotFound(Key(stringValue: "value"), .init(codingPath: decoder.codingPath, debugDescription: "required key is missing"))
        }
        self.init(
            kind: kind, value: value, systolic: systolic, diastolic: diastolic, unit: try c.req("unit"), loinc: try c.opt("loinc"),
            context: try c.opt("context"))
    }
}

extension Appointment: Decodable {
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Key.self)
        self.init(
            provider: try c.req("provider"), specialty: try c.opt("specialty"), location: try c.opt("location"), start: try c.req("start"),
            end: try c.opt("end"), purpose: try c.opt("purpose"), status: try c.req("status"), outcome: try c.opt("outcome"),
            followUpDate: try c.opt("followUpDate"))
    }
}

extension Observation: Decodable {
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Key.self)
        self.init(
            kind: try c.req("kind"), text: try c.opt("text"), substance: try c.opt("substance"), reaction: try c.opt("reaction"),
            severity: try c.opt("severity"), name: try c.opt("name"), clinicalStatus: try c.opt("clinicalStatus"), onset: try c.opt("onset"))
    }
}

extension HealthDocument: Decodable {
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Key.self)
        let kind = try c.req("kind", HealthDocument.Kind.self)
        guard kind == .labReport else {
            self.init(kind: kind)
            return
        }
        let report = LabReport(
            laboratory: try c.opt("laboratory"), orderedBy: try c.opt("orderedBy"), collectedAt: try c.opt("collectedAt"),
            reportedAt: try c.opt("reportedAt"), status: try c.req("status"), panel: try c.opt("panel"), results: try c.req("results"),
            conclusion: try c.opt("conclusion"))
        self.init(kind: kind, labReport: report)
    }
}

extension LabPanel: Decodable {
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Key.self)
        self.init(name: try c.req("name"), loinc: try c.opt("loinc"))
    }
}

extension LabResult: Decodable {
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Key.self)
        let value: LabResult.Value
        if let number = try? c.decode(Double.self, forKey: "value") {
            value = .number(number)
        } else {
            value = .text(try c.req("value", String.self))
        }
        self.init(
            name: try c.req("name"), loinc: try c.opt("loinc"), value: value, comparator: try c.opt("comparator"), unit: try c.opt("unit"),
            referenceRange: try c.opt("referenceRange"), flag: try c.opt("flag"), note: try c.opt("note"))
    }
}

extension ReferenceRange: Decodable {
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Key.self)
        self.init(low: try c.opt("low"), high: try c.opt("high"), text: try c.opt("text"))
    }
}

// MARK: files

/// A collection file: a bare array, or the API envelope `{"data": [...], "meta": {...}, "errors": []}`.
struct CollectionFile<Element: Decodable>: Decodable {
    let items: [Element]

    struct Meta: Decodable {
        let status: String?
    }

    struct EnvelopeError: Decodable {
        let code: String?
        let message: String?
    }

    init(from decoder: any Decoder) throws {
        if let envelope = try? decoder.container(keyedBy: Key.self) {
            if let errors = try envelope.decodeIfPresent([EnvelopeError].self, forKey: "errors"), let first = errors.first {
                throw DecodingError.dataCorrupted(
                    .init(codingPath: decoder.codingPath, debugDescription: "the API envelope reports an error: \(first.code ?? "unknown"): \(first.message ?? "no message")"))
            }
            if let meta = try envelope.decodeIfPresent(Meta.self, forKey: "meta"), meta.status == "error" {
                throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "the API envelope reports an error"))
            }
            items = try envelope.req("data")
        } else {
            items = try decoder.singleValueContainer().decode([Element].self)
        }
    }
}

/// The top-level export object (export.json, or a single-file export).
struct ExportObject: Decodable {
    var format: String?
    var version: Int?
    var exportedAt: CareDate?
    var timezone: String?
    var users: CollectionFile<User>?
    var circles: CollectionFile<CareCircle>?
    var tasks: CollectionFile<CareTask>?
    var healthRecords: CollectionFile<HealthRecord>?
    var updates: CollectionFile<CircleUpdate>?
}

/// Reads an export directory (or file) with `JSONDecoder`, in the order carereport's loader reads it.
enum FoundationLoader {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    static func load(_ path: String) throws -> CareExport {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { throw Failure(description: "\(path) is missing") }
        var export = CareExport()
        let decoder = JSONDecoder()
        func read(_ file: String) throws -> Data { try Data(contentsOf: URL(fileURLWithPath: file), options: .mappedIfSafe) }
        func apply(_ object: ExportObject) throws {
            if let format = object.format, format != "caresupport-export" { throw Failure(description: "not a care export") }
            if let version = object.version, version != 1 { throw Failure(description: "export format version \(version) is not 1") }
            if let exportedAt = object.exportedAt { export.exportedAt = exportedAt.resolved(in: TimeZone(identifier: "UTC")!) }
            if let zone = object.timezone {
                guard let named = TimeZone(identifier: zone) else { throw Failure(description: "unknown time zone") }
                export.timeZone = named
            }
            export.users += object.users?.items ?? []
            export.circles += object.circles?.items ?? []
            export.tasks += object.tasks?.items ?? []
            export.healthRecords += object.healthRecords?.items ?? []
            export.updates += object.updates?.items ?? []
        }
        guard isDirectory.boolValue else {
            try apply(decoder.decode(ExportObject.self, from: read(path)))
            return export
        }
        let names = Set(try FileManager.default.contentsOfDirectory(atPath: path))
        func file(_ name: String) -> String? { names.contains(name) ? (path.hasSuffix("/") ? path + name : path + "/" + name) : nil }
        if let file = file("export.json") { try apply(decoder.decode(ExportObject.self, from: read(file))) }
        if let file = file("users.json") { export.users += try decoder.decode(CollectionFile<User>.self, from: read(file)).items }
        if let file = file("circles.json") { export.circles += try decoder.decode(CollectionFile<CareCircle>.self, from: read(file)).items }
        if let file = file("tasks.json") { export.tasks += try decoder.decode(CollectionFile<CareTask>.self, from: read(file)).items }
        for name in ["health.json", "healthRecords.json"] {
            if let file = file(name) { export.healthRecords += try decoder.decode(CollectionFile<HealthRecord>.self, from: read(file)).items }
        }
        if let file = file("updates.json") { export.updates += try decoder.decode(CollectionFile<CircleUpdate>.self, from: read(file)).items }
        return export
    }
}

/// The export's `goal` data, decoded the plain Foundation way.
struct GoalPayload: Decodable {
    let observation: Observation

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Key.self)
        let lifecycle = try c.req("lifecycleStatus", CareGoal.Lifecycle.self)
        let start = try c.opt("startDate", CareDate.self)
        let due = try c.opt("dueDate", CareDate.self)
        let expressedBy = try c.opt("expressedBy", String.self)
        let targets = try c.req("targets", [TargetPayload].self).map(\.target)
        let activity = try c.opt("activity", ActivityPayload.self).map { GoalActivity(tag: $0.tag, timesPerWeek: $0.timesPerWeek) }
        let adherence = try c.opt("adherence", AdherencePayload.self).map { GoalAdherence(medicationId: $0.medicationId, atLeastPercent: $0.atLeastPercent) }
        let goal = CareGoal(lifecycle: lifecycle, start: start, due: due, expressedBy: expressedBy, targets: targets, activity: activity, adherence: adherence)
        observation = Observation(
            kind: .goal, name: try c.req("description", String.self), onset: start,
            facts: ClinicalFacts(status: lifecycle.factsStatus, end: due), goal: goal)
    }

    struct TargetPayload: Decodable {
        let measure: String
        let component: GoalTarget.Component?
        let loinc: String?
        let low: Double?
        let high: Double?
        let comparator: GoalTarget.Comparator?
        let value: Double?
        let unit: String

        var target: GoalTarget {
            let kind: GoalTarget.Measure = measure == "lab" ? .lab : .reading(CareReports.Measurement.Kind(rawValue: measure) ?? .other)
            return GoalTarget(measure: kind, component: component, loinc: loinc, low: low, high: high, comparator: comparator, value: value, unit: unit)
        }
    }

    struct ActivityPayload: Decodable {
        let tag: String
        let timesPerWeek: Int
    }

    struct AdherencePayload: Decodable {
        let medicationId: String?
        let atLeastPercent: Double
    }
}
