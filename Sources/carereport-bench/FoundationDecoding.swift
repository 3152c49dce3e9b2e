import CareReports
import Foundation

// The baseline (conformances added here, in the bench target; the model stays free of Codable): Foundation's JSONDecoder into the same model types carereport's loader builds,
// with the same defaults (a missing optional array is empty, `interval` 1, update `type`
// "general", an unknown task category or measurement kind is `other`), the same date formats
// (through `CareDate.parse`) and both collection forms (bare array or API envelope). On valid
// input the two loaders give equal models; `carereport-bench verify DIR` checks that.

/// A coding key written as a string literal.
struct Key: CodingKey, ExpressibleByStringLiteral {
    let stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
    init(stringLiteral value: String) { stringValue = value }
}

typealias Keyed = KeyedDecodingContainer<Key>

extension KeyedDecodingContainer where K == Key {
    func req<T: Decodable>(_ key: Key, _ type: T.Type = T.self) throws -> T { try decode(T.self, forKey: key) }
    func opt<T: Decodable>(_ key: Key, _ type: T.Type = T.self) throws -> T? { try decodeIfPresent(T.self, forKey: key) }
    func list<T: Decodable>(_ key: Key, _ type: T.Type = T.self) throws -> [T] { try decodeIfPresent([T].self, forKey: key) ?? [] }
}

extension CareDate: Decodable {
    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let date = CareDate.parse(text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "expected a date (YYYY-MM-DD) or an RFC 3339 date-time with offset"))
        }
        self = date
    }
}

extension Role: Decodable {}
extension PrivacyLevel: Decodable {}
extension MemberStatus: Decodable {}
extension TaskPriority: Decodable {}
extension TaskStatus: Decodable {}
extension Recurrence.Frequency: Decodable {}
extension HealthRecordType: Decodable {}
extension Medication.Status: Decodable {}
extension Administration.Status: Decodable {}
extension Appointment.Status: Decodable {}
extension Observation.Kind: Decodable {}
extension Observation.ClinicalStatus: Decodable {}
extension HealthDocument.Kind: Decodable {}
extension LabReport.Status: Decodable {}
extension LabResult.Comparator: Decodable {}
extension LabResult.Flag: Decodable {}

extension User: Decodable {
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Key.self)
        self.init(id: try c.req("id"), firstName: try c.req("firstName"), lastName: try c.req("lastName"))
    }
}

extension CareCircle: Decodable {
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Key.self)
        self.init(
            id: try c.req("id"), name: try c.req("name"), careRecipient: try c.req("careRecipient"),
            members: try c.req("members"), careSituation: try c.opt("careSituation"))
    }
}

extension CareRecipient: Decodable {
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Key.self)
        var birth: LocalDate?
        if let date = try c.opt("dateOfBirth", CareDate.self) {
            guard case .day(let day) = date else {
                throw DecodingError.dataCorruptedError(forKey: "dateOfBirth", in: c, debugDescription: "expected a calendar date (YYYY-MM-DD)")
            }
            birth = day
        }
        self.init(userId: try c.req("userId"), firstName: try c.req("firstName"), lastName: try c.req("lastName"), dateOfBirth: birth)
    }
}

extension CircleMember: Decodable {
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Key.self)
        let roles = try c.req("roles", [Role].self)
        guard !roles.isEmpty else { throw DecodingError.dataCorruptedError(forKey: "roles", in: c, debugDescription: "a member needs at least one role") }
        self.init(
            userId: try c.req("userId"), roles: roles, primaryCaregiver: try c.opt("primaryCaregiver") ?? false,
            relationshipToRecipient: try c.opt("relationshipToRecipient") ?? "",
            permissions: try c.opt("permissions") ?? MemberPermissions(), status: try c.req("status"))
    }
}

extension MemberPermissions: Decodable {
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Key.self)
        self.init(viewHealth: try c.opt("viewHealth"), viewTasks: try c.opt("viewTasks"), viewUpdates: try c.opt("viewUpdates"))
    }
}

extension Actor: Decodable {
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Key.self)
        self.init(userId: try c.req("userId"), role: try c.req("role"))
    }
}

extension Attachment: Decodable {
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Key.self)
        self.init(id: try c.req("id"), fileName: try c.req("fileName"), mimeType: try c.req("mimeType"), url: try c.opt("url"))
    }
}

// MARK: tasks and updates

extension CareTask: Decodable {
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Key.self)
        let categoryText = try c.req("category", String.self)
        self.init(
            id: try c.req("id"), title: try c.req("title"), description: try c.opt("description"),
            category: TaskCategory(rawValue: categoryText) ?? .other, priority: try c.req("priority"), dueDate: try c.req("dueDate"),
            recurrence: try c.opt("recurrence"), status: try c.req("status"), createdAt: try c.req("createdAt"),
            createdBy: try c.req("createdBy"), assignedTo: try c.opt("assignedTo"), careCircleId: try c.req("careCircleId"),
            notes: try c.list("notes"), attachments: try c.list("attachments"), completionDetails: try c.opt("completionDetails"),
            tags: try c.list("tags"))
    }
}

extension Recurrence: Decodable {
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Key.self)
        let days = try c.list("daysOfWeek", Int.self)
        guard days.allSatisfy({ (1...7).contains($0) }) else {
            throw DecodingError.dataCorruptedError(forKey: "daysOfWeek", in: c, debugDescription: "expected a weekday number from 1 (Monday) to 7 (Sunday)")
        }
        self.init(frequency: try c.req("frequency"), interval: try c.opt("interval") ?? 1, daysOfWeek: days, until: try c.opt("until"))
    }
}

extension TaskAssignment: Decodable {
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Key.self)
        self.init(userId: try c.req("userId"), role: try c.req("role"), accepted: try c.opt("accepted") ?? false)
    }
}

extension TaskNote: Decodable {
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Key.self)
        self.init(content: try c.req("content"), authorId: try c.req("authorId"), createdAt: try c.req("createdAt"))
    }
}

extension CompletionDetails: Decodable {
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Key.self)
        self.init(completedAt: try c.req("completedAt"), completedBy: try c.req("completedBy"), notes: try c.opt("notes"))
    }
}

extension CircleUpdate: Decodable {
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Key.self)
        self.init(
            id: try c.req("id"), type: try c.opt("type") ?? "general", content: try c.req("content"), authorId: try c.req("authorId"),
            authorRole: try c.req("authorRole"), careCircleId: try c.req("careCircleId"), timestamp: try c.req("timestamp"),
            visibility: try c.req("visibleTo"), comments: try c.list("comments"), attachments: try c.list("attachments"))
    }
}

extension UpdateVisibility: Decodable {
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Key.self)
        self.init(level: try c.req("level"), userIds: try c.list("userIds"))
    }
}

extension UpdateComment: Decodable {
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Key.self)
        self.init(authorId: try c.req("authorId"), content: try c.req("content"), timestamp: try c.req("timestamp"))
    }
}

// MARK: health records

extension HealthRecord: Decodable {
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Key.self)
        let type = try c.req("type", HealthRecordType.self)
        let data: HealthData
        switch type {
        case .medication: data = .medication(try c.req("data"))
        case .symptom: data = .symptom(try c.req("data"))
        case .measurement: data = .measurement(try c.req("data", CareReports.Measurement.self))
        case .appointment: data = .appointment(try c.req("data"))
        case .observation: data = .observation(try c.req("data"))
        case .document: data = .document(try c.req("data"))
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
