import CareReports
import Foundation

/// Independent decoders used to check the mail builder's encodings.
enum MailTestSupport {
    /// A fixed installation key, so the sample message's Message-ID is the same bytes everywhere.
    static let key = InstallationKey(bytes: Array("mail test key, never an installation's".utf8))

    /// Decodes quoted-printable (soft breaks removed, `=XX` decoded) and turns CRLF into LF.
    static func decodeQuotedPrintable(_ encoded: String) -> String {
        let bytes = Array(encoded.replacingOccurrences(of: "=\r\n", with: "").utf8)
        var out: [UInt8] = []
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "="), index + 2 < bytes.count,
               let value = UInt8(String(decoding: bytes[index + 1...index + 2], as: UTF8.self), radix: 16) {
                out.append(value)
                index += 3
            } else {
                out.append(bytes[index])
                index += 1
            }
        }
        return String(decoding: out, as: UTF8.self).replacingOccurrences(of: "\r\n", with: "\n")
    }

    /// The header block's fields, unfolded (CRLF before white space removed), as (name, raw value).
    static func headers(_ message: String) -> [(name: String, value: String)] {
        let head = message.components(separatedBy: "\r\n\r\n")[0].replacingOccurrences(of: "\r\n ", with: " ")
        return head.components(separatedBy: "\r\n").map { line in
            let colon = line.firstIndex(of: ":")!
            return (String(line[..<colon]), String(line[line.index(after: colon)...].dropFirst()))
        }
    }

    /// Decodes a header value made of `=?UTF-8?Q?...?=` / `=?UTF-8?B?...?=` words (white space between
    /// adjacent encoded-words dropped) or plain text.
    static func decodeHeader(_ value: String) -> String {
        let tokens = value.split(separator: " ", omittingEmptySubsequences: false)
        var out = ""
        var previousEncoded = false
        for (index, token) in tokens.enumerated() {
            let isEncoded = token.hasPrefix("=?UTF-8?") && token.hasSuffix("?=")
            if index > 0 && !(isEncoded && previousEncoded) { out += " " }
            if isEncoded {
                let kind = token.dropFirst(8).prefix(1)
                let payload = String(token.dropFirst(10).dropLast(2))
                if kind == "B" {
                    out += String(decoding: Data(base64Encoded: payload)!, as: UTF8.self)
                } else {
                    out += decodeQuotedPrintable(payload.replacingOccurrences(of: "_", with: " "))
                }
            } else {
                out += token
            }
            previousEncoded = isEncoded
        }
        return out
    }

    static func sample(
        subject: String = "Wochenbericht für Oma",
        text: String = "Hallo Ann,\n\nGrüße: 3 Besuche = gut.\n",
        html: String = "<p>Hallo Ann</p>\n",
        to: [String] = ["Ann Example <ann@example.org>", "bob@example.org"]
    ) throws -> MailMessage {
        MailMessage(
            from: try MailAddress(parsing: "Care Report <reports@example.org>"),
            to: try to.map { try MailAddress(parsing: $0) },
            subject: subject,
            date: Date(timeIntervalSince1970: 1_745_024_400),  // 2025-04-19T01:00:00Z
            timeZone: TimeZone(identifier: "America/Los_Angeles")!,
            messageID: MailMessage.messageID(seed: "circle-1/ann/2025-W16", domain: "example.org", key: key),
            textBody: text,
            htmlBody: html
        )
    }
}
