import CCmarkGFM
import Foundation

/// Renders user-written Markdown (CommonMark + GFM) safely as HTML, CommonMark or plain text.
///
/// This is the one type that touches cmark-gfm: every parser, node, iterator and rendered buffer
/// is created and freed inside a single call. Each call parses with the GFM extensions `table`,
/// `strikethrough`, `autolink` and `tagfilter` attached and raw HTML off, then sanitises the tree
/// before rendering:
/// - raw HTML (block and inline) is removed;
/// - links whose destination is not `http:`, `https:`, `mailto:` or relative are replaced by their
///   text (see ``MarkdownLinkPolicy``);
/// - images are replaced by their alt text, so nothing is ever fetched from elsewhere;
/// - headings are demoted so a user `#` becomes level `headingBase` (default 4), capped at 6.
///
/// cmark-gfm 0.29 keeps some parser state in globals (the inline special-character table, the
/// extension registry), so calls are serialised process-wide; the type itself is a value and Sendable.
public struct MarkdownRenderer: Sendable {
    /// Whether straight quotes, `--` and `...` become typographic punctuation (CMARK_OPT_SMART).
    public var smartPunctuation: Bool

    /// Creates a renderer; smart punctuation is off unless asked for.
    public init(smartPunctuation: Bool = false) {
        self.smartPunctuation = smartPunctuation
    }

    /// The user Markdown as sanitised HTML, with user headings starting at `<h{headingBase}>`.
    public func html(_ markdown: String, headingBase: Int = 4) -> String {
        withSanitizedDocument(markdown, headingBase: headingBase) { document, extensions in
            Self.take(cmark_render_html(document, options, extensions))
        }
    }

    /// The same sanitised document as CommonMark (no raw HTML, no refused links, no images, demoted headings).
    public func markdown(_ markdown: String, headingBase: Int = 4) -> String {
        withSanitizedDocument(markdown, headingBase: headingBase) { document, _ in
            Self.renderCommonMark(document, options: options)
        }
    }

    /// The text content of the user Markdown without any markup, one line per block.
    public func plainText(_ markdown: String) -> String {
        withSanitizedDocument(markdown, headingBase: 1) { document, _ in
            Self.textContent(ofDocument: document)
        }
    }

    // MARK: - cmark lifetime

    /// The GFM extensions attached to every parser.
    static let extensionNames = ["table", "strikethrough", "autolink", "tagfilter"]

    /// Serialises all use of cmark-gfm, whose parser mutates process-wide tables.
    private static let cmarkLock = NSLock()

    /// Registers the core extensions exactly once (cmark's own guard is not thread-safe).
    private static let coreExtensionsRegistered: Void = cmark_gfm_core_extensions_ensure_registered()

    /// Parse and render options: CommonMark defaults (raw HTML omitted), optionally smart punctuation.
    var options: Int32 {
        CMARK_OPT_DEFAULT | (smartPunctuation ? CMARK_OPT_SMART : 0)
    }

    /// Parses `markdown` with the GFM extensions, sanitises the tree (unless a test inspection asks
    /// otherwise) and hands it to `body`; frees the document and the parser afterwards. `body` must
    /// not keep the pointers.
    func withSanitizedDocument<Result>(
        _ markdown: String,
        headingBase: Int,
        sanitizing: Bool = true,
        _ body: (_ document: OpaquePointer, _ extensions: UnsafeMutablePointer<cmark_llist>?) -> Result
    ) -> Result {
        Self.cmarkLock.lock()
        defer { Self.cmarkLock.unlock() }
        Self.coreExtensionsRegistered

        guard let parser = cmark_parser_new(options) else { fatalError("cmark_parser_new failed (out of memory)") }
        defer { cmark_parser_free(parser) }
        for name in Self.extensionNames {
            guard let syntaxExtension = cmark_find_syntax_extension(name) else {
                fatalError("cmark-gfm has no '\(name)' extension registered")
            }
            cmark_parser_attach_syntax_extension(parser, syntaxExtension)
        }
        // Controls and bidi characters never reach the parser (an inspection sees the text as given),
        // and nesting no page needs is escaped first (cmark-gfm's own nesting is not bounded).
        var source = MarkdownNesting.bounded(sanitizing ? DisplayText.stripped(markdown) : markdown)
        source.withUTF8 { bytes in
            guard let base = bytes.baseAddress, bytes.count > 0 else { return }
            base.withMemoryRebound(to: CChar.self, capacity: bytes.count) { cmark_parser_feed(parser, $0, bytes.count) }
        }
        guard let document = cmark_parser_finish(parser) else { fatalError("cmark_parser_finish failed (out of memory)") }
        defer { cmark_node_free(document) }

        if sanitizing { Self.sanitize(document, headingBase: headingBase) }
        return body(document, cmark_parser_get_syntax_extensions(parser))
    }

    /// Converts a buffer returned by a cmark renderer to a String and frees it.
    static func take(_ buffer: UnsafeMutablePointer<CChar>?) -> String {
        guard let buffer else { return "" }
        defer { cmark_get_default_mem_allocator().pointee.free(buffer) }
        return String(cString: buffer)
    }
}
