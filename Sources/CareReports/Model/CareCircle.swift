/// A care circle: the person cared for and the members who help.
public struct CareCircle: Sendable, Hashable {
    public let id: String
    public let name: String
    public let careRecipient: CareRecipient
    public let members: [CircleMember]
    public let careSituation: String?

    public init(id: String, name: String, careRecipient: CareRecipient, members: [CircleMember], careSituation: String? = nil) {
        self.id = id
        self.name = name
        self.careRecipient = careRecipient
        self.members = members
        self.careSituation = careSituation
    }

    /// The membership of `userId`, if any.
    public func member(_ userId: String) -> CircleMember? {
        members.first { $0.userId == userId }
    }
}

/// The person a circle cares for.
public struct CareRecipient: Sendable, Hashable {
    public let userId: String
    public let firstName: String
    public let lastName: String
    public let dateOfBirth: LocalDate?

    public init(userId: String, firstName: String, lastName: String, dateOfBirth: LocalDate? = nil) {
        self.userId = userId
        self.firstName = firstName
        self.lastName = lastName
        self.dateOfBirth = dateOfBirth
    }
}
