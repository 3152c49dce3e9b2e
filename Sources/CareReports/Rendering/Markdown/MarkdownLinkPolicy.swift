/// Decides which link destinations in user Markdown may stay links, and normalises the ones that may.
///
/// A destination is allowed when, after dropping leading whitespace, control and format characters
/// (and ASCII tab/CR/LF anywhere, as browsers do), it has no scheme (a relative reference) or its
/// scheme is `http`, `https` or `mailto` (case-insensitive). Everything else — `javascript:`, `data:`,
/// `vbscript:`, `file:`, any other scheme — is refused.
enum MarkdownLinkPolicy {
    /// The schemes a user link may use, lower-cased.
    static let allowedSchemes: Set<String> = ["http", "https", "mailto"]

    /// The destination to keep for `url`, or nil when the link must be dropped.
    ///
    /// The kept destination has the ignored characters removed and every space, ASCII control
    /// character, `<` and `>` percent-encoded (the HTML renderer would encode those anyway), so the
    /// CommonMark renderer can never write it as something other than a link.
    static func allowedURL(_ url: String) -> String? {
        let cleaned = strippingIgnored(url)
        if let scheme = scheme(of: cleaned), !allowedSchemes.contains(scheme.lowercased()) {
            return nil
        }
        return percentEncodingUnsafe(cleaned)
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
