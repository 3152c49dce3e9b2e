/// The localisation pre-pass of the templates: before a template is parsed, each marker in its
/// source is replaced by the message in the reader's language, escaped for the template's kind.
///
/// Markers (the English text is the message's `msgid`, as for `Localizer.t`):
/// - `[[t:Needs attention]]`: a message;
/// - `[[t:Written for {name} on {date}|name={{page.writtenFor}}|date={{page.writtenOn}}]]`: a
///   whole sentence with named placeholders, each filled with template source (Mustache tags) after
///   the translation is escaped, so a translator moves the tags by moving `{name}`;
/// - `[[lang]]`: the language's code, for `<html lang>`.
///
/// It runs once per language per run (``LocalizedRenderers``): rendering a page costs nothing more.
public enum TemplateLocalizer {
    /// How a translation is escaped: by the template's content type.
    public enum Kind: Sendable {
        case html, markdown, text

        /// The kind a template's first line names (`{{% CONTENT_TYPE: MARKDOWN }}`), HTML without one.
        public init(source: String) {
            if source.hasPrefix("{{% CONTENT_TYPE: MARKDOWN") {
                self = .markdown
            } else if source.hasPrefix("{{% CONTENT_TYPE: TEXT") {
                self = .text
            } else {
                self = .html
            }
        }
    }

    /// One marker found in a template: its message and placeholder bindings.
    public struct Marker: Sendable, Equatable {
        public let msgid: String
        public let context: String?
        public let bindings: [String: String]
    }

    /// `source` with every marker replaced for `words`.
    public static func localize(_ source: String, words: Localizer) -> String {
        guard find("[[", in: Substring(source)) != nil else { return source }
        let kind = Kind(source: source)
        var result = ""
        var rest = Substring(source)
        while let open = find("[[", in: rest) {
            result += rest[..<open.lowerBound]
            let body = rest[open.upperBound...]
            guard let close = find("]]", in: body) else {
                result += rest[open.lowerBound...]
                return result
            }
            let inside = body[..<close.lowerBound]
            if inside == "lang" {
                result += words.language
            } else if let marker = parse(inside) {
                result += text(marker, kind: kind, words: words)
            } else {
                // Not a marker (a Markdown link around one, `[[[t:details]]]`): one bracket is text.
                result += "["
                rest = rest[rest.index(after: open.lowerBound)...]
                continue
            }
            rest = body[close.upperBound...]
        }
        return result + rest
    }

    /// The markers of a template source, in order (for the extractor's tests and the checks).
    public static func markers(in source: String) -> [Marker] {
        var found: [Marker] = []
        var rest = Substring(source)
        while let open = find("[[", in: rest), let close = find("]]", in: rest[open.upperBound...]) {
            guard let marker = parse(rest[open.upperBound..<close.lowerBound]) else {
                rest = rest[rest.index(after: open.lowerBound)...]
                continue
            }
            found.append(marker)
            rest = rest[close.upperBound...]
        }
        return found
    }

    /// `t:msgid|name=value…` or `t(context):msgid…`.
    static func parse(_ inside: Substring) -> Marker? {
        var context: String?
        var body: Substring
        if inside.hasPrefix("t:") {
            body = inside.dropFirst(2)
        } else if inside.hasPrefix("t("), let end = find("):", in: inside) {
            context = String(inside[inside.index(inside.startIndex, offsetBy: 2)..<end.lowerBound])
            body = inside[end.upperBound...]
        } else {
            return nil
        }
        let parts = body.split(separator: "|", omittingEmptySubsequences: false)
        guard let msgid = parts.first, !msgid.isEmpty else { return nil }
        var bindings: [String: String] = [:]
        for part in parts.dropFirst() {
            guard let equals = part.firstIndex(of: "=") else { return nil }
            bindings[String(part[..<equals])] = String(part[part.index(after: equals)...])
        }
        return Marker(msgid: String(msgid), context: context, bindings: bindings)
    }

    /// The range of the two ASCII characters `pair` in `text`, searched over UTF-8 (no Foundation).
    static func find(_ pair: StaticString, in text: Substring) -> Range<Substring.Index>? {
        let (first, second) = (pair.utf8Start[0], pair.utf8Start[1])
        let utf8 = text.utf8
        var index = utf8.startIndex
        while let found = utf8[index...].firstIndex(of: first) {
            let after = utf8.index(after: found)
            if after < utf8.endIndex, utf8[after] == second { return found..<utf8.index(after: after) }
            index = after
        }
        return nil
    }

    /// The marker's message in the reader's language, escaped for `kind`, placeholders filled.
    static func text(_ marker: Marker, kind: Kind, words: Localizer) -> String {
        var translated = words.t(marker.msgid, context: marker.context)
        // A translation must not open or close a Mustache tag: it would change the template.
        if translated.contains("{{") || translated.contains("}}") { translated = marker.msgid }
        // English HTML is the template author's text as written; a translation is escaped. Markdown
        // is escaped in every language, so `*` in a message is a star on the page.
        switch kind {
        case .html: if !words.isEnglish { translated = HTMLEscaping.escape(translated) }
        case .markdown: translated = MarkdownEscaping.inline(translated)
        case .text: if !words.isEnglish { translated = DisplayText.cleaned(translated) }
        }
        return marker.bindings.isEmpty ? translated : Localizer.fill(translated, marker.bindings)
    }
}
