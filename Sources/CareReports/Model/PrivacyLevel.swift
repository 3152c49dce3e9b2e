/// Who a health record or update is shared with, before the policy's other rules.
public enum PrivacyLevel: String, Sendable, Hashable, CaseIterable {
    case `private`
    case restricted
    case caregivers
    case circle
}
