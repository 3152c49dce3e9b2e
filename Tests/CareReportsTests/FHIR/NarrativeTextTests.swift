import Testing

@testable import CareReports

@Suite("Narrative text of imported documents")
struct NarrativeTextTests {
    @Test("markup becomes paragraphs of plain text; tags, scripts, styles and comments are dropped")
    func plainText() {
        let div = """
            <div xmlns="http://www.w3.org/1999/xhtml"><h3>Plan</h3><p>Take <b>one</b> tablet&nbsp;daily &amp; rest.<br/>Review in 2&#160;weeks &lt;3&gt;</p>\
            <script>alert(1)</script><style>p{color:red}</style><!-- <p>hidden</p> -->\
            <table><tr><th>Drug</th><th>Dose</th></tr><tr><td>Aspirin</td><td></td><td>75 mg</td></tr></table>\
            <p onclick="x()"><img src="javascript:alert(1)"/></p><ul><li>first</li><li>second</li></ul></div>
            """
        #expect(NarrativeText.paragraphs(ofMarkup: div) == [
            "Plan", "Take one tablet daily & rest.", "Review in 2 weeks <3>", "Drug · Dose", "Aspirin · 75 mg", "first", "second",
        ])
    }

    @Test("a very long narrative is cut with an ellipsis")
    func limit() {
        let long = "<p>" + String(repeating: "word ", count: 3000) + "</p><p>more</p>"
        let paragraphs = NarrativeText.paragraphs(ofMarkup: long)
        #expect(paragraphs.count == 1)
        #expect(paragraphs[0].count <= NarrativeText.maximumLength + 1)
        #expect(paragraphs[0].hasSuffix("…"))
    }
}
