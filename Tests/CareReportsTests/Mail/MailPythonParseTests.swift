import CareReports
import Foundation
import Testing

/// An independent parser (Python's `email` package) reads the message the way a mail reader would.
@Suite struct MailPythonParseTests {
    static let python: URL? = {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", "import email, email.policy, json"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return nil }
        process.waitUntilExit()
        return process.terminationStatus == 0 ? URL(fileURLWithPath: "/usr/bin/env") : nil
    }()

    static let script = #"""
    import email, email.policy, json, sys
    raw = open(sys.argv[1], 'rb').read()
    msg = email.message_from_bytes(raw, policy=email.policy.default)
    parts = list(msg.iter_parts()) if msg.is_multipart() else []
    defects = [type(d).__name__ for d in msg.defects] + [type(d).__name__ for p in parts for d in p.defects]
    print(json.dumps({
        "is_multipart": msg.is_multipart(),
        "content_type": msg.get_content_type(),
        "parts": [{"type": p.get_content_type(), "charset": p.get_content_charset(), "content": p.get_content()} for p in parts],
        "subject": str(msg["subject"]),
        "from": str(msg["from"]),
        "to": [a.addr_spec for a in msg["to"].addresses] if msg["to"] else [],
        "to_names": [a.display_name for a in msg["to"].addresses] if msg["to"] else [],
        "from_name": msg["from"].addresses[0].display_name,
        "date": msg["date"].datetime.isoformat(),
        "message_id": str(msg["message-id"]),
        "defects": defects,
    }))
    """#

    struct Parsed: Decodable {
        struct Part: Decodable {
            let type: String
            let charset: String?
            let content: String
        }
        let is_multipart: Bool
        let content_type: String
        let parts: [Part]
        let subject: String
        let from: String
        let to: [String]
        let to_names: [String]
        let from_name: String
        let date: String
        let message_id: String
        let defects: [String]
    }

    func parse(_ message: MailMessage, lineEnding: MailMessage.LineEnding = .crlf) throws -> Parsed {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("carereport-mail-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let messageFile = folder.appendingPathComponent("message.eml")
        let scriptFile = folder.appendingPathComponent("parse.py")
        try message.renderedData(lineEnding: lineEnding).write(to: messageFile)
        try Data(Self.script.utf8).write(to: scriptFile)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", scriptFile.path, messageFile.path]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "python3 failed to parse the message")
        return try JSONDecoder().decode(Parsed.self, from: data)
    }

    static let cases: [(subject: String, text: String, html: String)] = [
        ("Wochenbericht für Oma", "Hallo Ann,\n\nGrüße: 3 Besuche = gut.\n", "<p>Hallo Ann</p>\n"),
        ("Plain ASCII subject", "no final newline", "<p>x</p>"),
        (
            "Wöchentlicher Pflegebericht für Großmutter Käthe – Woche 16: drei Besuche, zwei Arzttermine 🌷 日本語も少し",
            "From the start\n.\n" + String(repeating: "lange Zeile äöü = ", count: 12) + "\ntrailing  \n👩‍👩‍👧‍👦 family\n",
            "<!doctype html>\n<p style=\"margin:0\">" + String(repeating: "Grüße ", count: 30) + "</p>\n"
        ),
        (String(repeating: "介護の週報", count: 12), "日本語の本文です。\n", "<p>日本語</p>\n"),
        ("Looks like =?UTF-8?Q?encoded?= but is not", "x\n", "y\n"),
    ]

    @Test(
        .enabled(if: python != nil, "python3 is not available; skipping the Python email parse check"),
        arguments: 0..<cases.count, [MailMessage.LineEnding.crlf, .lf]
    )
    func pythonReadsTheMessage(_ index: Int, _ lineEnding: MailMessage.LineEnding) throws {
        let sample = Self.cases[index]
        let message = try MailTestSupport.sample(
            subject: sample.subject, text: sample.text, html: sample.html,
            to: ["Ann Example <ann@example.org>", "Jürgen Groß <jg@example.de>", #""Doe, Jane" <jane@example.org>"#]
        )
        let parsed = try parse(message, lineEnding: lineEnding)
        #expect(parsed.is_multipart)
        #expect(parsed.content_type == "multipart/alternative")
        #expect(parsed.parts.map(\.type) == ["text/plain", "text/html"])
        #expect(parsed.parts.map(\.charset) == ["utf-8", "utf-8"])
        // Python keeps the transport's line ends in decoded text: CRLF as sent, LF as a local mailbox stores it.
        let lf = { (text: String?) in text?.replacingOccurrences(of: "\r\n", with: "\n") }
        #expect(lf(parsed.parts.first?.content) == sample.text)
        #expect(lf(parsed.parts.last?.content) == sample.html)
        if lineEnding == .lf {
            #expect(parsed.parts.map(\.content) == [sample.text, sample.html])
        }
        #expect(parsed.subject == sample.subject)
        #expect(parsed.from_name == "Care Report")
        #expect(parsed.to == ["ann@example.org", "jg@example.de", "jane@example.org"])
        #expect(parsed.to_names == ["Ann Example", "Jürgen Groß", "Doe, Jane"])
        #expect(parsed.date == "2025-04-18T18:00:00-07:00")
        #expect(parsed.message_id == "<\(MailMessage.messageID(seed: "circle-1/ann/2025-W16", domain: "example.org", key: MailTestSupport.key))>")
        #expect(parsed.defects.isEmpty, "\(parsed.defects)")
    }

    @Test(.enabled(if: python != nil, "python3 is not available; skipping the Python email parse check"))
    func pythonSeesNoInjectedHeader() throws {
        let message = try MailTestSupport.sample(subject: "Digest\r\nBcc: victim@example.org")
        let parsed = try parse(message)
        #expect(parsed.subject == "Digest Bcc: victim@example.org")
        #expect(!message.rendered().contains("\r\nBcc:"))
    }
}
