import Foundation

/// The one rule for what may become a link in anything carereport writes (user Markdown, an
/// attachment's address): a web page (`http://HOST…`, `https://HOST…`), an e-mail address
/// (`mailto:`), or a page of the site itself (a relative path that stays inside it, `#part`).
/// Anything else is shown as text.
///
/// The destination is judged as a browser or mail reader would finally read it: percent-escapes
/// decoded again and again until nothing changes (`%6A%61vascript:` is `javascript:`, `%255C` is
/// `\`), and whitespace, control and format characters removed (`java\tscript:`), before its scheme
/// is looked at. Then:
/// - `http`/`https` must be followed by `//` and a host, with no backslash anywhere
///   (`https:javascript:…` and `http:%5Cevil.example` are refused);
/// - `mailto` may carry no line break or other control character, encoded or not, and no header
///   field but `subject` and `body` (no `Bcc:`, `cc`, `to`, `from`, …);
/// - a reference without a scheme must stay inside the site: no leading `/` (`//host`, `/etc`),
///   no `?` alone, no backslash, no `..` step.
public enum LinkTarget {
    public enum Kind: Sendable, Equatable { case web, mail, sitePage }

    /// The kind of link `url` may be, or nil when it must be shown as text.
    public static func kind(of url: String) -> Kind? {
        let given = strippingIgnored(DisplayText.stripped(url))
        let decoded = fullyDecoded(given)
        let probe = strippingIgnored(String(String.UnicodeScalarView(decoded.unicodeScalars.filter { !isInvisible($0) })))
        guard !probe.isEmpty, !probe.unicodeScalars.contains("\\") else { return nil }
        let found = scheme(of: probe)?.lowercased()
        // A scheme that shows only once decoded (`%6Dailto:`) is not what a reader of the link sees.
        guard found == nil || scheme(of: given)?.lowercased() == found else { return nil }
        switch found {
        case "http", "https":
            let rest = probe.unicodeScalars.drop { $0 != ":" }.dropFirst()
            guard rest.starts(with: "//".unicodeScalars), let host = rest.dropFirst(2).first, host != "/" else { return nil }
            return .web
        case "mailto":
            return isSafeMail(decoded) ? .mail : nil
        case nil:
            return isInsideSite(probe) && isInsideSite(given) ? .sitePage : nil
        default:
            return nil
        }
    }

    /// `text` percent-decoded until it no longer changes (at most 8 rounds, then as far as it got);
    /// an escape that is not valid UTF-8 stops the decoding where it is.
    static func fullyDecoded(_ text: String) -> String {
        var current = text
        for _ in 0..<8 {
            guard let next = current.removingPercentEncoding, next != current else { break }
            current = next
        }
        return current
    }

    /// A `mailto:` link (`decoded`: fully percent-decoded) with nothing but an address, a subject and
    /// a body, and no control character (a line break would start a header of its own) in any of them.
    /// Decoded, an `&` inside a subject reads as a new field: such a link is refused too (strict).
    static func isSafeMail(_ decoded: String) -> Bool {
        guard !decoded.unicodeScalars.contains(where: { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) || $0 == "\u{2028}" || $0 == "\u{2029}" })
        else { return false }
        let afterScheme = decoded.drop { $0 != ":" }.dropFirst()
        guard let question = afterScheme.firstIndex(of: "?") else { return true }
        for field in afterScheme[afterScheme.index(after: question)...].split(separator: "&") {
            let name = field.prefix { $0 != "=" }.lowercased()
            guard name == "subject" || name == "body" else { return false }
        }
        return true
    }

    /// Whether the relative reference `reference` names a page of the site itself: not empty, no
    /// leading `/` or `?`, no backslash, and no path segment that is `..` (percent-decoded).
    static func isInsideSite(_ reference: String) -> Bool {
        guard let first = reference.unicodeScalars.first, first != "/", first != "?" else { return false }
        guard !reference.unicodeScalars.contains("\\") else { return false }
        if first == "#" { return true }
        let path = reference.unicodeScalars.prefix { $0 != "?" && $0 != "#" }
        for segment in String(path).split(separator: "/", omittingEmptySubsequences: false) where fullyDecoded(String(segment)) == ".." {
            return false
        }
        return true
    }

    /// The scheme of `url` (without the colon), or nil for a relative reference.
    static func scheme(of url: String) -> String? {
        var scheme = ""
        for scalar in url.unicodeScalars {
            if scalar == ":" { return scheme.isEmpty ? nil : scheme }
            let isLetter = ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
            let isOther = ("0"..."9").contains(scalar) || scalar == "+" || scalar == "-" || scalar == "."
            guard isLetter || (!scheme.isEmpty && isOther) else { return nil }
            scheme.unicodeScalars.append(scalar)
        }
        return nil
    }

    /// `url` without leading whitespace/control/format characters and without any tab, CR or LF
    /// (which browsers drop from a URL wherever they are).
    static func strippingIgnored(_ url: String) -> String {
        var out = String.UnicodeScalarView()
        for scalar in url.unicodeScalars.drop(while: isInvisible) where scalar != "\t" && scalar != "\n" && scalar != "\r" {
            out.append(scalar)
        }
        return String(out)
    }

    /// Whitespace, control, format and separator characters, and U+FFFD: what a reader of the address
    /// does not see, or a browser drops.
    static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.value <= 0x20 || scalar.value == 0x7F || scalar == "\u{FFFD}" { return true }
        switch scalar.properties.generalCategory {
        case .control, .format, .spaceSeparator, .lineSeparator, .paragraphSeparator, .unassigned, .privateUse:
            return true
        default:
            return scalar.properties.isWhitespace
        }
    }
}
