import Foundation
import Testing

@testable import CareReports

/// One rule for invisible and direction characters in every output (issue 41 item 3): the direction
/// marks, ZERO WIDTH SPACE, the word joiner and invisible operators and U+FEFF are dropped by every
/// writer; U+2028/U+2029 are line breaks, a space in a field of one line.
@Suite("Invisible and direction characters")
struct InvisibleCharacterRuleTests {
    static let invisibleScalars: [Unicode.Scalar] = ["\u{200E}", "\u{200F}", "\u{061C}", "\u{200B}", "\u{FEFF}", "\u{2060}", "\u{2064}"]
    static let separatorScalars: [Unicode.Scalar] = ["\u{2028}", "\u{2029}"]

    @Test("dropped everywhere, kept ZWNJ and ZWJ", arguments: invisibleScalars)
    func dropped(scalar: Unicode.Scalar) {
        let text = "a\(scalar)b"
        #expect(DisplayText.isDropped(scalar))
        #expect(DisplayText.stripped(text) == "ab")
        #expect(DisplayText.cleaned(text) == "ab")
        #expect(DisplayText.singleLine(text) == "ab")
        #expect(HTMLEscaping.escape(text) == "ab")
        #expect(MarkdownEscaping.inline(text) == "ab")
        #expect(FeedText.xmlEscaped(text) == "ab")
        #expect(FeedText.icsEscaped(text) == "ab")
        #expect(CSSString.escape(text).unicodeScalars.allSatisfy { $0 != scalar })
        #expect(MailText.singleLine(text) == "ab")
        #expect(ArchiveReader.printable(text) == "ab")
        #expect(DisplayText.stripped("\u{645}\u{200C}\u{200D}") == "\u{645}\u{200C}\u{200D}", "ZWNJ and ZWJ stay")
    }

    @Test("line and paragraph separators are line breaks, a space in a field of one line", arguments: separatorScalars)
    func separators(scalar: Unicode.Scalar) {
        let text = "a\(scalar)b"
        #expect(DisplayText.stripped(text) == "a\nb")
        #expect(DisplayText.singleLine(text) == "a b")
        #expect(DisplayText.singleLine("a\r\n\u{2028}\tb") == "a b")
        #expect(MailText.singleLine(text) == "a b")
        #expect(ArchiveReader.printable(text) == "a b")
        #expect(FeedText.icsEscaped(text) == "a\\nb")
        #expect(FeedText.icsEscaped(DisplayText.singleLine(text)) == "a b")
    }

    @Test("right-to-left text is isolated without its marks")
    func rightToLeftIsIsolated() {
        #expect(DisplayText.cleaned("\u{200F}\u{5E9}\u{200E}") == "\u{2068}\u{5E9}\u{2069}")
        #expect(DisplayText.cleaned("abc\u{200F}") == "abc", "a mark alone makes no text right-to-left")
    }
}
