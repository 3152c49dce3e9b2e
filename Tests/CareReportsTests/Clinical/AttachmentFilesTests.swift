import Foundation
import Testing

@testable import CareReports

/// Issue 22: which attachments a site carries as files.
@Suite("Attachment files")
struct AttachmentFilesTests {
    static let pdf = Array("%PDF-1.4\n%%EOF\n".utf8)
    static let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0]

    @Test("the kind is told by the first bytes, never the name or MIME type")
    func kinds() {
        #expect(AttachmentFiles.kind(of: Self.pdf) == .pdf)
        #expect(AttachmentFiles.kind(of: Self.png) == .png)
        #expect(AttachmentFiles.kind(of: [0xFF, 0xD8, 0xFF, 0xE0]) == .jpeg)
        #expect(AttachmentFiles.kind(of: Array("<html><script>".utf8)) == nil)
        #expect(AttachmentFiles.kind(of: Array("<svg xmlns=".utf8)) == nil)
        #expect(AttachmentFiles.kind(of: Array(" %PDF-1.4".utf8)) == nil)
        #expect(AttachmentFiles.kind(of: []) == nil)
    }

    @Test("only a plain relative path inside the folder is read", arguments: [
        ("attachments/letter.pdf", true), ("a%20b.pdf", true), ("../letter.pdf", false), ("a/../../b.pdf", false),
        ("/etc/passwd", false), ("./a.pdf", false), ("a//b.pdf", false), ("C:\\a.pdf", false), ("file:a.pdf", false),
        ("a.pdf?x=1", false), ("a.pdf#p", false), ("%2e%2e/a.pdf", false), ("a\u{0}.pdf", false),
    ])
    func relativePaths(url: String, allowed: Bool) {
        #expect((AttachmentFiles.safeRelativePath(url) != nil) == allowed, "\(url)")
    }

    @Test("inline bytes: a PDF is copied under a name made from its id; HTML is not; over 10 MiB is not")
    func inline() {
        let files = AttachmentFiles(folder: nil)
        let letter = Attachment(id: "fhir:doc:scan-1", fileName: "../../evil name.pdf", mimeType: "application/pdf", data: Self.pdf)
        guard case .copied(let path, .pdf, let bytes) = files.outcome(letter) else { Issue.record("not copied"); return }
        #expect(path.wholeMatch(of: /attachments\/[0-9a-f-]{36}\.pdf/) != nil && bytes == Self.pdf)
        let page = Attachment(id: "x", fileName: "a.pdf", mimeType: "application/pdf", data: Array("<html>".utf8))
        #expect(files.outcome(page) == .unlinked(reason: .notAllowedType))
        let big = Attachment(id: "y", fileName: "b.pdf", mimeType: "application/pdf", data: Self.pdf + [UInt8](repeating: 0, count: 10 << 20))
        #expect(files.outcome(big) == .unlinked(reason: .tooLarge))
        #expect(files.outcome(Attachment(id: "z", fileName: "c.pdf", mimeType: "application/pdf")) == .unlinked(reason: .notInExport))
        #expect(files.outcome(Attachment(id: "w", fileName: "d.pdf", mimeType: "application/pdf", url: "https://example.org/d.pdf"))
            == .external(link: "https://example.org/d.pdf"))
    }

    @Test("a file in the folder is read; a symbolic link out of it is not")
    func folderFiles() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("attach-\(UUID().uuidString)")
        let folder = base.appendingPathComponent("export")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("attachments"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: base) }
        try Data(Self.pdf).write(to: folder.appendingPathComponent("attachments/in.pdf"))
        try Data(Self.pdf).write(to: base.appendingPathComponent("outside.pdf"))
        try FileManager.default.createSymbolicLink(
            atPath: folder.appendingPathComponent("attachments/out.pdf").path, withDestinationPath: base.appendingPathComponent("outside.pdf").path)
        let files = AttachmentFiles(folder: folder.path)
        guard case .copied = files.outcome(Attachment(id: "a", fileName: "in.pdf", mimeType: "application/pdf", url: "attachments/in.pdf"))
        else { Issue.record("a file inside the folder is copied"); return }
        #expect(files.outcome(Attachment(id: "b", fileName: "out.pdf", mimeType: "application/pdf", url: "attachments/out.pdf"))
            == .unlinked(reason: .notInExport))
        #expect(files.outcome(Attachment(id: "c", fileName: "x.pdf", mimeType: "application/pdf", url: "attachments"))
            == .unlinked(reason: .notInExport))
    }

    @Test("FHIR DocumentReference with inline data, and one naming a Binary, carry their bytes")
    func fhirDocuments() {
        let data = Data(Self.pdf).base64EncodedString()
        let (document, _) = FHIRImporterTests.read([
            #"{"resourceType": "DocumentReference", "id": "d1", "date": "2024-09-20T09:00:00Z", "description": "Clinic letter", "content": [{"attachment": {"contentType": "application/pdf", "data": "\#(data)"}}]}"#,
            #"{"resourceType": "DocumentReference", "id": "d2", "date": "2024-09-20T09:00:00Z", "content": [{"attachment": {"contentType": "application/pdf", "url": "Binary/b1", "title": "scan.pdf"}}]}"#,
            #"{"resourceType": "Binary", "id": "b1", "contentType": "application/pdf", "data": "\#(data)"}"#,
        ])
        let records = document?.records ?? []
        #expect(records.map(\.title) == ["Clinic letter", "scan.pdf"])
        #expect(records.map { $0.attachments.first?.data } == [Self.pdf, Self.pdf])
        #expect(records.map { $0.attachments.first?.fileName } == ["Clinic letter.pdf", "scan.pdf"])
    }

    @Test("C-CDA nonXMLBody becomes a document with its file")
    func ccdaBody() {
        let xml = """
            <ClinicalDocument xmlns="urn:hl7-org:v3"><effectiveTime value="20130815"/><title>Discharge letter</title>
            <component><nonXMLBody><text mediaType="application/pdf" representation="B64">\(Data(Self.pdf).base64EncodedString())</text></nonXMLBody></component>
            </ClinicalDocument>
            """
        let (document, diagnostics) = CCDATestSupport.read(text: xml)
        #expect(diagnostics.filter { $0.severity == .error }.isEmpty)
        #expect(document?.records.map(\.title) == ["Discharge letter"])
        #expect(document?.records.first?.attachments.first?.data == Self.pdf)
    }
}
