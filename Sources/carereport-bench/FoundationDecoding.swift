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
extension CareGoal.Lifecycle: Decodable {}
extension GoalTarget.Component: Decodable {}
extension GoalTarget.Comparator: Decodable {}
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
            permissions: try c.opt("permissions") ?? MemberPermissions(), status: try c.req("status"),
            joinedAt: try c.opt("joinedAt", CareDate.self))
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
