import ArgumentParser
import CareReports
import Foundation
import Templates

/// `--language TAG`: the language to write in, overriding each reader's `preferences.language`.
struct LanguageOption: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "Write in this language (a BCP 47 tag such as es or es-MX; en, es), instead of each reader's preferred language.",
            valueName: "tag"))
    var language: String?

    /// The shipped catalogues, read once from the embedded copy of translations/.
    static let translations: Translations = {
        do {
            return try Translations(poFiles: EmbeddedTranslations.files)
        } catch {
            Console.error("\(error) (in the built-in translations); writing in English")
            return .englishOnly
        }
    }()

    /// Tags already warned about in this run: one warning per unknown language, not one per reader.
    private static let warned = WarnedTags()

    /// The words and display preferences for `viewer`: `--language`, else the reader's own
    /// `preferences.language`; English, with a one-line warning, for a language not shipped.
    func reader(_ viewer: Viewer, in export: CareExport) -> (words: Localizer, display: ReaderPreferences) {
        reader(userId: viewer.userId, in: export)
    }

    /// The words and display preferences of the user `userId` (a reader of several circles has one
    /// language in all of them); a role viewer (nil) has no preferences.
    func reader(userId: String?, in export: CareExport) -> (words: Localizer, display: ReaderPreferences) {
        let preferences = userId.flatMap { export.user($0)?.preferences } ?? .standard
        let tag = language ?? preferences.language
        // English needs no catalogue: the PO files are read only when a reader asks for another language.
        if tag.map({ Translations.primarySubtag($0) == "en" }) ?? true { return (.english, preferences) }
        let (words, warning) = Self.translations.localizer(for: tag)
        if let warning, Self.warned.first(language ?? preferences.language ?? "") {
            Console.error("warning: \(language == nil ? "\(userId ?? "the reader")'s preferred " : "--language: ")\(warning)")
        }
        return (words, preferences)
    }
}

/// A set of tags, safe to share between threads.
final class WarnedTags: @unchecked Sendable {
    private let lock = NSLock()
    private var tags: Set<String> = []

    /// True the first time `tag` is seen.
    func first(_ tag: String) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        return tags.insert(tag.lowercased()).inserted
    }
}
