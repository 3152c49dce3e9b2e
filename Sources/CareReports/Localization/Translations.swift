/// The shipped translation catalogues (one PO file per language, English being the source) and
/// the choice of a reader's language among them.
public struct Translations: Sendable {
    /// Catalogues by primary subtag (`es`).
    public let catalogs: [String: MessageCatalog]

    /// No catalogue: English only.
    public static let englishOnly = Translations(catalogs: [:])

    init(catalogs: [String: MessageCatalog]) {
        self.catalogs = catalogs
    }

    /// Reads PO files by path (`translations/es.po`, `es.po`): the file name is the language.
    /// Files that are not `*.po` (the `.pot` template) are skipped.
    public init(poFiles: [String: String]) throws(TranslationError) {
        var catalogs: [String: MessageCatalog] = [:]
        for (path, text) in poFiles.sorted(by: { $0.key < $1.key }) where path.hasSuffix(".po") {
            let name = String(path.split(separator: "/").last ?? "")
            let language = String(name.dropLast(3)).lowercased()
            // Partial files (not named by a language tag) are not languages of their own.
            guard language.allSatisfy({ $0.isLetter }), (2...3).contains(language.count) else { continue }
            do {
                catalogs[language] = try MessageCatalog(language: language, po: text)
            } catch {
                throw TranslationError(path: path, line: error.line, message: error.message)
            }
        }
        self.catalogs = catalogs
    }

    /// The languages a reader can have, English first.
    public var languages: [String] { ["en"] + catalogs.keys.sorted() }

    /// The primary subtag of a BCP 47 tag: `es-MX` and `es_US` give `es`.
    public static func primarySubtag(_ tag: String) -> String {
        String(tag.split(whereSeparator: { $0 == "-" || $0 == "_" }).first ?? "").lowercased()
    }

    /// The localizer for `tag` (a reader's preference or `--language`); English, with the words of a
    /// one-line warning, when the language is not shipped.
    public func localizer(for tag: String?) -> (localizer: Localizer, warning: String?) {
        guard let tag, !tag.isEmpty else { return (.english, nil) }
        let language = Self.primarySubtag(tag)
        if language == "en" { return (.english, nil) }
        if let catalog = catalogs[language] { return (Localizer(language: language, catalog: catalog), nil) }
        let shown = String(tag.unicodeScalars.filter { $0.isASCII && ($0.properties.isAlphabetic || $0 == "-" || $0 == "_" || $0.properties.numericType != nil) }.prefix(35))
        return (.english, "language \"\(shown)\" is not one carereport writes (\(languages.joined(separator: ", "))); writing in English")
    }
}

/// A translation file that cannot be read.
public struct TranslationError: Error, Sendable, CustomStringConvertible {
    public let path: String
    public let line: Int
    public let message: String
    public var description: String { "\(path):\(line): error: \(message)" }
}
