import Foundation
import Testing

@testable import CareReports

/// The visit summary as a FHIR document (issue 16 item 4): ids keyed by the installation's secret, escaped narrative,
/// and hostile text from the export kept as text.
@Suite("IPS bundle")
struct IPSBundleTests {
    @Test func resourceIdsAreKeyedVersion8UUIDs() {
        let key = InstallationKey(bytes: Array("a test key of the installation".utf8))
        let id = OpaqueId.uuid(["ips", "circle-margaret", "Patient", "u-margaret"], key: key)
        #expect(id.range(of: #"^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$"#, options: .regularExpression) != nil)
        #expect(id == OpaqueId.uuid(["ips", "circle-margaret", "Patient", "u-margaret"], key: key))
        #expect(id != OpaqueId.uuid(["ips", "circle-margaret", "Patient", "u-ellen"], key: key))
        #expect(id != OpaqueId.uuid(["ips", "circle-margaret", "Patient", "u-margaret"], key: InstallationKey(bytes: Array("another installation's key".utf8))))
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
