/// How a person wants to read (`users[].preferences`): only ever used to choose the language, the
/// type size and the colour scheme of what is written for them, never shown.
public struct ReaderPreferences: Sendable, Hashable {
    /// The colour scheme: fixed light or dark, or the browser's (`system`).
    public enum Theme: String, Sendable, Hashable {
        case light, dark, system
    }

    /// A BCP 47 tag such as `es-US`, nil when the export gives none.
    public var language: String?
    public var theme: Theme
    public var largeText: Bool

    public init(language: String? = nil, theme: Theme = .system, largeText: Bool = false) {
        self.language = language
        self.theme = theme
        self.largeText = largeText
    }

    /// Nothing asked for: the browser's colours, the default type size, English.
    public static let standard = ReaderPreferences()

    /// The `class` of `<html>` that switches the design tokens (`theme-dark text-large`), "" for none.
    public var htmlClass: String {
        var classes: [String] = []
        if theme != .system { classes.append("theme-\(theme.rawValue)") }
        if largeText { classes.append("text-large") }
        return classes.joined(separator: " ")
    }
}
