/// A person in the export: the id and names are shown; the e-mail address is never shown, only used
/// to address that person's own digest (`digest --all-members --format email`).
public struct User: Sendable, Hashable {
    public let id: String
    public let firstName: String
    public let lastName: String
    public let email: String?
    /// Language, type size and theme for what is written for this person; never shown.
    public let preferences: ReaderPreferences

    public init(id: String, firstName: String, lastName: String, email: String? = nil, preferences: ReaderPreferences = .standard) {
        self.id = id
        self.firstName = firstName
        self.lastName = lastName
        self.email = email
        self.preferences = preferences
    }
}
