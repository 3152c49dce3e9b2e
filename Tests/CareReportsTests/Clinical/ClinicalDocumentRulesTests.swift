import Foundation
import Testing

@testable import CareReports

/// Issue 29's small rules: plain-text attachments, key documents, the native export's kinds.
@Suite("Clinical document rules (issue 29)")
struct ClinicalDocumentRulesTests {
    @Test func plainTextIsReadOnlyWhenItIsUTF8PlainText() {
        let bytes = Array("Line one\r\n  indented <b>\r\n\r\n".utf8)
        #expect(PlainTextAttachment.text(mimeType: "text/plain; charset=UTF-8", bytes: bytes) == "Line one\n  indented <b>")
        #expect(PlainTextAttachment.text(mimeType: "text/plain", bytes: [0xEF, 0xBB, 0xBF] + Array("x".utf8)) == "x")
        #expect(PlainTextAttachment.text(mimeType: "text/plain; charset=iso-8859-1", bytes: Array("x".utf8)) == nil)
        #expect(PlainTextAttachment.text(mimeType: "text/plain", bytes: [0xFF, 0xFE, 0x00]) == nil)
        #expect(PlainTextAttachment.text(mimeType: "application/pdf", bytes: Array("%PDF".utf8)) == nil)
        #expect(PlainTextAttachment.text(mimeType: "text/plain", bytes: Array(" \n ".utf8)) == nil)
    }

    @Test func preformattedTextIsEscapedAndFencedBeyondItsOwnBackticks() {
        let rich = RichText.preformatted("a <script> & ```` b")
        #expect(rich.html == "<pre class=\"source-text\">a &lt;script&gt; &amp; ```` b</pre>")
        #expect(rich.markdown == "`````text\na <script> & ```` b\n`````")
        #expect(rich.plain == "a <script> & ```` b")
    }

    @Test func keyDocumentsByTypeCodeElseByTitleWords() {
        let loinc = "http://loinc.org"
        #expect(KeyDocuments.kind(codings: [Coding(system: loinc, code: "18842-5")], title: "Letter") == .discharge)
        #expect(KeyDocuments.kind(codings: [Coding(system: loinc, code: "42348-3")], title: "x") == .advanceCare)
        #expect(KeyDocuments.kind(codings: [], title: "Living will (signed)") == .advanceCare)
        #expect(KeyDocuments.kind(codings: [], title: "DNR order") == .advanceCare)
        #expect(KeyDocuments.kind(codings: [], title: "Informe de alta") == .discharge)
        #expect(KeyDocuments.kind(codings: [], title: "Clinic letter") == nil)
        // Words, not letters inside other words: "handnrail" is no DNR.
        #expect(KeyDocuments.kind(codings: [], title: "handnrail photo") == nil)
        // A SNOMED code with a LOINC-looking number is not a LOINC type.
        #expect(KeyDocuments.kind(codings: [Coding(system: "http://snomed.info/sct", code: "18842-5")], title: "x") == nil)
    }

    @Test func theNativeExportKeepsItsFourObservationKinds() throws {
        #expect(NativeObservationKind.allCases.map(\.rawValue) == ["note", "allergy", "condition", "immunization"])
        #expect(Observation.Kind.allCases.count == 10)
        #expect(Observation.kind(of: .procedures) == .procedure && Observation.kind(of: .devices) == .device)
    }
}
