import Foundation
import PropertyBased
import Testing

@testable import CareReports

/// Parses raw bytes (which need not be UTF-8) the way `ExportLoader` does.
private func parse(bytes: [UInt8]) throws(JSONSyntaxError) -> JSONValue {
    try bytes.withUnsafeBufferPointer { (buffer) throws(JSONSyntaxError) -> JSONValue in try JSONParser.parse(buffer) }
}

/// The error for `text`, or nil when it parses.
private func syntaxError(_ text: String) -> JSONSyntaxError? {
    do {
        _ = try JSONParser.parse(text)
        return nil
    } catch {
        return error
    }
}

private func object(_ pairs: (String, JSONValue)...) -> JSONValue { .object(JSONObject(pairs)) }

extension IngestTests {
    @Suite("JSON parser")
    struct JSONParserTests {
        // MARK: What RFC 8259 accepts

        struct Accepted: Sendable, CustomTestStringConvertible {
            let text: String
            let value: JSONValue
            var testDescription: String { text }
        }

        static let accepted: [Accepted] = [
            Accepted(text: "{}", value: object()),
            Accepted(text: "[]", value: .array([])),
            Accepted(text: " \t\r\n[ \t\r\n] \t\r\n", value: .array([])),
            Accepted(text: #"[null, true, false]"#, value: .array([.null, .bool(true), .bool(false)])),
            Accepted(text: #"{"a": {"b": [1, "two", null]}, "c": []}"#, value: object(("a", object(("b", .array([.number(1), .string("two"), .null])))), ("c", .array([])))),
            Accepted(text: #"{"z": 1, "a": 2}"#, value: object(("z", .number(1)), ("a", .number(2)))),
            Accepted(text: #"[""]"#, value: .array([.string("")])),
            Accepted(text: #"{"": ""}"#, value: object(("", .string("")))),
            Accepted(text: #"["\"\\\/\b\f\n\r\t"]"#, value: .array([.string("\"\\/\u{08}\u{0C}\n\r\t")])),
            Accepted(text: #"["\u0041\u00e9\u00E9\u20AC\u0000"]"#, value: .array([.string("Aéé€\u{0}")])),
            Accepted(text: #"["\ud83d\ude00 \uD834\uDD1E"]"#, value: .array([.string("😀 𝄞")])),
            Accepted(text: "[\"Zoë 😀 \u{7F}\"]", value: .array([.string("Zoë 😀 \u{7F}")])),
            Accepted(text: "[-0, 0, 1, -1, 0.5, -0.5, 1e2, 1E2, 1e+2, 1e-2, 1.5e3, 123456789]", value: .array([-0.0, 0, 1, -1, 0.5, -0.5, 100, 100, 100, 0.01, 1500, 123456789].map(JSONValue.number))),
        ]

        @Test("accepts", arguments: accepted)
        func accepts(_ example: Accepted) throws {
            #expect(try JSONParser.parse(example.text) == example.value)
        }

        @Test func skipsAUTF8ByteOrderMark() throws {
            #expect(try parse(bytes: [0xEF, 0xBB, 0xBF] + Array(#"{"a": 1}"#.utf8)) == object(("a", .number(1))))
        }

        @Test func keepsAnUnpairedSurrogateOut() {
            #expect(syntaxError(#"["\ud83d"]"#) == JSONSyntaxError(offset: 2, message: "unpaired surrogate in a \\u escape"))
            #expect(syntaxError(#"["\ude00"]"#) == JSONSyntaxError(offset: 2, message: "unpaired surrogate in a \\u escape"))
            #expect(syntaxError(#"["x\ud83d\u0041"]"#) == JSONSyntaxError(offset: 3, message: "unpaired surrogate in a \\u escape"))
        }

        // MARK: Numbers parse to the same Double as Swift's own conversion

        static let numbers = [
            "0", "-0", "1", "-1", "0.1", "0.2", "0.3", "1.5", "3.141592653589793", "2.718281828459045", "123456789012345",
            "1234567890123456", "12345678901234567890", "9007199254740993", "0.30000000000000004", "1e0", "1e-0", "1E+0",
            "1e22", "1e23", "1.7976931348623157e308", "2.2250738585072014e-308", "4.9e-324", "5e-324", "2e-324",
            "0.000001", "1e-7", "-1.25e-3", "100.0000000000000000000001", "0.1234567890123456789", "123.456e-2",
            "0.0000000000000000000000000000000000000001", "99999999999999999999999999999999999", "1.0", "10.50",
            "7.0e-10", "8.589973e9", "-2.5E+10", "0.00000000000000000000001", "1234567.890123",
        ]

        @Test("numbers match Double(String)", arguments: numbers)
        func numberMatchesSwift(_ text: String) throws {
            let expected = try #require(Double(text))
            let parsed = try JSONParser.parse("[\(text)]")
            guard case .array(let items) = parsed, case .number(let value)? = items.first else {
                Issue.record("not a number: \(parsed)")
                return
            }
            #expect(value.bitPattern == expected.bitPattern, "\(text): \(value) != \(expected)")
        }

        @Test func randomNumbersMatchSwift() async {
            await propertyCheck(count: 2000, input: Generator(run: { rng in JSONNumberText.random(&rng) })) { text in
                let expected = Double(text)!
                let parsed = try JSONParser.parse("[\(text)]")
                if expected.isFinite {
                    #expect(parsed == .array([.number(expected)]), "\(text)")
                    if case .array(let items) = parsed, case .number(let value)? = items.first {
                        #expect(value.bitPattern == expected.bitPattern, "\(text)")
                    }
                } else {
                    Issue.record("generated an out-of-range number: \(text)")
                }
            }
        }

        @Test func numbersOutOfRangeAreRefused() {
            #expect(syntaxError("[1e400]") == JSONSyntaxError(offset: 1, message: "number out of range"))
            #expect(syntaxError("[-1e400]") == JSONSyntaxError(offset: 1, message: "number out of range"))
        }

        // MARK: What RFC 8259 rejects, at the offset where the parser stands

        struct Rejected: Sendable, CustomTestStringConvertible {
            let text: String
            let offset: Int
            let message: String
            var testDescription: String { text }
        }

        static let rejected: [Rejected] = [
            Rejected(text: "", offset: 0, message: "the file is empty; expected a JSON object or array"),
            Rejected(text: "1", offset: 0, message: "not a JSON document: expected '{' or '[' at the start"),
            Rejected(text: #""a""#, offset: 0, message: "not a JSON document: expected '{' or '[' at the start"),
            Rejected(text: "[1,]", offset: 2, message: "trailing comma before ']'; JSON allows no comma after the last item"),
            Rejected(text: "[1, \n ]", offset: 2, message: "trailing comma before ']'; JSON allows no comma after the last item"),
            Rejected(text: "[,1]", offset: 1, message: "unexpected character ','; expected a value"),
            Rejected(text: "[1 2]", offset: 3, message: "unexpected character '2'; expected ',' or ']' in an array"),
            Rejected(text: #"{"a" 1}"#, offset: 5, message: "unexpected character '1'; expected ':' after a key"),
            Rejected(text: #"{"a": 1,}"#, offset: 7, message: "trailing comma before '}'; JSON allows no comma after the last item"),
            Rejected(text: "{a: 1}", offset: 1, message: "unexpected character 'a'; expected a key in double quotes"),
            Rejected(text: "{'a': 1}", offset: 1, message: "unexpected character '''; expected a key in double quotes"),
            Rejected(text: #"{"a": 1 "b": 2}"#, offset: 8, message: "unexpected character '\"'; expected ',' or '}' in an object"),
            Rejected(text: #"{"a": 1, "a": 2}"#, offset: 9, message: "duplicate key \"a\" in one object"),
            Rejected(text: "[01]", offset: 2, message: "invalid number: leading zero"),
            Rejected(text: "[-01]", offset: 3, message: "invalid number: leading zero"),
            Rejected(text: "[+1]", offset: 1, message: "unexpected character '+'; expected a value"),
            Rejected(text: "[.5]", offset: 1, message: "unexpected character '.'; expected a value"),
            Rejected(text: "[1.]", offset: 3, message: "invalid number: expected a digit after '.'"),
            Rejected(text: "[1.e5]", offset: 3, message: "invalid number: expected a digit after '.'"),
            Rejected(text: "[1e]", offset: 3, message: "invalid number: expected a digit in the exponent"),
            Rejected(text: "[1e+]", offset: 4, message: "invalid number: expected a digit in the exponent"),
            Rejected(text: "[-]", offset: 2, message: "invalid number: expected a digit"),
            Rejected(text: "[- 1]", offset: 2, message: "invalid number: expected a digit"),
            Rejected(text: "[0x10]", offset: 2, message: "unexpected character 'x'; expected ',' or ']' in an array"),
            Rejected(text: "[NaN]", offset: 1, message: "unexpected character 'N'; expected a value"),
            Rejected(text: "[Infinity]", offset: 1, message: "unexpected character 'I'; expected a value"),
            Rejected(text: "[tru]", offset: 4, message: "unexpected character ']'; expected 'true'"),
            Rejected(text: "[nul", offset: 4, message: "unexpected end of file in 'null'"),
            Rejected(text: "[True]", offset: 1, message: "unexpected character 'T'; expected a value"),
            Rejected(text: "[\"a\tb\"]", offset: 3, message: "control character in a string (escape it as \\u0009)"),
            Rejected(text: "[\"\u{1F}\"]", offset: 2, message: "control character in a string (escape it as \\u001f)"),
            Rejected(text: #"["\x41"]"#, offset: 2, message: "invalid escape in a string"),
            Rejected(text: #"["ab\'"]"#, offset: 4, message: "invalid escape in a string"),
            Rejected(text: #"["\u12"]"#, offset: 2, message: "incomplete \\u escape"),
            Rejected(text: #"["\u12G4"]"#, offset: 2, message: "invalid \\u escape"),
            Rejected(text: #"["abc"#, offset: 1, message: "unterminated string"),
            Rejected(text: #"["abc\"]"#, offset: 1, message: "unterminated string"),
            Rejected(text: "[", offset: 1, message: "unexpected end of file; expected a value"),
            Rejected(text: "[1", offset: 2, message: "unexpected end of file in an array; expected ',' or ']'"),
            Rejected(text: "{", offset: 1, message: "unexpected end of file in an object; expected a key"),
            Rejected(text: #"{"a""#, offset: 4, message: "unexpected end of file; expected ':'"),
            Rejected(text: #"{"a":1"#, offset: 6, message: "unexpected end of file in an object; expected ',' or '}'"),
            Rejected(text: "[] []", offset: 3, message: "unexpected text after the end of the JSON document"),
            Rejected(text: "[]\u{0B}", offset: 2, message: "unexpected text after the end of the JSON document"),
            Rejected(text: "[\u{A0}1]", offset: 1, message: "unexpected byte 0xC2; expected a value"),
            Rejected(text: "/* c */ {}", offset: 0, message: "not a JSON document: expected '{' or '[' at the start"),
        ]

        @Test("rejects", arguments: rejected)
        func rejects(_ example: Rejected) {
            #expect(syntaxError(example.text) == JSONSyntaxError(offset: example.offset, message: example.message))
        }

        struct RejectedBytes: Sendable, CustomTestStringConvertible {
            let bytes: [UInt8]
            let offset: Int
            let message: String
            var testDescription: String { bytes.map { String($0, radix: 16) }.joined(separator: " ") }
        }

        static let rejectedBytes: [RejectedBytes] = [
            // Not UTF-8 inside a string: lone continuation, overlong, surrogate, beyond U+10FFFF, truncated, 0xFF.
            RejectedBytes(bytes: [0x5B, 0x22, 0x80, 0x22, 0x5D], offset: 2, message: "invalid UTF-8 byte sequence"),
            RejectedBytes(bytes: [0x5B, 0x22, 0xC0, 0xAF, 0x22, 0x5D], offset: 2, message: "invalid UTF-8 byte sequence"),
            RejectedBytes(bytes: [0x5B, 0x22, 0xE0, 0x80, 0xAF, 0x22, 0x5D], offset: 2, message: "invalid UTF-8 byte sequence"),
            RejectedBytes(bytes: [0x5B, 0x22, 0xED, 0xA0, 0x80, 0x22, 0x5D], offset: 2, message: "invalid UTF-8 byte sequence"),
            RejectedBytes(bytes: [0x5B, 0x22, 0xF4, 0x90, 0x80, 0x80, 0x22, 0x5D], offset: 2, message: "invalid UTF-8 byte sequence"),
            RejectedBytes(bytes: [0x5B, 0x22, 0x61, 0xE2, 0x82, 0x22, 0x5D], offset: 3, message: "invalid UTF-8 byte sequence"),
            RejectedBytes(bytes: [0x5B, 0x22, 0xFF, 0x22, 0x5D], offset: 2, message: "invalid UTF-8 byte sequence"),
            RejectedBytes(bytes: [0x5B, 0x22, 0xE2, 0x82], offset: 2, message: "invalid UTF-8 byte sequence"),
            // UTF-16 and other encodings with zero bytes.
            RejectedBytes(bytes: [0xFF, 0xFE, 0x5B, 0x00, 0x5D, 0x00], offset: 0, message: "the file is not UTF-8 (it looks like UTF-16 or binary data)"),
            RejectedBytes(bytes: [0xFE, 0xFF, 0x00, 0x5B, 0x00, 0x5D], offset: 0, message: "the file is not UTF-8 (it looks like UTF-16 or binary data)"),
            RejectedBytes(bytes: [0x5B, 0x00, 0x5D, 0x00], offset: 0, message: "the file is not UTF-8 (it looks like UTF-16 or binary data)"),
            RejectedBytes(bytes: [0x00, 0x5B, 0x00, 0x5D], offset: 0, message: "the file is not UTF-8 (it looks like UTF-16 or binary data)"),
            // A backslash before a non-ASCII character is a bad escape, not bad UTF-8.
            RejectedBytes(bytes: [0x5B, 0x22, 0x5C, 0xC3, 0xA9, 0x22, 0x5D], offset: 2, message: "invalid escape in a string"),
        ]

        @Test("rejects bytes", arguments: rejectedBytes)
        func rejectsBytes(_ example: RejectedBytes) {
            #expect(throws: JSONSyntaxError(offset: example.offset, message: example.message)) { try parse(bytes: example.bytes) }
        }

        @Test func acceptsEveryValidUTF8Length() throws {
            // U+007F, U+0080, U+07FF, U+0800, U+FFFF, U+10000, U+10FFFF at the edges of each length.
            let text = "[\"\u{7F}\u{80}\u{7FF}\u{800}\u{FFFF}\u{10000}\u{10FFFF}\"]"
            #expect(try JSONParser.parse(text) == .array([.string("\u{7F}\u{80}\u{7FF}\u{800}\u{FFFF}\u{10000}\u{10FFFF}")]))
        }

        // MARK: Limits

        @Test func nestingUpToTheLimitIsAccepted() throws {
            let depth = JSONParser.maxDepth
            var expected = JSONValue.array([])
            for _ in 1..<depth { expected = .array([expected]) }
            #expect(try JSONParser.parse(String(repeating: "[", count: depth) + String(repeating: "]", count: depth)) == expected)
        }

        @Test func nestingBeyondTheLimitIsRefused() {
            let depth = JSONParser.maxDepth + 1
            #expect(
                syntaxError(String(repeating: "[", count: depth) + String(repeating: "]", count: depth))
                    == JSONSyntaxError(offset: JSONParser.maxDepth, message: "arrays and objects nested deeper than 256 levels"))
            #expect(
                syntaxError(String(repeating: #"{"a":"#, count: 100_000))
                    == JSONSyntaxError(offset: 5 * JSONParser.maxDepth, message: "arrays and objects nested deeper than 256 levels"))
        }

        @Test func aStringOfExactlyTheLimitIsAccepted() throws {
            let content = String(repeating: "é", count: JSONParser.maxStringBytes / 2)
            #expect(try JSONParser.parse("[\"\(content)\"]") == .array([.string(content)]))
        }

        @Test func aStringOneByteOverTheLimitIsRefused() {
            let content = String(repeating: "a", count: JSONParser.maxStringBytes + 1)
            #expect(syntaxError("[\"\(content)\"]") == JSONSyntaxError(offset: 1, message: "string longer than 16 MiB"))
        }

        // MARK: Line and column

        /// Line and column of `offset` as `[line, column]`.
        private func location(_ offset: Int, in bytes: [UInt8]) -> [Int] {
            let location = bytes.withUnsafeBufferPointer { CareReports.LineColumn(offset: offset, in: $0) }
            return [location.line, location.column]
        }

        @Test func sourceLocationCountsLinesAndCharacters() {
            let bytes = Array("ab\nçé😀x\n".utf8)
            #expect(location(0, in: bytes) == [1, 1])
            #expect(location(2, in: bytes) == [1, 3])
            #expect(location(3, in: bytes) == [2, 1])
            #expect(location(3 + 2 + 2 + 4, in: bytes) == [2, 4])
            #expect(location(bytes.count, in: bytes) == [3, 1])
            #expect(location(bytes.count + 10, in: bytes) == [3, 1])
        }

        @Test func sourceLocationDoesNotCountAByteOrderMark() {
            let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("{x".utf8)
            #expect(location(4, in: bytes) == [1, 2])
            #expect(location(3, in: bytes) == [1, 1])
        }

        // MARK: Round trip and robustness

        @Test func serialisedTreesParseBackToEqualValues() async {
            await propertyCheck(count: 500, input: Generator(run: { rng in RandomJSON.document(&rng) })) { value in
                let text = value.serialized()
                let parsed = try JSONParser.parse(text)
                #expect(parsed == value)
                // String equality is canonical equivalence; the bytes must match too.
                #expect(Array(parsed.serialized().utf8) == Array(text.utf8))
            }
        }

        @Test func serialisationEscapesWhatJSONRequires() {
            let value = JSONValue.array([
                .string("\"\\\n\r\t\u{0}\u{1F}/é😀"), .number(999_999_999_999_999), .number(1e15), .number(1e16), .number(0.1), .number(-3), .number(1e-7),
            ])
            #expect(value.serialized() == #"["\"\\\n\r\t\u0000\u001f/é😀",999999999999999,1000000000000000.0,1e+16,0.1,-3,1e-07]"#)
        }

        @Test func mutatedDocumentsNeverCrash() async {
            let valid = Array(Self.mutationSeed.utf8)
            #expect(throws: Never.self) { try parse(bytes: valid) }
            let mutations = Generator<[UInt8], Shrink.None<[UInt8]>>(run: { rng in Mutation.apply(to: valid, &rng) })
            await propertyCheck(count: 3000, input: mutations) { (bytes: [UInt8]) in
                do {
                    _ = try parse(bytes: bytes)
                } catch let error as JSONSyntaxError {
                    #expect(error.offset >= 0 && error.offset <= bytes.count, "offset \(error.offset) of \(bytes.count)")
                    #expect(!error.message.isEmpty)
                } catch {
                    Issue.record("not a JSONSyntaxError: \(error)")
                }
            }
        }

        static let mutationSeed = """
            {"format": "caresupport-export", "version": 1, "timezone": "Europe/London",
             "users": [{"id": "u1", "firstName": "Zoë", "lastName": "O'Brien \\u00e9\\ud83d\\ude00\\n"}],
             "healthRecords": [{"id": "h1", "data": {"severity": -4.5e-1, "values": [0, 12.25, 1E3, true, false, null]}}],
             "tags": ["ask-doctor", "\\"quoted\\"", "日本語"]}
            """
    }
}

extension IngestTests {
    /// Random JSON number texts following RFC 8259's grammar, kept within Double's range.
    enum JSONNumberText {
        static func random<R: RandomNumberGenerator>(_ rng: inout R) -> String {
            var text = Bool.random(using: &rng) ? "-" : ""
            let integerDigits = Int.random(in: 1...20, using: &rng)
            if integerDigits == 1 || Int.random(in: 0..<4, using: &rng) == 0 {
                text += String(Int.random(in: 0...9, using: &rng))
            } else {
                text += String(Int.random(in: 1...9, using: &rng))
                for _ in 1..<integerDigits { text += String(Int.random(in: 0...9, using: &rng)) }
            }
            if Bool.random(using: &rng) {
                text += "."
                for _ in 0..<Int.random(in: 1...25, using: &rng) { text += String(Int.random(in: 0...9, using: &rng)) }
            }
            if Int.random(in: 0..<3, using: &rng) == 0 {
                text += ["e", "E"].randomElement(using: &rng)! + ["", "+", "-"].randomElement(using: &rng)!
                text += String(Int.random(in: 0...280, using: &rng))
            }
            return text
        }
    }

    /// Random JSON trees whose top level is an object or an array, with unique keys per object.
    enum RandomJSON {
        static func document<R: RandomNumberGenerator>(_ rng: inout R) -> JSONValue {
            Bool.random(using: &rng) ? array(&rng, depth: 1) : object(&rng, depth: 1)
        }

        static func value<R: RandomNumberGenerator>(_ rng: inout R, depth: Int) -> JSONValue {
            let container = depth < 6 ? 2 : 0
            switch Int.random(in: 0..<(6 + container), using: &rng) {
            case 0: return .null
            case 1: return .bool(Bool.random(using: &rng))
            case 2, 3: return .number(number(&rng))
            case 4, 5: return .string(string(&rng))
            case 6: return array(&rng, depth: depth + 1)
            default: return object(&rng, depth: depth + 1)
            }
        }

        static func array<R: RandomNumberGenerator>(_ rng: inout R, depth: Int) -> JSONValue {
            .array((0..<Int.random(in: 0...5, using: &rng)).map { _ in value(&rng, depth: depth) })
        }

        static func object<R: RandomNumberGenerator>(_ rng: inout R, depth: Int) -> JSONValue {
            // The index makes keys unique even when the random part repeats.
            .object(JSONObject((0..<Int.random(in: 0...5, using: &rng)).map { index in ("\(index)" + string(&rng), value(&rng, depth: depth)) }))
        }

        static func number<R: RandomNumberGenerator>(_ rng: inout R) -> Double {
            switch Int.random(in: 0..<5, using: &rng) {
            case 0: return Double(Int.random(in: -1_000_000...1_000_000, using: &rng))
            case 1: return Double(Int.random(in: -999_999_999_999_999...999_999_999_999_999, using: &rng))
            case 2: return Double(Int.random(in: -100_000...100_000, using: &rng)) / 100
            case 3: return Double.random(in: -1...1, using: &rng)
            default:
                // Any finite double, subnormals and extremes included.
                while true {
                    let candidate = Double(bitPattern: UInt64.random(in: .min ... .max, using: &rng))
                    if candidate.isFinite { return candidate }
                }
            }
        }

        static let interestingScalars: [Unicode.Scalar] = [
            "\"", "\\", "/", "\n", "\r", "\t", "\u{0}", "\u{8}", "\u{C}", "\u{1F}", "\u{7F}", "\u{80}", "é", "\u{301}", "\u{FEFF}", "\u{2028}",
            "\u{FFFF}", "😀", "\u{10FFFF}", " ",
        ]

        static func string<R: RandomNumberGenerator>(_ rng: inout R) -> String {
            var scalars = String.UnicodeScalarView()
            for _ in 0..<Int.random(in: 0...12, using: &rng) {
                switch Int.random(in: 0..<3, using: &rng) {
                case 0: scalars.append(Unicode.Scalar(UInt8.random(in: 0x20...0x7E, using: &rng)))
                case 1: scalars.append(interestingScalars.randomElement(using: &rng)!)
                default:
                    var scalar: Unicode.Scalar?
                    while scalar == nil { scalar = Unicode.Scalar(UInt32.random(in: 0...0x10FFFF, using: &rng)) }
                    scalars.append(scalar!)
                }
            }
            return String(scalars)
        }
    }

    /// Random byte edits of a valid document: replace, insert, delete, or swap in JSON punctuation.
    enum Mutation {
        static let interestingBytes = Array(#"{}[]",:\-+.eE0u"#.utf8) + [0x00, 0x0A, 0x20, 0x7F, 0x80, 0xBF, 0xC3, 0xE2, 0xED, 0xF0, 0xF4, 0xFF]

        static func apply<R: RandomNumberGenerator>(to bytes: [UInt8], _ rng: inout R) -> [UInt8] {
            var bytes = bytes
            for _ in 0..<Int.random(in: 1...6, using: &rng) {
                let byte = Bool.random(using: &rng) ? interestingBytes.randomElement(using: &rng)! : UInt8.random(in: 0...255, using: &rng)
                switch Int.random(in: 0..<4, using: &rng) {
                case 0 where !bytes.isEmpty: bytes[Int.random(in: 0..<bytes.count, using: &rng)] = byte
                case 1: bytes.insert(byte, at: Int.random(in: 0...bytes.count, using: &rng))
                case 2 where !bytes.isEmpty: bytes.remove(at: Int.random(in: 0..<bytes.count, using: &rng))
                default:
                    // Truncate: many errors are about an unexpected end.
                    if !bytes.isEmpty { bytes.removeLast(Int.random(in: 0...min(bytes.count, 40), using: &rng)) }
                }
            }
            return bytes
        }
    }
}
