/// A health record (seeds/001 `HealthRecord`): its privacy fields and its typed data.
public struct HealthRecord: Sendable, Hashable {
    public let id: String
    public let title: String
    public let description: String?
    public let date: CareDate
    public let careRecipientId: String
    public let careCircleId: String
    public let createdBy: Actor
    public let privacyLevel: PrivacyLevel
    public let visibleTo: [String]
    public let data: HealthData
    public let attachments: [Attachment]
    /// Where the record came from when it was imported (e.g. "FHIR"), nil for the native export.
    public let importedFrom: String?
    /// The codes the source gave for the record's subject (the condition, substance, drug, vaccine,
    /// procedure or device), every one as stated; empty for the native export.
    public let codings: [Coding]

    public init(
        id: String, title: String, description: String? = nil, date: CareDate, careRecipientId: String,
        careCircleId: String, createdBy: Actor, privacyLevel: PrivacyLevel, visibleTo: [String] = [],
        data: HealthData, attachments: [Attachment] = [], importedFrom: String? = nil, codings: [Coding] = []
    ) {
        self.id = id
        self.title = title
        self.description = description
        self.date = date
        self.careRecipientId = careRecipientId
        self.careCircleId = careCircleId
        self.createdBy = createdBy
        self.privacyLevel = privacyLevel
        self.visibleTo = visibleTo
        self.data = data
        self.attachments = attachments
        self.importedFrom = importedFrom
        self.codings = codings
    }

    /// The record's `type` as written in the export.
    public var type: HealthRecordType { data.type }
}

/// The kinds of health record.
public enum HealthRecordType: String, Sendable, Hashable, CaseIterable {
    case medication, symptom, measurement, appointment, observation, document
}

/// A health record's type-specific data.
public indirect enum HealthData: Sendable, Hashable {
    case medication(Medication)
    case symptom(Symptom)
    case measurement(Measurement)
    case appointment(Appointment)
    case observation(Observation)
    case document(HealthDocument)

    public var type: HealthRecordType {
        switch self {
        case .medication: .medication
        case .symptom: .symptom
        case .measurement: .measurement
        case .appointment: .appointment
        case .observation: .observation
        case .document: .document
        }
    }
}
