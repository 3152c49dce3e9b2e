/// A member's role in a care circle.
public enum Role: String, Sendable, Hashable, CaseIterable, Comparable {
    case careRecipient
    case caregiver
    case organizer
    case supporter

    public static func < (lhs: Role, rhs: Role) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}
