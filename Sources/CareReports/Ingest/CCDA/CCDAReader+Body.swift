import Foundation

/// A C-CDA whose body is not XML (`component/nonXMLBody`): a scanned letter or report as a PDF or
/// image, base64 in `text` (`representation="B64"`). It becomes one document record, titled by the
/// document's `title` and dated by its `effectiveTime`, with the file as an attachment; whether the
/// file is copied into a site is decided by its bytes (`AttachmentFiles`). A body given by
/// `reference` only is named without a file. A `text/plain` body (UTF-8) is kept as its text
/// (``HealthDocument/plainText``), shown escaped and preformatted.
extension CCDAReader {
    /// True (and the record made) when the document has a non-XML body.
    mutating func readNonXMLBody() -> Bool {
        guard let body = xpath.first("/h:ClinicalDocument/h:component/h:nonXMLBody") else { return false }
        let title = xpath.first("/h:ClinicalDocument/h:title")?.text ?? "Document"
        guard let date = documentDate else {
            warn(body, "the document has no effectiveTime; its non-XML body is not imported")
            return true
        }
        let text = body.child("text")
        let mediaType = text?.value("mediaType") ?? "application/octet-stream"
        var bytes: [UInt8]?
        if let text, text.value("representation")?.uppercased() == "B64", let encoded = text.text {
            if let data = Data(base64Encoded: encoded, options: .ignoreUnknownCharacters) {
                bytes = [UInt8](data)
            } else {
                warn(text, "the non-XML body is not base64; the file is left out")
            }
        }
        let id = makeID(body, kind: "document")
        if let text = PlainTextAttachment.text(mimeType: mediaType, bytes: bytes) {
            // Plain text is shown as the text it is, not left as a file.
            records.append(ImportedRecord(id: id, title: title, date: date, data: .document(HealthDocument(kind: .other, plainText: text))))
            return true
        }
        let attachment = Attachment(
            id: "\(id)-1", fileName: FHIRBundleReader.fileName(title, contentType: mediaType), mimeType: mediaType, data: bytes)
        records.append(ImportedRecord(
            id: id, title: title, date: date, data: .document(HealthDocument(kind: .other)), attachments: [attachment],
            codings: codings(xpath.first("/h:ClinicalDocument/h:code"))))
        return true
    }
}
