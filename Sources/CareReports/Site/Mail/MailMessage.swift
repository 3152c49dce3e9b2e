import Foundation

/// A complete RFC 5322 / MIME message with a plain-text and an HTML alternative, ready for `sendmail -t`.
///
/// Pure and deterministic: the same values give the same bytes (the boundary is a hash of the bodies, the date
/// is formatted without locale). The output is 7-bit ASCII: non-ASCII header text becomes RFC 2047
/// encoded-words, bodies are quoted-printable UTF-8, header lines are folded at 78 characters.
///
/// Line endings: CRLF throughout. RFC 5322 and MIME define messages with CRLF, so the bytes are correct as
/// they stand (for SMTP, a file, or a test golden) and quoted-printable hard breaks are unambiguous;
/// `sendmail -t` as shipped by Postfix, Exim and msmtp accepts CRLF input as well as LF. For a program
/// that wants local LF text, `rendered(lineEnding: .lf)` gives the same message with LF.
public struct MailMessage: Sendable, Equatable {
    public enum LineEnding: Sendable {
        case crlf
        case lf
    }

    public var from: MailAddress
    /// May be empty: the message is still written without a `To` header (the caller checks for recipients).
    public var to: [MailAddress]
    /// Any text; line breaks and control characters become spaces (they can never start a new header).
    public var subject: String
    public var date: Date
    /// The zone whose offset the `Date` header shows.
    public var timeZone: TimeZone
    /// Written as `<messageID>`; surrounding angle brackets are dropped, and spaces, control characters and
    /// non-ASCII characters removed. `MailMessage.messageID(seed:domain:)` makes a suitable id.
    public var messageID: String
    /// Written after `Message-ID`, in order.
    public var extraHeaders: [MailHeader]
    public var textBody: String
    public var htmlBody: String

    public init(
        from: MailAddress,
        to: [MailAddress],
        subject: String,
        date: Date,
        timeZone: TimeZone,
        messageID: String,
        extraHeaders: [MailHeader] = MailHeader.standard,
        textBody: String,
        htmlBody: String
    ) {
        self.from = from
        self.to = to
        self.subject = subject
        self.date = date
        self.timeZone = timeZone
        self.messageID = messageID
        self.extraHeaders = extraHeaders
        self.textBody = textBody
        self.htmlBody = htmlBody
    }

    /// A stable message id, `carereport.<20 hex digits>@<domain>`, from a seed such as circle + viewer + week:
    /// the same seed gives the same id, so a re-sent digest is recognisably the same message. Keyed by
    /// the installation's key (``OpaqueId``): nobody can tell from it which circle or reader it names.
    public static func messageID(seed: String, domain: String, key: InstallationKey = .current) -> String {
        "carereport.\(OpaqueId.name(["message", seed], key: key))@\(domain)"
    }

    /// The multipart boundary: `=_carereport_` plus a hash of both bodies. `=_` never occurs in
    /// quoted-printable output, so the boundary can never appear in the encoded parts.
    static func boundary(text: String, html: String) -> String {
        let hash = MailText.fnv1a64(Array(text.utf8) + [0] + Array(html.utf8))
        return "=_carereport_" + MailText.hex(hash)
    }

    /// The whole message as text (pure ASCII), ending with a line break.
    public func rendered(lineEnding: LineEnding = .crlf) -> String {
        let text = QuotedPrintable.encode(textBody)
        let html = QuotedPrintable.encode(htmlBody)
        var boundary = MailMessage.boundary(text: textBody, html: htmlBody)
        var salt = 0
        while text.contains(boundary) || html.contains(boundary) {  // cannot happen (see `boundary`); belt and braces
            salt += 1
            boundary = MailMessage.boundary(text: textBody + "\(salt)", html: htmlBody)
        }

        var headers: [String] = []
        headers.append(HeaderEncoding.field("From", tokens: from.headerTokens(header: "From")))
        if !to.isEmpty {
            var tokens: [String] = []
            for (index, address) in to.enumerated() {
                var addressTokens = address.headerTokens(header: "To")
                if index < to.count - 1 { addressTokens[addressTokens.count - 1] += "," }
                tokens += addressTokens
            }
            headers.append(HeaderEncoding.field("To", tokens: tokens))
        }
        headers.append(HeaderEncoding.field("Subject", tokens: HeaderEncoding.unstructuredTokens(subject, header: "Subject")))
        headers.append("Date: " + RFC5322Date.string(from: date, timeZone: timeZone))
        headers.append(HeaderEncoding.field("Message-ID", tokens: ["<\(MailMessage.cleanID(messageID))>"]))
        headers += extraHeaders.map { $0.rendered() }
        headers.append("MIME-Version: 1.0")
        headers.append(HeaderEncoding.field("Content-Type", tokens: ["multipart/alternative;", "boundary=\"\(boundary)\""]))

        var lines = headers
        lines.append("")
        for (type, body) in [("text/plain", text), ("text/html", html)] {  // RFC 2046: the last part is preferred
            lines.append("--" + boundary)
            lines.append("Content-Type: \(type); charset=UTF-8")
            lines.append("Content-Transfer-Encoding: quoted-printable")
            lines.append("")
            lines.append(body)
        }
        lines.append("--" + boundary + "--")
        let message = lines.joined(separator: "\r\n") + "\r\n"
        switch lineEnding {
        case .crlf: return message
        case .lf: return message.replacingOccurrences(of: "\r\n", with: "\n")  // every CR in the output is in a CRLF
        }
    }

    /// The rendered message as bytes, for writing to `sendmail -t`'s standard input.
    public func renderedData(lineEnding: LineEnding = .crlf) -> Data {
        Data(rendered(lineEnding: lineEnding).utf8)
    }

    static func cleanID(_ id: String) -> String {
        var text = Substring(id)
        if text.hasPrefix("<") && text.hasSuffix(">") && text.count >= 2 { text = text.dropFirst().dropLast() }
        var out = ""
        for scalar in text.unicodeScalars where scalar.value > 0x20 && scalar.value < 0x7F && scalar != "<" && scalar != ">" {
            out.unicodeScalars.append(scalar)
        }
        return out
    }
}
