/// A health record (seeds/001 `HealthRecord`): its privacy fields and its typed data.
///
/// Its fields are held in one shared, immutable box: a record is copied into every list, index and
/// week it belongs to, and a copy is now one reference count instead of one per field.
public struct HealthRecord: Sendable, Hashable {
    private final class Storage: Sendable {
        let id: String
        let title: String
        let description: String?
        let date: CareDate
        let careRecipientId: String
        let careCircleId: String
        let createdBy: Actor
        let privacyLevel: PrivacyLevel
        let visibleTo: [String]
        let data: HealthData
        let attachments: [Attachment]
        let importedFrom: String?
        let codings: [Coding]

        init(
            id: String, title: String, description: String?, date: CareDate, careRecipientId: String, careCircleId: String,
            createdBy: Actor, privacyLevel: PrivacyLevel, visibleTo: [String], data: HealthData, attachments: [Attachment],
            importedFrom: String?, codings: [Coding]
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
    }

    private let storage: Storage

    public var id: String { storage.id }
    public var title: String { storage.title }
    public var description: String? { storage.description }
    public var date: CareDate { storage.date }
    public var careRecipientId: String { storage.careRecipientId }
    public var careCircleId: String { storage.careCircleId }
    public var createdBy: Actor { storage.createdBy }
    public var privacyLevel: PrivacyLevel { storage.privacyLevel }
    public var visibleTo: [String] { storage.visibleTo }
    public var data: HealthData { storage.data }
    public var attachments: [Attachment] { storage.attachments }
    /// Where the record came from when it was imported (e.g. "FHIR"), nil for the native export.
    public var importedFrom: String? { storage.importedFrom }
    /// The codes the source gave for the record's subject (the condition, substance, drug, vaccine,
    /// procedure or device), every one as stated; empty for the native export.
    public var codings: [Coding] { storage.codings }

    public init(
        id: String, title: String, description: String? = nil, date: CareDate, careRecipientId: String,
        careCircleId: String, createdBy: Actor, privacyLevel: PrivacyLevel, visibleTo: [String] = [],
        data: HealthData, attachments: [Attachment] = [], importedFrom: String? = nil, codings: [Coding] = []
    ) {
        storage = Storage(
            id: id, title: title, description: description, date: date, careRecipientId: careRecipientId, careCircleId: careCircleId,
            createdBy: createdBy, privacyLevel: privacyLevel, visibleTo: visibleTo, data: data, attachments: attachments,
            importedFrom: importedFrom, codings: codings)
    }

    /// The record's `type` as written in the export.
    public var type: HealthRecordType { data.type }

    /// The same for this record and its copies, different for any other record while it lives.
    var identity: ObjectIdentifier { ObjectIdentifier(storage) }

    public static func == (a: HealthRecord, b: HealthRecord) -> Bool {
        if a.storage === b.storage { return true }
        return a.id == b.id && a.title == b.title && a.description == b.description && a.date == b.date && a.careRecipientId == b.careRecipientId
            && a.careCircleId == b.careCircleId && a.createdBy == b.createdBy && a.privacyLevel == b.privacyLevel && a.visibleTo == b.visibleTo && a.data == b.data
            && a.attachments == b.attachments && a.importedFrom == b.importedFrom && a.codings == b.codings
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(id)
        hasher.combine(title)
        hasher.combine(description)
        hasher.combine(date)
        hasher.combine(careRecipientId)
        hasher.combine(careCircleId)
        hasher.combine(createdBy)
        hasher.combine(privacyLevel)
        hasher.combine(visibleTo)
        hasher.combine(data)
        hasher.combine(attachments)
        hasher.combine(importedFrom)
        hasher.combine(codings)
    }
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
