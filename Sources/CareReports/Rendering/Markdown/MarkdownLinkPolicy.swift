import Foundation

/// Which link destinations in user Markdown stay links (those ``LinkTarget`` allows: http, https,
/// mailto, a page of the site), and how the ones that do are written back for cmark.
enum MarkdownLinkPolicy {
    /// The destination to keep for `url`, or nil when the link must be dropped.
    ///
    /// The kept destination has the ignored characters removed and every space, ASCII control
    /// character, `<` and `>` percent-encoded (the HTML renderer would encode those anyway), so the
    /// CommonMark renderer can never write it as something other than a link.
    static func allowedURL(_ url: String) -> String? {
        guard LinkTarget.kind(of: url) != nil else { return nil }
        return percentEncodingUnsafe(LinkTarget.strippingIgnored(DisplayText.stripped(url)))
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
