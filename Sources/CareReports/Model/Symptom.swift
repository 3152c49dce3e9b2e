/// A symptom with its severity from 0 to 10.
public struct Symptom: Sendable, Hashable {
    public let name: String
    public let severity: Int
    public let onset: CareDate?
    public let durationMinutes: Int?
    public let bodySite: String?
    public let notes: String?

    public init(name: String, severity: Int, onset: CareDate? = nil, durationMinutes: Int? = nil, bodySite: String? = nil, notes: String? = nil) {
        self.name = name
        self.severity = severity
        self.onset = onset
        self.durationMinutes = durationMinutes
        self.bodySite = bodySite
        self.notes = notes
    }
}
