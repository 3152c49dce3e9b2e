import Foundation

/// A `text/plain` attachment of a clinical document (a C-CDA `nonXMLBody`, a FHIR attachment) read
/// as the text it is, to be shown (escaped, preformatted) rather than left as a file nobody opens.
enum PlainTextAttachment {
    /// The largest text shown inline (1 MiB); a longer one stays a file.
    static let maximumBytes = 1 << 20

    /// The text of `bytes` when `mimeType` is `text/plain` (any parameters) and the bytes are UTF-8
    /// (a US-ASCII or UTF-8 charset, or none); line endings made `\n`, trailing line breaks dropped.
    /// Nil otherwise.
    static func text(mimeType: String, bytes: [UInt8]?) -> String? {
        let parts = mimeType.lowercased().split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
        guard parts.first == "text/plain", let bytes, !bytes.isEmpty, bytes.count <= maximumBytes else { return nil }
        if let charset = parts.dropFirst().first(where: { $0.hasPrefix("charset=") })?.dropFirst(8) {
            let name = charset.trimmingCharacters(in: CharacterSet(charactersIn: "\""))
            guard ["utf-8", "utf8", "us-ascii", "ascii"].contains(name) else { return nil }
        }
        var body = bytes[...]
        if body.starts(with: [0xEF, 0xBB, 0xBF]) { body = body.dropFirst(3) }
        guard let text = String(validating: body, as: UTF8.self) else { return nil }
        var lines = text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
        while lines.hasSuffix("\n") { lines.removeLast() }  // trailing blank lines only; indentation is kept
        return lines.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty ? nil : lines
    }
}
