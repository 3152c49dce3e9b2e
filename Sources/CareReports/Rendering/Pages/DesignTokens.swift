import Foundation

/// The light palette of `assets/tokens.css`, the one source of colour: the site links the file,
/// the visit summary (self-contained, printed) and the e-mail (no style sheets in mail) get its
/// values written in. Reads the first `:root { … }` block; `var(--x)` references are followed.
public struct DesignTokens: Sendable {
    public let values: [String: String]

    public init(css: String?) {
        var values: [String: String] = [:]
        guard let css, let root = css.range(of: ":root") , let open = css[root.upperBound...].firstIndex(of: "{"),
            let close = css[open...].firstIndex(of: "}")
        else {
            self.values = [:]
            return
        }
        var block = String(css[css.index(after: open)..<close])
        while let start = block.range(of: "/*"), let end = block.range(of: "*/", range: start.upperBound..<block.endIndex) {
            block.removeSubrange(start.lowerBound..<end.upperBound)
        }
        for declaration in block.split(separator: ";") {
            let parts = declaration.split(separator: ":", maxSplits: 1)
            guard parts.count == 2 else { continue }
            let name = parts[0].trimmingCharacters(in: .whitespacesAndNewlines)
            guard name.hasPrefix("--") else { continue }
            values[String(name.dropFirst(2))] = parts[1].trimmingCharacters(in: .whitespacesAndNewlines)
        }
        self.values = values
    }

    /// The value of `--name`, with `var(--other)` followed; `fallback` when the token is missing.
    public func value(_ name: String, fallback: String = "inherit") -> String {
        var current = values[name]
        var hops = 0
        while let value = current, value.hasPrefix("var(--"), value.hasSuffix(")"), hops < 16 {
            current = values[String(value.dropFirst(6).dropLast())]
            hops += 1
        }
        return current ?? fallback
    }

    /// `css` with every `var(--name)` replaced by the token's value.
    public func resolve(_ css: String) -> String {
        var result = ""
        var rest = Substring(css)
        while let start = rest.range(of: "var(--"), let end = rest[start.upperBound...].firstIndex(of: ")") {
            result += rest[..<start.lowerBound]
            let name = String(rest[start.upperBound..<end])
            result += values[name] != nil ? value(name) : String(rest[start.lowerBound...end])
            rest = rest[rest.index(after: end)...]
        }
        return result + rest
    }
}

/// The e-mail's colours, from the tokens (mail clients ignore style sheets and custom properties).
public struct MailPalette: Sendable, Encodable {
    public let background, text, muted, heading, primary, border, headerBackground, headerText, surface: String
    public let attentionBackground, attentionBorder, attentionHeading: String

    public init(_ tokens: DesignTokens) {
        background = tokens.value("color-background")
        text = tokens.value("color-text")
        muted = tokens.value("color-text-muted")
        heading = tokens.value("color-heading")
        primary = tokens.value("color-primary")
        border = tokens.value("color-border")
        headerBackground = tokens.value("color-header-bg")
        headerText = tokens.value("color-header-text")
        surface = tokens.value("color-surface-raised")
        attentionBackground = tokens.value("color-attention-bg")
        attentionBorder = tokens.value("color-attention-border")
        attentionHeading = tokens.value("color-warning")
    }
}

extension TemplateSet {
    /// The visit page's style sheet with the tokens' colours written in, so the page works on its own.
    public var visitStyles: String {
        let tokens = files["assets/tokens.css"], visit = files["assets/visit.css"] ?? ""
        return DerivedStyles.visit.value([tokens ?? "", visit]) { DesignTokens(css: tokens).resolve(visit) }
    }

    /// The e-mail's colours.
    public var mailPalette: MailPalette {
        let tokens = files["assets/tokens.css"]
        return DerivedStyles.mail.value(tokens ?? "") { MailPalette(DesignTokens(css: tokens)) }
    }
}

/// The visit style sheet and the mail palette, each made once per style sheet's text: an
/// `--all-members` run asks once per member, and reading the tokens costs more than a member's digest.
private enum DerivedStyles {
    static let visit = LockedMemo<[String], String>(limit: 8)
    static let mail = LockedMemo<String, MailPalette>(limit: 8)
}
