import CCmarkGFM

/// The tree walks behind ``MarkdownRenderer``: sanitising, text extraction and CommonMark output.
/// Every function here runs inside `withSanitizedDocument`, under the cmark lock.
extension MarkdownRenderer {
    // MARK: - Sanitising

    /// Removes raw HTML, unwraps refused links, replaces images by their alt text, demotes headings
    /// and drops from every text what ``DisplayText`` drops (a character reference such as
    /// `&#x202E;` or `&#27;` is decoded by the parser, so the source alone cannot be cleaned).
    static func sanitize(_ document: OpaquePointer, headingBase: Int) {
        let base = min(max(headingBase, 1), 6)
        var pending: [OpaquePointer] = []  // nodes to rewrite, in document (pre-)order
        forEachEntered(document) { node in
            switch cmark_node_get_type(node) {
            case CMARK_NODE_TEXT, CMARK_NODE_CODE:
                cleanLiteral(of: node)
            case CMARK_NODE_CODE_BLOCK:
                cleanLiteral(of: node)
                if let info = cmark_node_get_fence_info(node).map({ String(cString: $0) }), !DisplayText.isPlainASCII(info) {
                    DisplayText.stripped(info).withCString { _ = cmark_node_set_fence_info(node, $0) }
                }
            case CMARK_NODE_HEADING:
                let level = Int(cmark_node_get_heading_level(node))
                cmark_node_set_heading_level(node, Int32(min(6, base + level - 1)))
            case CMARK_NODE_LINK, CMARK_NODE_IMAGE, CMARK_NODE_HTML_BLOCK, CMARK_NODE_HTML_INLINE,
                 CMARK_NODE_CUSTOM_BLOCK, CMARK_NODE_CUSTOM_INLINE,
                 CMARK_NODE_FOOTNOTE_DEFINITION, CMARK_NODE_FOOTNOTE_REFERENCE:
                pending.append(node)
            default:
                break
            }
        }
        // Innermost and last first: a node is rewritten before any ancestor that might free it.
        for node in pending.reversed() {
            let parent = cmark_node_parent(node)
            switch cmark_node_get_type(node) {
            case CMARK_NODE_LINK:
                if let url = keptURL(ofLink: node) {
                    url.withCString { _ = cmark_node_set_url(node, $0) }
                    continue
                }
                unwrap(node)
            case CMARK_NODE_IMAGE:
                let alt = inlineText(of: node)
                if !alt.isEmpty, let text = cmark_node_new(CMARK_NODE_TEXT) {
                    alt.withCString { _ = cmark_node_set_literal(text, $0) }
                    cmark_node_insert_before(node, text)
                }
                remove(node)
            default:
                remove(node)
            }
            // A paragraph left with nothing in it would render as <p></p> but vanish from CommonMark.
            if let parent, cmark_node_get_type(parent) == CMARK_NODE_PARAGRAPH, cmark_node_first_child(parent) == nil {
                remove(parent)
            }
        }
    }

    /// Replaces the literal of `node` by its ``DisplayText/stripped(_:)`` form when it holds
    /// anything to drop.
    private static func cleanLiteral(of node: OpaquePointer) {
        guard let literal = cmark_node_get_literal(node).map({ String(cString: $0) }),
              !DisplayText.isPlainASCII(literal) else { return }
        let cleaned = DisplayText.stripped(literal)
        if cleaned != literal { cleaned.withCString { _ = cmark_node_set_literal(node, $0) } }
    }

    /// The destination to keep for `link`, or nil when the link must be unwrapped.
    ///
    /// Besides the scheme policy, a link that cmark would write back as an `<…>` autolink (its
    /// leading text equals its destination) is kept only when that autolink parses back as the same
    /// link: otherwise `[script](mailto:script)` would come back as the raw HTML `<script>`.
    private static func keptURL(ofLink link: OpaquePointer) -> String? {
        guard let rawURL = cmark_node_get_url(link).map({ String(cString: $0) }),
              let url = MarkdownLinkPolicy.allowedURL(rawURL) else { return nil }
        var title = cmark_node_get_title(link).map { String(cString: $0) } ?? ""
        if !DisplayText.isPlainASCII(title) {
            title = DisplayText.stripped(title)
            title.withCString { _ = cmark_node_set_title(link, $0) }
        }
        guard title.isEmpty, let (leadingText, onlyText) = leadingTextRun(of: link) else { return url }
        if url.hasPrefix("mailto:"), "mailto:" + leadingText == url {
            return onlyText && MarkdownLinkPolicy.isAutolinkEmail(leadingText) ? url : nil
        }
        if leadingText == url, LinkTarget.scheme(of: url) != nil {
            return onlyText ? url : nil  // cmark would drop the children after the text
        }
        return url
    }

    /// The concatenated literals of the text nodes that open `node`, and whether they are all its children.
    private static func leadingTextRun(of node: OpaquePointer) -> (String, Bool)? {
        var child = cmark_node_first_child(node)
        guard child != nil else { return nil }
        var text = ""
        while let current = child, cmark_node_get_type(current) == CMARK_NODE_TEXT {
            text += cmark_node_get_literal(current).map { String(cString: $0) } ?? ""
            child = cmark_node_next(current)
        }
        return (text, child == nil)
    }

    /// Replaces `node` by its children.
    private static func unwrap(_ node: OpaquePointer) {
        while let child = cmark_node_first_child(node) {
            cmark_node_insert_before(node, child)
        }
        remove(node)
    }

    /// Unlinks and frees `node` with everything under it.
    private static func remove(_ node: OpaquePointer) {
        cmark_node_unlink(node)
        cmark_node_free(node)
    }

    /// Calls `body` for every node of `root`'s tree on entry, in document order; `body` must not
    /// restructure the tree.
    static func forEachEntered(_ root: OpaquePointer, _ body: (OpaquePointer) -> Void) {
        forEachEvent(root) { node, entering in if entering { body(node) } }
    }

    /// Calls `body` for every enter and exit event of `root`'s tree (leaf nodes only enter).
    static func forEachEvent(_ root: OpaquePointer, _ body: (OpaquePointer, _ entering: Bool) -> Void) {
        guard let iterator = cmark_iter_new(root) else { return }
        defer { cmark_iter_free(iterator) }
        while true {
            let event = cmark_iter_next(iterator)
            if event == CMARK_EVENT_DONE || event == CMARK_EVENT_NONE { break }
            guard let node = cmark_iter_get_node(iterator) else { continue }
            body(node, event == CMARK_EVENT_ENTER)
        }
    }

    /// The text under an inline `node` (an image's alt text), on one line.
    private static func inlineText(of node: OpaquePointer) -> String {
        var text = ""
        forEachEntered(node) { inner in
            switch cmark_node_get_type(inner) {
            case CMARK_NODE_TEXT, CMARK_NODE_CODE:
                text += cmark_node_get_literal(inner).map { String(cString: $0) } ?? ""
            case CMARK_NODE_SOFTBREAK, CMARK_NODE_LINEBREAK:
                text += " "
            default:
                break
            }
        }
        return text
    }

    // MARK: - Plain text

    /// The text content of a sanitised document: blocks on their own lines, table cells separated by
    /// a space, no markup, blank lines and surrounding spaces dropped.
    static func textContent(ofDocument document: OpaquePointer) -> String {
        var text = ""
        forEachEvent(document) { node, entering in
            let type = cmark_node_get_type(node)
            switch type {
            case CMARK_NODE_TEXT, CMARK_NODE_CODE:
                text += cmark_node_get_literal(node).map { String(cString: $0) } ?? ""
            case CMARK_NODE_SOFTBREAK:
                text += " "
            case CMARK_NODE_LINEBREAK, CMARK_NODE_THEMATIC_BREAK:
                text += "\n"
            case CMARK_NODE_CODE_BLOCK:
                text += "\n" + (cmark_node_get_literal(node).map { String(cString: $0) } ?? "") + "\n"
            default:
                let isBlock = type.rawValue & 0xC000 == 0x8000  // CMARK_NODE_TYPE_BLOCK
                if !entering, isBlock {
                    let typeName = String(cString: cmark_node_get_type_string(node))
                    text += typeName == "table_cell" ? " " : "\n"
                }
            }
        }
        return text.split(separator: "\n", omittingEmptySubsequences: true)
            .map { $0.trimmingWhitespace() }
            .filter { !$0.isEmpty }
            .joined(separator: "\n")
    }

    // MARK: - CommonMark

    /// The line cmark writes after a list that is followed by another list or a code block.
    private static let endListComment = "<!-- end list -->"

    /// What replaces that comment: an unused link reference definition, which ends the list just as
    /// well but is not raw HTML and renders as nothing.
    private static let endListDefinition = "[//]: #"

    /// Renders a sanitised document as CommonMark (no wrapping), such that reading it back gives
    /// the same document and nothing that ``sanitize(_:headingBase:)`` would have removed:
    /// - cmark's `<!-- end list -->` separators become ``endListDefinition``;
    /// - text that cmark writes unescaped but GFM would turn into structure when read back — a
    ///   `|` (table) and the `://` or `www.` that starts an extended autolink (which may be `ftp:`) —
    ///   is backslash-escaped.
    static func renderCommonMark(_ document: OpaquePointer, options: Int32) -> String {
        // Placeholders that cannot occur in the input (random private-use tokens) stand in for the
        // escapes while cmark renders, and for comment text inside code blocks.
        let nonce = String(UInt64.random(in: .min ... .max), radix: 36) + String(UInt64.random(in: .min ... .max), radix: 36)
        func token(_ n: Int) -> String { "\u{E000}\(nonce)\(n)\u{E001}" }
        let pipe = token(1), colonSlashes = token(2), wwwDot = token(3), comment = token(4)
        var used = false
        forEachEntered(document) { node in
            let type = cmark_node_get_type(node)
            guard type == CMARK_NODE_TEXT || type == CMARK_NODE_CODE_BLOCK,
                  let literal = cmark_node_get_literal(node).map({ String(cString: $0) }) else { return }
            var replaced = literal
            if type == CMARK_NODE_CODE_BLOCK {
                replaced = replaced.replacing(endListComment, with: comment)
            } else {
                replaced = replaced.replacing("|", with: pipe).replacing("://", with: colonSlashes + "//")
                replaced = replacingWWWDots(in: replaced, with: wwwDot)
            }
            guard replaced != literal else { return }
            used = true
            replaced.withCString { _ = cmark_node_set_literal(node, $0) }
        }
        let rendered = take(cmark_render_commonmark(document, options, 0))
        var lines = rendered.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        for index in lines.indices where lines[index].hasSuffix(endListComment) {
            let prefix = lines[index].dropLast(endListComment.count)
            if prefix.allSatisfy({ $0 == " " || $0 == ">" }) {
                lines[index] = String(prefix) + endListDefinition
            }
        }
        var output = lines.joined(separator: "\n")
        if used {
            output = output.replacing(pipe, with: "\\|").replacing(colonSlashes, with: "\\:")
                .replacing(wwwDot, with: "\\.").replacing(comment, with: endListComment)
        }
        return output
    }

    /// `text` with the dot of every `www.` (any case) replaced by `placeholder`.
    private static func replacingWWWDots(in text: String, with placeholder: String) -> String {
        guard text.lowercased().contains("www.") else { return text }
        var out = ""
        var recent: [Character] = []
        for character in text {
            if character == ".", recent.count == 3, recent.allSatisfy({ $0 == "w" || $0 == "W" }) {
                out += placeholder
            } else {
                out.append(character)
            }
            recent.append(character)
            if recent.count > 3 { recent.removeFirst() }
        }
        return out
    }
}

private extension StringProtocol {
    /// The string without leading and trailing whitespace.
    func trimmingWhitespace() -> String {
        let scalars = Array(unicodeScalars)
        guard let start = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
              let end = scalars.lastIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars[start...end])
        return String(view)
    }
}
