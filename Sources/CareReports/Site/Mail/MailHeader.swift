import Foundation

/// An extra header field such as `Auto-Submitted: auto-generated`, validated when made.
///
/// The value is unstructured text: it is written as is when printable ASCII, else as RFC 2047 encoded-words,
/// and folded at 78 characters. Do not use it for address fields with non-ASCII display names.
public struct MailHeader: Sendable, Equatable, Hashable {
    public let name: String
    public let value: String

    /// Fields `MailMessage` writes itself (and `Bcc`, which `sendmail -t` treats specially).
    public static let reservedNames: Set<String> = [
        "from", "to", "bcc", "subject", "date", "message-id",
        "mime-version", "content-type", "content-transfer-encoding",
    ]

    /// Rejects names that are not RFC 5322 field names, reserved names, and values with line breaks.
    public init(_ name: String, _ value: String) throws {
        let validName = !name.isEmpty && name.unicodeScalars.allSatisfy { $0.value >= 33 && $0.value <= 126 && $0 != ":" }
        if !validName { throw MailError.invalidHeaderName(name) }
        if MailHeader.reservedNames.contains(name.lowercased()) { throw MailError.reservedHeader(name) }
        if value.unicodeScalars.contains(where: { MailText.isControl($0) && $0 != "\t" }) {
            throw MailError.headerControlCharacter(name)
        }
        self.name = name
        self.value = value
    }

    private init(known name: String, _ value: String) {
        self.name = name
        self.value = value
    }

    /// `Auto-Submitted: auto-generated` (RFC 3834): tells vacation responders not to answer.
    public static let autoSubmitted = MailHeader(known: "Auto-Submitted", "auto-generated")
    /// `X-Mailer: carereport`.
    public static let xMailer = MailHeader(known: "X-Mailer", "carereport")
    /// The headers a cron-sent digest carries by default.
    public static let standard: [MailHeader] = [autoSubmitted, xMailer]

    /// The folded field without the final CRLF.
    func rendered() -> String {
        HeaderEncoding.field(name, tokens: HeaderEncoding.unstructuredTokens(value, header: name))
    }
}
