import Foundation
import Testing

@testable import CareReports

/// The visit summary as a FHIR document (issue 16 item 4): name-based ids, escaped narrative,
/// and hostile text from the export kept as text.
@Suite("IPS bundle")
struct IPSBundleTests {
    @Test func nameBasedUUIDsMatchRFC9562() {
        // uuid.uuid5(uuid.NAMESPACE_DNS, "python.org") in Python.
        let dns = NameUUID.uuidBytes("6ba7b810-9dad-11d1-80b4-00c04fd430c8")!
        #expect(NameUUID.text(NameUUID.v5(namespace: dns, name: "python.org")) == "886313e1-3b8a-5372-9b90-0c9aee199e5d")
        let sha = SHA1.digest(Array("abc".utf8)).map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
        #expect(sha == "a9993e364706816aba3e25717850c26c9cd0d89d")
        #expect(NameUUID.make("x") == NameUUID.make("x") && NameUUID.make("x") != NameUUID.make("y"))
    }

    @Test func narrativeEscapesTextFromTheExport() {
        let narrative = FHIRJSON.narrative(["<script>alert(1)</script> & \"x\""], empty: "none")
        let div = narrative.serialized()
        #expect(div.contains("&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;x&quot;"))
        #expect(!div.contains("<script>"))
    }

    @Test func emptyValuesAreLeftOutAndKeysKeepTheirOrder() {
        let value = FHIRJSON.object([("b", .string("1")), ("a", nil), ("c", .string("")), ("d", .array([])), ("e", .number(2))])
        #expect(value.serialized() == #"{"b":"1","e":2}"#)
    }

    @Test func hostileMedicationNameStaysText() throws {
        let export = try VisitFixture.sample()
        let changed = VisitFixture.replacing("hr-med-lisinopril-20", in: export) { data in
            guard case .medication(let m) = data else { return data }
            return .medication(Medication(
                name: "</div><img src=x onerror=alert(1)>", dose: m.dose, schedule: m.schedule, startDate: m.startDate, status: m.status))
        }
        let json = IPSBundleBuilder(context: try VisitFixture.context(changed)).json()
        // In JSON strings the name is data; in the XHTML narrative it is escaped text.
        let divs = json.split(separator: "\n").filter { $0.contains("\"div\":") }
        #expect(!divs.isEmpty && divs.allSatisfy { !$0.contains("<img") })
        #expect(divs.contains { $0.contains("&lt;/div&gt;&lt;img src=x onerror=alert(1)&gt;") })
        #expect(json.contains(#""text": "</div><img src=x onerror=alert(1)>""#))
        #expect(json == IPSBundleBuilder(context: try VisitFixture.context(changed)).json())
    }
}
