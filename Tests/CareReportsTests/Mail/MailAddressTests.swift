import CareReports
import Foundation
import Testing

/// `--to`/`--from` strings parse to mailboxes, and anything that could inject a header is rejected.
@Suite struct MailAddressTests {
    @Test func parsesTheUsualForms() throws {
        let bare = try MailAddress(parsing: "  ann@example.org ")
        #expect(bare.address == "ann@example.org")
        #expect(bare.displayName == nil)
        let named = try MailAddress(parsing: "Ann Example <ann@example.org>")
        #expect(named.address == "ann@example.org")
        #expect(named.displayName == "Ann Example")
        let quoted = try MailAddress(parsing: #""Example, Ann \"Nan\"" <ann@example.org>"#)
        #expect(quoted.displayName == #"Example, Ann "Nan""#)
        let angle = try MailAddress(parsing: "<root@localhost>")
        #expect(angle.address == "root@localhost")
        #expect(angle.displayName == nil)
        #expect(try MailAddress(parsing: "Jürgen Groß <j.gross+care@mail.example.de>").displayName == "Jürgen Groß")
    }

    @Test func parsesLists() throws {
        let list = try MailAddress.parseList(#""Doe, Jane" <jane@example.org>, bob@example.org"#)
        #expect(list.map(\.address) == ["jane@example.org", "bob@example.org"])
        #expect(list[0].displayName == "Doe, Jane")
        #expect(throws: MailError.self) { try MailAddress.parseList("a@example.org,,b@example.org") }
    }

    static let injections: [String] = [
        "ann@example.org\r\nBcc: victim@example.org",
        "ann@example.org\nBcc: victim@example.org",
        "Ann\r\nBcc: victim@example.org <ann@example.org>",
        "ann@example.org\r",
        "ann@exa\u{0}mple.org",
        "Ann\u{85}Bcc <ann@example.org>",
        "Ann\u{2028}X <ann@example.org>",
    ]

    @Test(arguments: injections) func rejectsLineBreaksAndControls(_ input: String) throws {
        let error = #expect(throws: MailError.self) { try MailAddress(parsing: input) }
        #expect(error.map { if case .controlCharacter = $0 { true } else { false } } == true)
        let message = try #require(error?.errorDescription)
        #expect(!message.contains("\r") && !message.contains("\n"))
        #expect(message.first?.isLowercase == true)
        #expect(!message.hasSuffix("."))
        #expect(throws: MailError.self) { try MailAddress(address: "ann@example.org", displayName: input) }
    }

    static let malformed: [String] = [
        "", "   ", "ann", "ann@", "@example.org", "ann@@example.org", "a@b@example.org",
        "ann@example.org, bob@example.org", "ann example.org", "Ann <ann@example.org",
        "Ann ann@example.org>", "Ann <b> <ann@example.org>", "ann@-example.org", "ann@example..org",
        ".ann@example.org", "an..n@example.org", "ann(x)@example.org", "jürgen@example.org",
        "Ann \"X <ann@example.org>", "ann@[127.0.0.1]", "ann@exa_mple.org",
    ]

    @Test(arguments: malformed) func rejectsMalformed(_ input: String) {
        let error = #expect(throws: MailError.self) { try MailAddress(parsing: input) }
        let message = error?.errorDescription ?? ""
        #expect(message.hasPrefix("invalid address"), "\(message)")
        #expect(!message.hasSuffix("."), "\(message)")
    }

    @Test func errorMessagesAreReadable() {
        #expect(MailError.emptyAddress.errorDescription == "invalid address: it is empty")
        #expect(MailError.controlCharacter("a@b.org\r\nBcc: x").errorDescription
            == #"invalid address "a@b.org\r\nBcc: x": it contains a line break or control character"#)
        #expect(MailError.malformedAddress("ann", "expected exactly one @ in local@domain").errorDescription
            == #"invalid address "ann": expected exactly one @ in local@domain"#)
    }

    @Test func extraHeadersAreValidated() throws {
        #expect(throws: MailError.invalidHeaderName("X Bad")) { try MailHeader("X Bad", "v") }
        #expect(throws: MailError.invalidHeaderName("X:Bad")) { try MailHeader("X:Bad", "v") }
        #expect(throws: MailError.invalidHeaderName("")) { try MailHeader("", "v") }
        #expect(throws: MailError.reservedHeader("bcc")) { try MailHeader("bcc", "x@example.org") }
        #expect(throws: MailError.reservedHeader("Subject")) { try MailHeader("Subject", "x") }
        #expect(throws: MailError.headerControlCharacter("X-Care")) { try MailHeader("X-Care", "a\r\nBcc: x@example.org") }
        #expect(try MailHeader("X-Care-Circle", "Oma").value == "Oma")
    }
}
