/// A visit to a clinician, past or coming.
public struct Appointment: Sendable, Hashable {
    public enum Status: String, Sendable, Hashable, CaseIterable { case scheduled, completed, cancelled }

    public let provider: String
    public let specialty: String?
    public let location: String?
    public let start: CareDate
    public let end: CareDate?
    public let purpose: String?
    public let status: Status
    public let outcome: String?
    public let followUpDate: CareDate?

    public init(
        provider: String, specialty: String? = nil, location: String? = nil, start: CareDate, end: CareDate? = nil,
        purpose: String? = nil, status: Status, outcome: String? = nil, followUpDate: CareDate? = nil
    ) {
        self.provider = provider
        self.specialty = specialty
        self.location = location
        self.start = start
        self.end = end
        self.purpose = purpose
        self.status = status
        self.outcome = outcome
        self.followUpDate = followUpDate
    }
}
