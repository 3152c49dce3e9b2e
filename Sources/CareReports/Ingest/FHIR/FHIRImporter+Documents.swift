import Foundation

/// DocumentReference and Binary: a document the bundle carries as a file (a clinic letter as a
/// PDF, a scanned image). Each becomes a document record with its file as an attachment: the
/// bytes of `content.attachment.data` (base64), or of the Binary resource its `url` names in the
/// bundle; an `https:` or `http:` address is kept as a link and never fetched. Whether the file is
/// copied into a site is decided later, by its bytes (`AttachmentFiles`). A Binary that no
/// DocumentReference names is a document of its own.
extension FHIRBundleReader {
    func readDocumentReference(_ entry: FHIREntry) {
        let title = diagnostics.string(entry["description"]) ?? conceptText(entry["type"])
            ?? entry["content"].elements.lazy.compactMap { $0["attachment"]["title"].rawString }.first ?? "Document"
        guard let date = firstDate([entry["date"], entry["context"]["period"]])?.date
            ?? entry["content"].elements.lazy.compactMap({ self.diagnostics.date($0["attachment"]["creation"]) }).first
            ?? documentDate
        else {
            diagnostics.drop(entry.resource, "no date; expected date, context.period.start or content.attachment.creation; record not imported")
            return
        }
        let id = recordId(entry)
        var attachments: [Attachment] = []
        var plainText: String?
        for (position, content) in entry["content"].elements.enumerated() {
            let node = content["attachment"]
            var contentType = diagnostics.string(node["contentType"]) ?? "application/octet-stream"
            var bytes = decode(node["data"])
            var url: String?
            if bytes == nil, let address = node["url"].rawString {
                if let binary = resolve(FHIRNode(.object(JSONObject([("reference", .string(address))])), path: node["url"].path)),
                    binary.type == "Binary"
                {
                    bytes = decode(binary["data"])
                    contentType = diagnostics.string(binary["contentType"]) ?? contentType
                } else if address.lowercased().hasPrefix("https://") || address.lowercased().hasPrefix("http://") {
                    url = address
                }
            }
            if plainText == nil, let text = PlainTextAttachment.text(mimeType: contentType, bytes: bytes) {
                plainText = text  // shown as text, not left as a file
                continue
            }
            let name = node["title"].rawString ?? Self.fileName(title, contentType: contentType)
            attachments.append(Attachment(id: "\(id)-\(position + 1)", fileName: name, mimeType: contentType, url: url, data: bytes))
        }
        append(ImportedRecord(
            id: id, title: Self.title(title), date: date, data: .document(HealthDocument(kind: .other, plainText: plainText)),
            attachments: attachments, codings: codings(entry["type"]) + entry["category"].elements.flatMap(codings)))
    }

    /// A Binary no DocumentReference names, as a document of its own dated by the document.
    func readBinary(_ entry: FHIREntry, referenced: Bool) {
        guard !referenced else { return }
        guard let date = firstDate([entry["meta"]["lastUpdated"]])?.date ?? documentDate else {
            diagnostics.drop(entry.resource, "a Binary with no date, in a document with none; record not imported")
            return
        }
        let contentType = diagnostics.string(entry["contentType"]) ?? "application/octet-stream"
        let id = recordId(entry)
        let attachment = Attachment(
            id: "\(id)-1", fileName: Self.fileName("document", contentType: contentType), mimeType: contentType, data: decode(entry["data"]))
        append(ImportedRecord(id: id, title: "Document", date: date, data: .document(HealthDocument(kind: .other)), attachments: [attachment]))
    }

    /// The entry positions of the Binary resources a DocumentReference names.
    func referencedBinaries() -> Set<Int> {
        var found: Set<Int> = []
        for entry in entries where entry.type == "DocumentReference" {
            for content in entry["content"].elements {
                guard let address = content["attachment"]["url"].rawString else { continue }
                let reference = FHIRNode(.object(JSONObject([("reference", .string(address))])), path: content.path)
                if let target = resolve(reference), target.type == "Binary" { found.insert(target.index) }
            }
        }
        return found
    }

    /// The bytes of base64 text; nil (with a warning) when it is not base64.
    private func decode(_ node: FHIRNode) -> [UInt8]? {
        guard let text = node.rawString, !text.isEmpty else { return nil }
        guard let data = Data(base64Encoded: text, options: .ignoreUnknownCharacters) else {
            diagnostics.warning(node, "not base64; the file is left out")
            return nil
        }
        return [UInt8](data)
    }

    /// "Clinic letter.pdf": a file name for a document that gives none, from its title and type.
    static func fileName(_ title: String, contentType: String) -> String {
        let ext: String
        switch contentType.lowercased() {
        case "application/pdf": ext = ".pdf"
        case "image/png": ext = ".png"
        case "image/jpeg", "image/jpg": ext = ".jpg"
        default: ext = ""
        }
        return title + ext
    }
}
