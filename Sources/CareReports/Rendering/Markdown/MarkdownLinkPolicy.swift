import Foundation

/// Decides which link destinations in user Markdown may stay links, and normalises the ones that may.
///
/// A destination is allowed when, after dropping leading whitespace, control and format characters
/// (and ASCII tab/CR/LF anywhere, as browsers do), its scheme is `http`, `https` or `mailto`
/// (case-insensitive), or it is a relative path that stays inside the site: a page name such as
/// `medications.html` or `week/2025-W15.html`, or a `#fragment`. Everything else is refused: any
/// other scheme (`javascript:`, `data:`, `file:`), a network-path reference (`//evil.org/x`, which a
/// `file://` site reads as `file://evil.org`), an absolute path (`/etc/passwd`), a path with a `..`
/// segment (`../../x`, also percent-encoded), a backslash (which browsers read as `/`) and a bare
/// query (`?x=1`).
enum MarkdownLinkPolicy {
    /// The schemes a user link may use, lower-cased.
    static let allowedSchemes: Set<String> = ["http", "https", "mailto"]

    /// The destination to keep for `url`, or nil when the link must be dropped.
    ///
    /// The kept destination has the ignored characters removed and every space, ASCII control
    /// character, `<` and `>` percent-encoded (the HTML renderer would encode those anyway), so the
    /// CommonMark renderer can never write it as something other than a link.
    static func allowedURL(_ url: String) -> String? {
        let cleaned = strippingIgnored(DisplayText.stripped(url))
        if let scheme = scheme(of: cleaned) {
            guard allowedSchemes.contains(scheme.lowercased()) else { return nil }
        } else if !isInsideSite(cleaned) {
            return nil
        }
        return percentEncodingUnsafe(cleaned)
    }

    /// Whether the relative reference `reference` names a page of the site itself: not empty, no
    /// leading `/` or `?`, no backslash, and no path segment that is `..` (percent-decoded).
    static func isInsideSite(_ reference: String) -> Bool {
        guard let first = reference.unicodeScalars.first, first != "/", first != "?" else { return false }
        guard !reference.unicodeScalars.contains("\\") else { return false }
        if first == "#" { return true }
        let path = reference.unicodeScalars.prefix { $0 != "?" && $0 != "#" }
        for segment in String(path).split(separator: "/", omittingEmptySubsequences: false) {
            let decoded = segment.replacingOccurrences(of: "%2e", with: ".", options: .caseInsensitive)
            if decoded == ".." { return false }
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

    /// `url` without leading whitespace/control/format characters and without any tab, CR or LF.
    static func strippingIgnored(_ url: String) -> String {
        var out = String.UnicodeScalarView()
        for scalar in url.unicodeScalars.drop(while: isIgnorableLeading)
        where scalar != "\t" && scalar != "\n" && scalar != "\r" {
            out.append(scalar)
        }
        return String(out)
    }

    /// Whether a leading `scalar` is ignored when looking for the scheme.
    private static func isIgnorableLeading(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.value <= 0x20 || scalar.value == 0x7F || scalar == "\u{FFFD}" { return true }
        switch scalar.properties.generalCategory {
        case .control, .format, .spaceSeparator, .lineSeparator, .paragraphSeparator, .unassigned, .privateUse:
            return true
        default:
            return scalar.properties.isWhitespace
        }
    }

    /// `url` with spaces, ASCII controls, `<` and `>` percent-encoded.
    private static func percentEncodingUnsafe(_ url: String) -> String {
        var out = ""
        for scalar in url.unicodeScalars {
            if scalar.value <= 0x20 || scalar.value == 0x7F || scalar == "<" || scalar == ">" {
                let hex = String(scalar.value, radix: 16, uppercase: true)
                out += "%" + (hex.count == 1 ? "0" + hex : hex)
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// Whether `address` (a `mailto:` destination without the scheme) is an e-mail address that
    /// CommonMark accepts in an `<…>` autolink.
    static func isAutolinkEmail(_ address: String) -> Bool {
        let parts = address.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else { return false }
        let localAllowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.!#$%&'*+/=?^_`{|}~-")
        guard parts[0].allSatisfy({ localAllowed.contains($0) }) else { return false }
        let labelAllowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-")
        for label in parts[1].split(separator: ".", omittingEmptySubsequences: false) {
            guard (1...63).contains(label.count), label.allSatisfy({ labelAllowed.contains($0) }),
                  label.first != "-", label.last != "-" else { return false }
        }
        return true
    }
}
