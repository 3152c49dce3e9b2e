import CareReports
import Foundation
import Testing

/// The message builder writes exact, deterministic, standards-shaped bytes.
@Suite struct MailMessageTests {

    @Test("bidi overrides, isolates and noncharacters never reach the Subject (it would display reversed)")
    func subjectHoldsNoBidiControl() throws {
        func subject(_ text: String) throws -> String {
            let rendered = try MailTestSupport.sample(subject: text).rendered()
            return String(rendered[rendered.range(of: "Subject:")!.lowerBound...].prefix { $0 != "D" })
        }
        #expect(try subject("Oma \u{202E}gnp.exe\u{202D} \u{2066}x\u{2069}\u{FFFE}") == (try subject("Oma gnp.exe x")))
    }
    static let golden = [
        "From: Care Report <reports@example.org>",
        "To: Ann Example <ann@example.org>, bob@example.org",
        "Subject: =?UTF-8?Q?Wochenbericht_f=C3=BCr_Oma?=",
        "Date: Fri, 18 Apr 2025 18:00:00 -0700",
        "Message-ID: <carereport.a270c24e2b1f7d278595@example.org>",
        "Auto-Submitted: auto-generated",
        "X-Mailer: carereport",
        "MIME-Version: 1.0",
        #"Content-Type: multipart/alternative; boundary="=_carereport_f720ee8f22fdb5c8""#,
        "",
        "--=_carereport_f720ee8f22fdb5c8",
        "Content-Type: text/plain; charset=UTF-8",
        "Content-Transfer-Encoding: quoted-printable",
        "",
        "Hallo Ann,",
        "",
        "Gr=C3=BC=C3=9Fe: 3 Besuche =3D gut.",
        "",
        "--=_carereport_f720ee8f22fdb5c8",
        "Content-Type: text/html; charset=UTF-8",
        "Content-Transfer-Encoding: quoted-printable",
        "",
        "<p>Hallo Ann</p>",
        "",
        "--=_carereport_f720ee8f22fdb5c8--",
        "",
    ].joined(separator: "\r\n")

    @Test func goldenMessage() throws {
        let rendered = try MailTestSupport.sample().rendered()
        #expect(rendered == Self.golden)
    }

    @Test func lfVariantIsTheSameMessage() throws {
        let message = try MailTestSupport.sample()
        #expect(message.rendered(lineEnding: .lf) == message.rendered().replacingOccurrences(of: "\r\n", with: "\n"))
        #expect(!message.rendered(lineEnding: .lf).contains("\r"))
        #expect(message.renderedData() == Data(message.rendered().utf8))
    }

    @Test func deterministic() throws {
        let first = try MailTestSupport.sample().rendered()
        for _ in 0..<5 { #expect(try MailTestSupport.sample().rendered() == first) }
        let other = try MailTestSupport.sample(text: "different body").rendered()
        let boundary = { (message: String) in
            message.components(separatedBy: "boundary=\"")[1].components(separatedBy: "\"")[0]
        }
        #expect(boundary(first) != boundary(other))
        #expect(boundary(first).hasPrefix("=_carereport_"))
    }

    @Test func structureAndLineEndings() throws {
        let message = try MailTestSupport.sample().rendered()
        #expect(message.unicodeScalars.allSatisfy { $0.isASCII })
        #expect(!message.replacingOccurrences(of: "\r\n", with: "").contains("\r"))
        #expect(!message.replacingOccurrences(of: "\r\n", with: "").contains("\n"))
        #expect(message.hasSuffix("--\r\n"))
        for line in message.components(separatedBy: "\r\n") { #expect(line.utf8.count <= 78, "\(line)") }
        let text = try #require(message.range(of: "Content-Type: text/plain; charset=UTF-8"))
        let html = try #require(message.range(of: "Content-Type: text/html; charset=UTF-8"))
        #expect(text.lowerBound < html.lowerBound, "text/plain must come first, html last (preferred)")
        let names = MailTestSupport.headers(message).map(\.name)
        #expect(names == ["From", "To", "Subject", "Date", "Message-ID", "Auto-Submitted", "X-Mailer", "MIME-Version", "Content-Type"])
    }

    @Test func dates() {
        func format(_ unix: TimeInterval, _ zone: String) -> String {
            RFC5322Date.string(from: Date(timeIntervalSince1970: unix), timeZone: TimeZone(identifier: zone)!)
        }
        #expect(format(1_745_024_400, "America/Los_Angeles") == "Fri, 18 Apr 2025 18:00:00 -0700")
        #expect(format(1_745_024_400, "UTC") == "Sat, 19 Apr 2025 01:00:00 +0000")
        #expect(format(1_745_024_400, "Asia/Kolkata") == "Sat, 19 Apr 2025 06:30:00 +0530")
        #expect(format(1_735_689_599.9, "Europe/Berlin") == "Wed, 01 Jan 2025 00:59:59 +0100")
        #expect(format(0, "UTC") == "Thu, 01 Jan 1970 00:00:00 +0000")
        #expect(format(-1, "UTC") == "Wed, 31 Dec 1969 23:59:59 +0000")
        #expect(format(951_782_400, "UTC") == "Tue, 29 Feb 2000 00:00:00 +0000")
        #expect(format(4_107_542_400, "UTC") == "Mon, 01 Mar 2100 00:00:00 +0000")
    }

    @Test func messageIDs() {
        let key = MailTestSupport.key
        let id = MailMessage.messageID(seed: "circle-1/ann/2025-W16", domain: "example.org", key: key)
        #expect(id == MailMessage.messageID(seed: "circle-1/ann/2025-W16", domain: "example.org", key: key))
        #expect(id != MailMessage.messageID(seed: "circle-1/ann/2025-W17", domain: "example.org", key: key))
        #expect(id.hasPrefix("carereport.") && id.hasSuffix("@example.org"))
        #expect(id.count == "carereport.".count + 20 + "@example.org".count)
        // Keyed (issue 41): another installation's id differs, and no unkeyed hash of the seed gives it.
        let other = InstallationKey(bytes: Array("another installation's key".utf8))
        #expect(id != MailMessage.messageID(seed: "circle-1/ann/2025-W16", domain: "example.org", key: other))
        #expect(!id.contains("21e49bdba2fea554"), "not the unkeyed FNV-1a of the seed, as before")
    }

    @Test func messageIDIsWrittenOnceInAngleBrackets() throws {
        var message = try MailTestSupport.sample()
        message.messageID = "<abc def\r\nBcc: x@example.org>"
        let value = MailTestSupport.headers(message.rendered()).first { $0.name == "Message-ID" }?.value
        #expect(value == "<abcdefBcc:x@example.org>")
    }

    @Test func longNonASCIISubjectIsEncodedAndFolded() throws {
        let subject = "Wöchentlicher Pflegebericht für Großmutter Käthe – Woche 16: drei Besuche, "
            + "zwei Arzttermine, Spaziergänge im Park und ein schöner Sonntag 🌷 日本語も少し"
        let message = try MailTestSupport.sample(subject: subject).rendered()
        let head = message.components(separatedBy: "\r\n\r\n")[0]
        let subjectLines = head.components(separatedBy: "\r\n")
            .drop { !$0.hasPrefix("Subject:") }
            .prefix { $0.hasPrefix("Subject:") || $0.hasPrefix(" ") }
        #expect(subjectLines.count > 2, "a long subject must be folded")
        for line in subjectLines {
            #expect(line.utf8.count <= 78, "\(line)")
            for word in line.split(separator: " ") where word.hasPrefix("=?") {
                #expect(word.utf8.count <= 75)
                #expect(word.hasPrefix("=?UTF-8?Q?") || word.hasPrefix("=?UTF-8?B?"))
            }
        }
        let value = try #require(MailTestSupport.headers(message).first { $0.name == "Subject" }?.value)
        #expect(MailTestSupport.decodeHeader(value) == subject)
    }

    @Test func cjkSubjectUsesBase64() throws {
        let subject = String(repeating: "介護の週報", count: 12)
        let message = try MailTestSupport.sample(subject: subject).rendered()
        let value = try #require(MailTestSupport.headers(message).first { $0.name == "Subject" }?.value)
        #expect(value.hasPrefix("=?UTF-8?B?"))
        #expect(MailTestSupport.decodeHeader(value) == subject)
        for line in message.components(separatedBy: "\r\n") { #expect(line.utf8.count <= 78) }
    }

    @Test func longASCIISubjectFoldsAtSpaces() throws {
        let subject = "Weekly care digest for the Example family circle, week 16 of 2025, with visits and notes"
        let message = try MailTestSupport.sample(subject: subject).rendered()
        #expect(message.contains("Subject: Weekly care digest for the Example family circle, week 16 of 2025,\r\n with visits and notes\r\n"))
    }

    static let subjectInjections = [
        "Digest\r\nBcc: victim@example.org",
        "Digest\nBcc: victim@example.org",
        "Digest\rBcc: victim@example.org",
        "Digest\u{2028}Bcc: victim@example.org",
        "Digest\r\n\r\nfake body",
        "Dígest\r\nBcc: victim@example.org",
    ]

    @Test(arguments: subjectInjections) func lineBreaksInSubjectCannotAddHeaders(_ subject: String) throws {
        let message = try MailTestSupport.sample(subject: subject).rendered()
        let names = MailTestSupport.headers(message).map(\.name)
        #expect(!names.contains("Bcc"))
        #expect(names == ["From", "To", "Subject", "Date", "Message-ID", "Auto-Submitted", "X-Mailer", "MIME-Version", "Content-Type"])
        let value = try #require(MailTestSupport.headers(message).first { $0.name == "Subject" }?.value)
        #expect(MailTestSupport.decodeHeader(value).hasSuffix("Bcc: victim@example.org") || subject.contains("fake body"))
    }

    @Test func emptyRecipientsOmitTheToHeader() throws {
        let message = try MailTestSupport.sample(to: []).rendered()
        #expect(!MailTestSupport.headers(message).map(\.name).contains("To"))
    }

    @Test func manyRecipientsFoldAfterCommas() throws {
        let to = (1...8).map { "Family Member \($0) <member\($0)@example.org>" } + ["Jürgen Groß <jg@example.de>", #""Doe, Jane" <jane@example.org>"#]
        let message = try MailTestSupport.sample(to: to).rendered()
        for line in message.components(separatedBy: "\r\n") { #expect(line.utf8.count <= 78, "\(line)") }
        let value = try #require(MailTestSupport.headers(message).first { $0.name == "To" }?.value)
        #expect(value.contains("Family Member 1 <member1@example.org>, Family Member 2"))
        #expect(value.contains("=?UTF-8?B?SsO8cmdlbiBHcm/Dnw==?= <jg@example.de>"))  // B is shorter than Q here
        #expect(MailTestSupport.decodeHeader(value).contains("Jürgen Groß <jg@example.de>"))
        #expect(value.hasSuffix(#""Doe, Jane" <jane@example.org>"#))
    }

    @Test func bodiesDecodeToTheInput() throws {
        let text = "Hallo,\n" + String(repeating: "lange Zeile mit Umlauten äöü und = Zeichen ", count: 5) + "\nFrom here \n.\n"
        let html = "<p style=\"color: red\">🌷 Grüße</p>\n"
        let message = try MailTestSupport.sample(text: text, html: html).rendered()
        let boundary = message.components(separatedBy: "boundary=\"")[1].components(separatedBy: "\"")[0]
        let parts = message.components(separatedBy: "\r\n--" + boundary)
        #expect(parts.count == 4)  // headers, text, html, closing
        let bodies = parts[1...2].map { $0.components(separatedBy: "\r\n\r\n").dropFirst().joined(separator: "\r\n\r\n") }
        #expect(MailTestSupport.decodeQuotedPrintable(bodies[0]) == text)
        #expect(MailTestSupport.decodeQuotedPrintable(bodies[1]) == html)
    }
}
