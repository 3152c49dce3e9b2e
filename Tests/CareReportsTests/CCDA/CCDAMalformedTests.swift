import Foundation
import Testing

@testable import CareReports

@Suite("CCDA malformed input")
struct CCDAMalformedTests {
    typealias S = CCDATestSupport

    /// No diagnostic may quote health content.
    func expectNoContent(_ diagnostics: [Diagnostic], sourceLocation: SourceLocation = #_sourceLocation) {
        for diagnostic in diagnostics {
            #expect(!diagnostic.description.contains(S.secretMarker), sourceLocation: sourceLocation)
            #expect(!diagnostic.description.contains("root:"), sourceLocation: sourceLocation)
        }
    }

    @Test func notXML() throws {
        let (document, diagnostics) = try S.readFixture(S.fixtures + "/not-xml.txt")
        #expect(document == nil)
        #expect(diagnostics.count == 1)
        let error = try #require(diagnostics.first)
        #expect(error.severity == .error)
        #expect(error.line == 1 && error.column == 1)
        #expect(error.description.hasPrefix("not-xml.txt:1:1: error: malformed XML:"))
        expectNoContent(diagnostics)
    }

    @Test func empty() {
        let (document, diagnostics) = S.read(Data())
        #expect(document == nil)
        #expect(diagnostics.map(\.description) == ["test.xml:1:1: error: the file is empty, expected a C-CDA XML document"])
    }

    @Test func truncatedReportsLineAndColumn() throws {
        let (document, diagnostics) = try S.readFixture(S.fixtures + "/truncated.xml")
        #expect(document == nil)
        let error = try #require(S.errors(diagnostics).first)
        #expect(error.line == 8)
        #expect(error.column == 1)
        #expect(error.message.hasPrefix("malformed XML:"))
        expectNoContent(diagnostics)
    }

    @Test func mismatchedTagPosition() throws {
        let (document, diagnostics) = S.read(text: "<ClinicalDocument xmlns=\"urn:hl7-org:v3\">\n  <title>x</titel>\n</ClinicalDocument>\n")
        #expect(document == nil)
        let error = try #require(diagnostics.first)
        #expect(error.severity == .error)
        #expect(error.line == 2)
        #expect(error.column == 19)
    }

    @Test func externalEntityIsNeverResolved() throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: S.fixtures + "/xxe.xml"))
        let (document, diagnostics) = S.read(data, file: "xxe.xml")
        #expect(document == nil)
        #expect(diagnostics.map(\.description) == [
            "xxe.xml:2:1: error: DOCTYPE declarations are not allowed in C-CDA documents (entities are never expanded); the document was not read"
        ])
        // Even behind a byte order mark and comments.
        let hidden = Data([0xEF, 0xBB, 0xBF]) + Data("<!-- a -->\n<?pi x?>".utf8) + data.drop(while: { $0 != 0x0A })
        let second = S.read(hidden, file: "xxe.xml")
        #expect(second.document == nil)
        #expect(second.diagnostics.first?.line == 3)
        #expect(!second.diagnostics.description.contains("root:"))
    }

    @Test func billionLaughsDoesNotExpand() throws {
        let clock = ContinuousClock()
        var outcome: (document: ImportedDocument?, diagnostics: [Diagnostic])?
        let elapsed = try clock.measure { outcome = try S.readFixture(S.fixtures + "/billion-laughs.xml") }
        #expect(elapsed < .seconds(5))
        #expect(outcome?.document == nil)
        #expect(outcome?.diagnostics.first?.message.contains("DOCTYPE") == true)
        #expect(outcome?.diagnostics.first?.line == 2)
    }

    @Test func wrongNamespace() throws {
        let (document, diagnostics) = try S.readFixture(S.fixtures + "/wrong-namespace.xml")
        #expect(document == nil)
        #expect(diagnostics.map(\.description) == [
            "wrong-namespace.xml: error: at /ClinicalDocument: the root element is not in the HL7 v3 namespace (urn:hl7-org:v3); not a C-CDA document"
        ])
    }

    @Test func foreignRootElement() {
        let (document, diagnostics) = S.read(text: "<html xmlns=\"urn:hl7-org:v3\"><body/></html>")
        #expect(document == nil)
        #expect(diagnostics.map(\.message) == ["the root element is neither a C-CDA ClinicalDocument nor a section"])
    }

    @Test func tooLarge() {
        let size = CCDAImporter.maximumSize + 1
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: size, alignment: 1)
        defer { buffer.deallocate() }
        buffer.initializeMemory(as: UInt8.self, repeating: 0x20)
        let (document, diagnostics) = CCDAImporter.read(UnsafeRawBufferPointer(buffer), file: "big.xml")
        #expect(document == nil)
        #expect(diagnostics.map(\.description) == ["big.xml: error: the file is larger than the 64 MiB limit for C-CDA documents"])
    }

    @Test func badEntriesAreLocatedWithoutContent() throws {
        let xml = S.document("""
            <component><section><code code="11450-4"/>
            <entry><act><entryRelationship><observation>
              <effectiveTime><low value="Margaret-secret"/></effectiveTime>
              <value xsi:type="CD"/>
            </observation></entryRelationship></act></entry>
            </section></component>
            <component><section><code code="10160-0"/>
            <entry><substanceAdministration><doseQuantity value="Margaret-secret"/></substanceAdministration></entry>
            </section></component>
            """)
        let (document, diagnostics) = S.read(text: xml)
        #expect(document?.records.isEmpty == true)
        #expect(S.errors(diagnostics).isEmpty)
        #expect(diagnostics.map(\.description) == [
            "test.xml: warning: at /ClinicalDocument/component/structuredBody/component[1]/section/entry/act/entryRelationship/observation: the problem has no name (value displayName or originalText); skipped",
            "test.xml: warning: at /ClinicalDocument/component/structuredBody/component[2]/section/entry/substanceAdministration: the medication has no name (manufacturedMaterial code displayName, originalText or name); skipped",
        ])
        expectNoContent(diagnostics)
    }

    @Test func concurrentReadsAreIndependent() async throws {
        let good = Data(S.document("").utf8)
        let bad = Data("<ClinicalDocument xmlns=\"urn:hl7-org:v3\">\n<a>\n".utf8)
        let outcomes = await withTaskGroup(of: (Bool, Int).self) { group in
            for i in 0..<40 {
                group.addTask {
                    let result = S.read(i % 2 == 0 ? good : bad)
                    return (i % 2 == 0, S.errors(result.diagnostics).count)
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        for (isGood, errors) in outcomes { #expect(errors == (isGood ? 0 : 1)) }
    }
}
