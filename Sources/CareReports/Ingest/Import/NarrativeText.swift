/// The plain text of a clinical document's narrative (FHIR `text.div` XHTML, or the text of a
/// C-CDA section), as paragraphs: tags are dropped, never kept, so the result is only ever shown
/// escaped as text. Block elements (p, div, br, li, tr, headings) end a paragraph, table cells are
/// separated by " · ", the contents of script and style are dropped, and entities are decoded.
enum NarrativeText {
    /// The longest narrative kept, in characters; longer text is cut with "…".
    static let maximumLength = 8000

    static let blocks: Set<String> = [
        "p", "div", "br", "li", "tr", "h1", "h2", "h3", "h4", "h5", "h6", "table", "ul", "ol", "thead", "tbody",
        "caption", "pre", "blockquote", "dd", "dt", "dl", "hr", "section", "article", "header", "footer", "tfoot",
        "paragraph", "item", "list",
    ]

    static func paragraphs(ofMarkup markup: String) -> [String] {
        var paragraphs: [String] = []
        var current = ""
        var skipping: String?
        var index = markup.startIndex
        func flush() {
            let text = collapse(current)
            if !text.isEmpty { paragraphs.append(text) }
            current = ""
        }
        while index < markup.endIndex {
            let character = markup[index]
            if character == "<" {
                if markup[index...].hasPrefix("<!--") {
                    let end = markup.range(of: "-->", range: index..<markup.endIndex)?.upperBound ?? markup.endIndex
                    index = end
                    continue
                }
                let close = markup[index...].firstIndex(of: ">") ?? markup.endIndex
                let tag = markup[markup.index(after: index)..<close]
                let isEnd = tag.hasPrefix("/")
                let name = tag.drop { $0 == "/" }.prefix { $0.isLetter || $0.isNumber || $0 == "-" || $0 == ":" }
                    .split(separator: ":").last.map { $0.lowercased() } ?? ""
                if let open = skipping {
                    if isEnd, name == open { skipping = nil }
                } else if name == "script" || name == "style", !isEnd, !tag.hasSuffix("/") {
                    skipping = name
                } else if blocks.contains(name) {
                    flush()
                } else if name == "td" || name == "th" {
                    if isEnd { current += " · " }
                }  // inline elements (b, span, content, …) add nothing
                index = close < markup.endIndex ? markup.index(after: close) : close
                continue
            }
            if skipping == nil {
                if character == "&", let (decoded, next) = entity(markup, at: index) {
                    current.append(decoded)
                    index = next
                    continue
                }
                current.append(character)
            }
            index = markup.index(after: index)
        }
        flush()
        // Table rows: cells joined by " · ", the empty ones left out.
        let rows = paragraphs.map { paragraph in
            paragraph.components(separatedBy: "·").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
                .joined(separator: " · ")
        }
        return limit(rows.filter { !$0.isEmpty })
    }

    /// Paragraphs of text that is already plain (each line a paragraph), limited like markup.
    static func paragraphs(ofText text: String) -> [String] {
        limit(text.split(whereSeparator: \.isNewline).map { collapse(String($0)) }.filter { !$0.isEmpty })
    }

    private static func limit(_ paragraphs: [String]) -> [String] {
        var total = 0
        var kept: [String] = []
        for paragraph in paragraphs {
            if total + paragraph.count > maximumLength {
                let room = max(0, maximumLength - total)
                if room > 0 { kept.append(String(paragraph.prefix(room)) + "…") } else if let last = kept.popLast() { kept.append(last + " …") }
                break
            }
            kept.append(paragraph)
            total += paragraph.count
        }
        return kept
    }

    static func collapse(_ text: String) -> String {
        text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
            .trimmingCharacters(in: .whitespaces)
            .filter { !($0.unicodeScalars.first.map { $0.properties.generalCategory == .control } ?? false) }
    }

    private static let named: [String: Character] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": " ", "deg": "°", "micro": "µ",
        "plusmn": "±", "middot": "·", "ndash": "–", "mdash": "—", "hellip": "…", "le": "≤", "ge": "≥",
    ]

    private static func entity(_ text: String, at start: String.Index) -> (Character, String.Index)? {
        guard let semicolon = text[start...].prefix(12).firstIndex(of: ";") else { return nil }
        let body = text[text.index(after: start)..<semicolon]
        let next = text.index(after: semicolon)
        if body.hasPrefix("#x") || body.hasPrefix("#X"), let value = UInt32(body.dropFirst(2), radix: 16),
            let scalar = Unicode.Scalar(value) { return (Character(scalar), next) }
        if body.hasPrefix("#"), let value = UInt32(body.dropFirst()), let scalar = Unicode.Scalar(value) { return (Character(scalar), next) }
        return named[String(body)].map { ($0, next) }
    }
}

import Foundation
