import Testing

@testable import CareReports

/// The one rule for links (issue 41 item 4): the target percent-decoded until stable and cleaned of
/// whitespace and controls before its scheme is looked at; only http(s) to a host, a mailto with an
/// address, subject and body and no line break, and the site's own pages.
@Suite("Link targets")
struct LinkTargetTests {
    let renderer = MarkdownRenderer()

    @Test("what only looks harmless until decoded is text", arguments: [
        "%6A%61vascript:alert(1)",
        "%256A%2561vascript:alert(1)",
        "java%09script:alert(1)",
        "%20javascript:alert(1)",
        "https:javascript:alert(1)",
        "http:javascript:alert(1)",
        "http:%5Cevil.example",
        "http:%255C%255Cevil.example",
        "https:/evil.example",
        "https:///evil.example",
        "https://evil.example\\x",
        "http://%5Cevil.example",
        "mailto:a@b.example?subject=x%0D%0ABcc:c@d.example",
        "mailto:a@b.example?subject=x%250D%250ABcc:c@d.example",
        "mailto:a@b.example%0D%0ABcc:c@d.example",
        "mailto:a@b.example?bcc=c@d.example",
        "mailto:a@b.example?cc=c@d.example",
        "mailto:a@b.example?subject=hi&to=c@d.example",
        "mailto:a@b.example?body=a%E2%80%A8Bcc:c@d.example",
        "%6Dailto:a@b.example",
        "%2F%2Fevil.example/x",
        "%252e%252e/x",
        "a/%252e%252e/%252e%252e/x",
    ])
    func refused(destination: String) {
        #expect(LinkTarget.kind(of: destination) == nil, "\(destination)")
        let html = renderer.html("See [the notes](<\(destination)>) here.")
        #expect(!html.contains("<a"), "\(destination) stayed a link: \(html)")
        #expect(html.contains("the notes"))
    }

    @Test("web pages, plain mail and the site's pages stay links", arguments: [
        ("https://example.com/a?b=c%20d", LinkTarget.Kind.web),
        ("HTTP://EXAMPLE.ORG", .web),
        ("https://example.com/50%25-off", .web),
        ("mailto:carer@example.com", .mail),
        ("mailto:carer@example.com?subject=Tuesday%20ride&body=See%20you", .mail),
        ("notes.html", .sitePage),
        ("weeks/2025-W15.html#doses", .sitePage),
        ("#part", .sitePage),
    ])
    func kept(destination: String, kind: LinkTarget.Kind) {
        #expect(LinkTarget.kind(of: destination) == kind)
        #expect(renderer.html("[x](<\(destination)>)").contains("<a href="), "\(destination)")
    }

    @Test("an attachment's address follows the same rule")
    func attachments() {
        for unsafe in ["https:javascript:alert(1)", "http:%5Cevil.example", "%6A%61vascript:alert(1)"] {
            #expect(AttachmentView.linkTarget(unsafe) == nil, "\(unsafe)")
        }
    }
}
