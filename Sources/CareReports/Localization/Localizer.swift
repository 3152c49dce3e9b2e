/// Words in the reader's language: the one call every text carereport composes goes through.
///
/// The English text is the message's key (gettext's `msgid`): `l10n.t("Needs attention")`,
/// `l10n.t("Written for {name} on {date}", ["name": name, "date": day])`,
/// `l10n.n("{count} result", "{count} results", count: 3)`. `scripts/extract-messages.py` finds
/// these calls (the first argument must be a string literal without interpolation) and writes
/// `translations/carereport.pot`; a message with no translation reads in English.
public struct Localizer: Sendable {
    /// The language's primary subtag (`en`, `es`): what `<html lang>` and `Content-Language` say.
    public let language: String
    let catalog: MessageCatalog?

    /// English: every message as written in the source.
    public static let english = Localizer(language: "en", catalog: nil)

    init(language: String, catalog: MessageCatalog?) {
        self.language = language
        self.catalog = catalog
    }

    /// The message `msgid` in the reader's language, its `{name}` placeholders filled from `values`.
    public func t(_ msgid: String, context: String? = nil, _ values: [String: String] = [:]) -> String {
        let text = catalog?.translation(msgid, context: context) ?? msgid
        return values.isEmpty ? text : Self.fill(text, values)
    }

    /// The plural message for `count`: `one` and `other` are the English forms; `{count}` is filled
    /// with the count written for the language, other placeholders from `values`.
    public func n(_ one: String, _ other: String, count: Int, context: String? = nil, _ values: [String: String] = [:]) -> String {
        let text = catalog?.translation(one, plural: other, count: count, context: context) ?? (count == 1 ? one : other)
        var all = values
        if all["count"] == nil { all["count"] = integer(count) }
        return Self.fill(text, all)
    }

    /// A text that is not in the program (a lab explanation, a medication-effect note): its
    /// translation when the catalogue has one, else the text as written.
    public func lookup(_ english: String, context: String? = nil) -> String {
        catalog?.translation(english, context: context) ?? english
    }

    /// Marks `msgid` for the extractor where the message is chosen now and translated later
    /// (gettext's `N_`): `Localizer.noop("started {amount}")`, then `words.t(message, values)`.
    public static func noop(_ msgid: String) -> String { msgid }

    /// True when the reader's language is the source language (nothing to look up).
    public var isEnglish: Bool { catalog == nil }

    /// An integer with the language's digit grouping (none below 10 000 in Spanish, as the RAE writes).
    public func integer(_ value: Int) -> String { String(value) }

    /// `text` with each `{name}` replaced by `values[name]`, in one pass (a value is never read again).
    /// A `{name}` with no value stays as it is.
    static func fill(_ text: String, _ values: [String: String]) -> String {
        // Over UTF-8: `{` and `}` are ASCII, so the indices found are scalar boundaries of `text`.
        let utf8 = text.utf8
        guard var open = utf8.firstIndex(of: UInt8(ascii: "{")) else { return text }
        var result = ""
        result.reserveCapacity(utf8.count + 32)
        var copied = text.startIndex
        while let close = utf8[open...].firstIndex(of: UInt8(ascii: "}")) {
            if let value = values[String(text[text.index(after: open)..<close])] {
                result += text[copied..<open]
                result += value
                copied = text.index(after: close)
            }
            guard let next = utf8[utf8.index(after: close)...].firstIndex(of: UInt8(ascii: "{")) else { break }
            open = next
        }
        result += text[copied...]
        return result
    }

    /// The `{name}` placeholders of a message, in order.
    public static func placeholders(_ text: String) -> [String] {
        var names: [String] = []
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            let name = rest[rest.index(after: open)..<close]
            if !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) { names.append(String(name)) }
            rest = rest[rest.index(after: close)...]
        }
        return names
    }
}
