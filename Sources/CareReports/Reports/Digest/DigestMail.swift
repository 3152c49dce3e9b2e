import Foundation

/// Wraps a rendered digest into an RFC 5322 message for `sendmail -t`.
public enum DigestMail {
    /// The whole message; the Message-ID is stable for the same circle, viewer and week (`seed`).
    public static func message(
        digest: Digest, text: String, html: String, from: String, to: [String], now: Date, timeZone: TimeZone, seed: String
    ) throws -> String {
        try message(
            subject: digest.subject, language: digest.language, text: text, html: html, from: from, to: to, now: now,
            timeZone: timeZone, seed: seed)
    }

    /// The whole message with `subject` (a reader's digest of several circles has its own) in `language`.
    public static func message(
        subject: String, language: String = "en", text: String, html: String, from: String, to: [String], now: Date, timeZone: TimeZone, seed: String
    ) throws -> String {
        let sender = try MailAddress(parsing: from)
        var recipients: [MailAddress] = []
        for address in to { recipients += try MailAddress.parseList(address) }
        let domain = sender.address.split(separator: "@").last.map(String.init) ?? "localhost"
        let message = MailMessage(
            from: sender, to: recipients, subject: subject, date: now, timeZone: timeZone,
            messageID: MailMessage.messageID(seed: seed, domain: domain),
            extraHeaders: MailHeader.standard + [try MailHeader("Content-Language", language)], textBody: plainText(text), htmlBody: html)
        return message.rendered()
    }

    /// The Markdown digest as the plain-text part: its tables are already aligned text, so the code
    /// fences around them (```text … ```), which a mail reader shows as they are, are left out.
    static func plainText(_ markdown: String) -> String {
        markdown.split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !$0.hasPrefix("```") }
            .joined(separator: "\n")
    }
}
