import Testing

@testable import CareReports

@Suite("CCDA narrative-only sections and bare codes")
struct CCDANarrativeTests {
    @Test("a section with text and no entry is kept as plain text; one with entries it cannot map is still skipped")
    func narrativeSection() {
        let text = CCDATestSupport.document("""
            <component><section><code code="18776-5" codeSystem="2.16.840.1.113883.6.1"/><title>Plan of Treatment</title>
            <text><paragraph>Walk <content styleCode="Bold">daily</content>.</paragraph><list><item>Review in 2 weeks</item></list>
            <table><tbody><tr><td>Physio</td><td>weekly</td></tr></tbody></table></text></section></component>
            <component><section><code code="47519-4" codeSystem="2.16.840.1.113883.6.1"/><text>Appendectomy</text>
            <entry><procedure classCode="PROC" moodCode="EVN"/></entry></section></component>
            """)
        let (document, diagnostics) = CCDATestSupport.read(text: text)
        #expect(CCDATestSupport.errors(diagnostics).isEmpty)
        #expect(document?.records.map(\.title) == ["Plan of Treatment"])
        #expect(document?.records.first?.data == .document(HealthDocument(
            kind: .other, narrative: ["Walk daily.", "Review in 2 weeks", "Physio · weekly"])))
        // Procedures are read (issue 29); an entry naming nothing is warned about at its place.
        #expect(document?.skipped == [:])
        #expect(diagnostics.contains { $0.message.hasPrefix("the entry names nothing") && $0.keyPath?.hasSuffix("/entry/procedure") == true })
    }

    @Test("a code with no displayName or originalText is named from the table, else by its system")
    func bareCodes() {
        let text = CCDATestSupport.document("""
            <component><section><code code="48765-2" codeSystem="2.16.840.1.113883.6.1"/>
            <entry><act classCode="ACT" moodCode="EVN"><entryRelationship typeCode="SUBJ"><observation classCode="OBS" moodCode="EVN">
            <effectiveTime><low value="20200101"/></effectiveTime>
            <participant typeCode="CSM"><participantRole classCode="MANU"><playingEntity classCode="MMAT">
            <code code="7980" codeSystem="2.16.840.1.113883.6.88"/></playingEntity></participantRole></participant>
            </observation></entryRelationship></act></entry></section></component>
            """)
        let (document, diagnostics) = CCDATestSupport.read(text: text)
        #expect(CCDATestSupport.errors(diagnostics).isEmpty)
        #expect(CCDATestSupport.observations(document).first?.substance == (CodeNames.knownName(system: "urn:oid:2.16.840.1.113883.6.88", code: "7980") ?? "RxNorm 7980"))
    }
}

@Suite("Warnings of an imported document fold by kind")
struct WarningFoldingTests {
    @Test("the same warning three times is one line with the count and the first path; errors stay")
    func fold() {
        let w = { (path: String) in Diagnostic(.warning, file: "d.xml", keyPath: path, message: "entry skipped") }
        let error = Diagnostic(.error, file: "d.xml", keyPath: "/x", message: "entry skipped")
        let other = Diagnostic(.warning, file: "d.xml", keyPath: "/c", message: "other")
        #expect(WarningFolding.fold([w("/a"), other, w("/b"), error, w("/d")]) == [
            Diagnostic(.warning, file: "d.xml", keyPath: "/a", message: "entry skipped (3 times; the first here)"), other, error,
        ])
    }
}
