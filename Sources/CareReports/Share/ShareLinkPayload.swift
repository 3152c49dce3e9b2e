import Foundation

/// The SMART Health Link payload (HL7 SMART Health Cards and Links IG, STU1): minified JSON,
/// base64url, after `shlink:/`, after the viewer page's URL and `#` (a fragment is never sent to
/// the server, so the key stays with whoever holds the link).
///
/// carereport's links are flag `LU`: long-term (next week's build updates the same file) and a
/// single encrypted file fetched by `GET` (no manifest, so no passcode: `P` may not go with `U`).
public struct ShareLinkPayload: Sendable, Equatable {
    /// The spec's limits.
    public static let maximumURLLength = 128
    public static let maximumLabelLength = 80
    public static let flag = "LU"

    public let url: String
    public let key: ShareKey
    public let label: String

    /// A payload for the file at `url`; throws when the URL is longer than the spec allows. The
    /// label is shortened to ``maximumLabelLength`` characters (ending "…") when longer.
    public init(url: String, key: ShareKey, label: String) throws {
        guard url.count <= Self.maximumURLLength else { throw ShareLinkError.urlTooLong(url: url, limit: Self.maximumURLLength) }
        self.url = url
        self.key = key
        self.label = Self.shortened(label)
    }

    static func shortened(_ label: String) -> String {
        let clean = label.split(whereSeparator: \.isNewline).joined(separator: " ")
        guard clean.count > maximumLabelLength else { return clean }
        return String(clean.prefix(maximumLabelLength - 1)).trimmingCharacters(in: .whitespaces) + "…"
    }

    /// The minified JSON, members in a fixed order (the same payload gives the same link).
    public var json: String {
        "{" + [("url", url), ("key", key.text), ("flag", Self.flag), ("label", label)]
            .map { "\(Self.quoted($0.0)):\(Self.quoted($0.1))" }.joined(separator: ",") + "}"
    }

    /// `shlink:/` and the payload.
    public var shlink: String { "shlink:/" + Base64URL.encode(Array(json.utf8)) }

    /// The link a phone opens: the viewer page, `#`, the `shlink:/` URI.
    public func link(viewer: String) -> String { viewer + "#" + shlink }

    /// A JSON string (RFC 8259): quotes, backslashes and control characters escaped; the rest as is.
    static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
