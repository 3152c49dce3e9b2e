import Foundation

/// An attachment as the pages show it: its file name, and a link only to a file the build wrote
/// into the site (`AttachmentFiles`) or to an `https:` or `http:` address; otherwise the name alone,
/// with why ("eye-clinic-letter.pdf, not included in the export"). No page links to a file the
/// build did not write.
public struct AttachmentView: Sendable, Encodable, Hashable {
    public let name: String
    /// `PDF`, `PNG image`, `JPEG image`, `image`, or the MIME type.
    public let kind: String
    /// The address to link to, percent-encoded so that it stays one link in HTML and Markdown; nil
    /// when the file is not in the site and the address is not `https:` or `http:`.
    public let link: String?
    /// True for a file written into the site: the link is read from the site's root folder.
    public let relative: Bool
    /// The name and why it has no link, as one phrase: "eye-clinic-letter.pdf, not included in
    /// the export"; nil when it is linked.
    public let unlinked: String?

    /// The attachment as `files` placed it, its kind and reason in `words`'s language.
    public init(_ attachment: Attachment, files: AttachmentFiles, words: Localizer = .english) {
        name = attachment.fileName
        let mime = attachment.mimeType.lowercased()
        let declared = mime == "application/pdf" ? "PDF" : mime.hasPrefix("image/") ? words.t("image", context: "attachment") : attachment.mimeType
        switch files.outcome(attachment) {
        case .copied(let path, let kind, _):
            self.kind = kind == .pdf ? "PDF" : kind == .png ? words.t("PNG image") : words.t("JPEG image")
            link = path
            relative = true
            unlinked = nil
        case .external(let address):
            kind = declared
            link = address
            relative = false
            unlinked = nil
        case .unlinked(let reason):
            kind = declared
            link = nil
            relative = false
            let file = ["file": attachment.fileName]
            switch reason {
            case .notInExport: unlinked = words.t("{file}, not included in the export", file)
            case .notAllowedType: unlinked = words.t("{file}, not copied: only PDF, PNG and JPEG files are", file)
            case .tooLarge: unlinked = words.t("{file}, not copied: larger than 10 MB", file)
            }
        }
    }

    /// The link and whether it is relative, or nil for an address that must not become a link: one
    /// ``LinkTarget`` refuses, or an e-mail address.
    static func linkTarget(_ url: String) -> (link: String, relative: Bool)? {
        let trimmed = url.trimmingSpacesAndNewlines()
        guard !trimmed.isEmpty, !trimmed.contains(where: { $0.isNewline || $0 == "\\" }),
              let kind = LinkTarget.kind(of: trimmed), kind != .mail
        else { return nil }
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
    static func views(_ attachments: [Attachment], _ context: ReportContext) -> [AttachmentView] {
        attachments.map { AttachmentView($0, files: context.attachmentFiles, words: context.words) }
    }
}
