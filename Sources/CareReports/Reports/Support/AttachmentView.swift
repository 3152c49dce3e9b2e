import Foundation

/// An attachment as the pages show it: its file name, and a link only when the address is `https:`,
/// `http:` or a relative path (docs/export-format.md). carereport never downloads or embeds one.
public struct AttachmentView: Sendable, Encodable, Hashable {
    public let name: String
    /// `PDF`, `image`, or the MIME type.
    public let kind: String
    /// The address to link to, percent-encoded so that it stays one link in HTML and Markdown; nil
    /// when the address is missing or of another scheme.
    public let link: String?
    /// True for a relative path: it is read from the site's root folder.
    public let relative: Bool

    public init(_ attachment: Attachment) {
        name = attachment.fileName
        let mime = attachment.mimeType.lowercased()
        kind = mime == "application/pdf" ? "PDF" : mime.hasPrefix("image/") ? "image" : attachment.mimeType
        let target = attachment.url.flatMap(AttachmentView.linkTarget)
        link = target?.link
        relative = target?.relative ?? false
    }

    /// The link and whether it is relative, or nil for an address that must not become a link.
    static func linkTarget(_ url: String) -> (link: String, relative: Bool)? {
        let trimmed = url.trimmingSpacesAndNewlines()
        guard !trimmed.isEmpty, !trimmed.contains(where: { $0.isNewline || $0 == "\\" }) else { return nil }
        let lower = trimmed.lowercased()
        let relative: Bool
        if lower.hasPrefix("https://") || lower.hasPrefix("http://") {
            relative = false
        } else {
            // A relative path has no scheme (no ":" before the first "/", "?" or "#") and no host or root.
            let head = trimmed.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
            guard !head.contains(":"), !trimmed.hasPrefix("/") else { return nil }
            relative = true
        }
        var allowed = CharacterSet.urlFragmentAllowed
        allowed.insert(charactersIn: "#%")
        allowed.remove(charactersIn: "()<>\"'` ")
        guard let encoded = trimmed.addingPercentEncoding(withAllowedCharacters: allowed) else { return nil }
        return (encoded, relative)
    }
}

extension AttachmentView {
    static func views(_ attachments: [Attachment]) -> [AttachmentView] { attachments.map(AttachmentView.init) }
}
