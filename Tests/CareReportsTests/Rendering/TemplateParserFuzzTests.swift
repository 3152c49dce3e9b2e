import Testing

@testable import CareReports

/// The parser reads a user's templates, whatever they hold: over many random texts made of
/// Mustache's pieces it never traps, and every error it gives points into the text (a line it has,
/// a column at most one past that line's end); what parses renders without trapping.
@Suite struct TemplateParserFuzzTests {
    /// A small deterministic generator (SplitMix64), so a failure is the same on every run.
    struct Random {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        mutating func pick<T>(_ items: [T]) -> T { items[Int(next() % UInt64(items.count))] }
    }

    static let pieces = [
        "{{", "}}", "{{{", "}}}", "#", "^", "/", "!", ">", "<", "$", "&", "=", "%", "*", " ", "\n", "\r\n", "\t",
        "a", "b", "a.b", ".", "(", ")", "empty(", "items", "{{#a}}", "{{/a}}", "{{^b}}", "{{/b}}", "{{=<% %>=}}",
        "<%", "%>", "{{% CONTENT_TYPE: TEXT }}", "{{>p}}", "{{<p}}", "{{$x}}", "{{/x}}", "é", "\u{0600}", "🙂", "\u{2028}",
    ]

    @Test func randomTemplatesNeverTrapAndErrorsPointIntoTheText() {
        var random = Random(state: 25)
        var parsed = 0
        for _ in 0..<20_000 {
            var text = ""
            for _ in 0..<Int(random.next() % 24) { text += random.pick(Self.pieces) }
            let lines = TemplateScanner(text).characters.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
            do {
                let template = try TemplateParser.parse(text)
                let partial = try TemplateParser.parse("{{$x}}d{{/x}}[{{.}}]")
                struct Model: Encodable { let a = "<v>"; let b = false; let items = ["i", "j"] }
                let value = try TemplateValueEncoder.encode(Model())
                _ = try TemplateRenderer(templates: ["t": template, "p": partial]).render(value, template: "t")
                parsed += 1
            } catch let error as TemplateSyntaxError {
                #expect(error.position.line >= 1 && error.position.line <= lines.count, "\(text.debugDescription): \(error)")
                if error.position.line <= lines.count {
                    #expect(error.position.column >= 1 && error.position.column <= lines[error.position.line - 1].count + 1, "\(text.debugDescription): \(error)")
                }
                #expect(!error.message.isEmpty)
            } catch {
                Issue.record("\(text.debugDescription): \(error)")
            }
        }
        #expect(parsed > 1_000, "enough of the texts parse for the renderer to be exercised too")
    }
}
