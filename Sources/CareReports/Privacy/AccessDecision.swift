/// The policy's answer for one record: visible or not, the rule that decided, and why in words.
public struct AccessDecision: Sendable, Hashable {
    /// The rules of the privacy policy page, in their order.
    public enum Rule: String, Sendable, Hashable, CaseIterable {
        case H1, H2, H3, H4, H5, H6, H7
        case T1, T2, T3, T4
        case U1, U2, U3, U4, U5, U6, U7
    }

    public let visible: Bool
    public let rule: Rule
    public let reason: String

    static func visible(_ rule: Rule, _ reason: String) -> AccessDecision {
        AccessDecision(visible: true, rule: rule, reason: reason)
    }

    static func hidden(_ rule: Rule, _ reason: String) -> AccessDecision {
        AccessDecision(visible: false, rule: rule, reason: reason)
    }

    static func decide(_ rule: Rule, _ visible: Bool, _ reason: String) -> AccessDecision {
        AccessDecision(visible: visible, rule: rule, reason: reason)
    }
}
