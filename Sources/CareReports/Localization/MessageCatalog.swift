/// One language's translations, read from a gettext PO file: each message by its English text
/// (`msgid`) and optional `msgctxt`, with its plural forms and the language's plural rule.
public struct MessageCatalog: Sendable {
    /// One translated message.
    public struct Entry: Sendable, Hashable {
        public let context: String?
        public let msgid: String
        public let plural: String?
        /// The translation: one form, or one per plural form.
        public let forms: [String]
        /// The PO file's line of the entry's `msgid`, for messages about it.
        public let line: Int
    }

    /// The language's primary subtag, e.g. `es`.
    public let language: String
    public let pluralRule: PluralRule
    /// Translated entries by ``key(_:context:)`` (untranslated and fuzzy ones are left out).
    public let entries: [String: Entry]

    /// The key of a message: its context and English text, separated as gettext does (EOT).
    public static func key(_ msgid: String, context: String?) -> String {
        context.map { "\($0)\u{4}\(msgid)" } ?? msgid
    }

    /// Reads `text`, the PO file for `language`; throws with the line of the first problem.
    public init(language: String, po text: String) throws(CatalogError) {
        let parsed = try POParser.parse(text)
        var rule = PluralRule.oneOther
        if let header = parsed.first(where: { $0.msgid.isEmpty && $0.context == nil }) {
            for line in (header.forms.first ?? "").split(separator: "\n") where line.hasPrefix("Plural-Forms:") {
                guard let read = PluralRule(header: String(line.dropFirst("Plural-Forms:".count))) else {
                    throw CatalogError(line: header.line, message: "the Plural-Forms header cannot be read")
                }
                rule = read
            }
        }
        var entries: [String: Entry] = [:]
        for entry in parsed where !entry.msgid.isEmpty && !entry.fuzzy {
            guard entry.forms.contains(where: { !$0.isEmpty }) else { continue }
            if entry.plural != nil, entry.forms.count != rule.count || entry.forms.contains(where: \.isEmpty) {
                throw CatalogError(line: entry.line, message: "\"\(entry.msgid)\" needs \(rule.count) plural forms")
            }
            let key = Self.key(entry.msgid, context: entry.context)
            if entries[key] != nil { throw CatalogError(line: entry.line, message: "\"\(entry.msgid)\" is translated twice") }
            entries[key] = Entry(context: entry.context, msgid: entry.msgid, plural: entry.plural, forms: entry.forms, line: entry.line)
        }
        self.language = language
        self.pluralRule = rule
        self.entries = entries
    }

    /// The translation of a message without plural, nil when the catalogue has none.
    public func translation(_ msgid: String, context: String? = nil) -> String? {
        entries[Self.key(msgid, context: context)]?.forms.first
    }

    /// The plural form for `count`, nil when the catalogue has none.
    public func translation(_ msgid: String, plural: String, count: Int, context: String? = nil) -> String? {
        guard let entry = entries[Self.key(msgid, context: context)] else { return nil }
        let index = pluralRule.form(for: count)
        return index < entry.forms.count ? entry.forms[index] : nil
    }
}

/// A PO file that cannot be read: the line and what is wrong.
public struct CatalogError: Error, Sendable, Equatable {
    public let line: Int
    public let message: String
}
