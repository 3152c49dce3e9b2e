import CCmarkGFM

/// Internal views of how cmark-gfm parses a text, for tests that check what the renderer produces.
extension MarkdownRenderer {
    /// The cmark node type names (`"paragraph"`, `"html_inline"`, `"link"`, …) of `markdown` as
    /// parsed, unsanitised, with the same extensions, in document order.
    func parsedNodeTypes(_ markdown: String) -> [String] {
        withSanitizedDocument(markdown, headingBase: 1, sanitizing: false) { document, _ in
            var names: [String] = []
            Self.forEachEntered(document) { names.append(String(cString: cmark_node_get_type_string($0))) }
            return names
        }
    }

    /// The link destinations of `markdown` as parsed, unsanitised, in document order.
    func parsedLinkURLs(_ markdown: String) -> [String] {
        withSanitizedDocument(markdown, headingBase: 1, sanitizing: false) { document, _ in
            var urls: [String] = []
            Self.forEachEntered(document) { node in
                guard cmark_node_get_type(node) == CMARK_NODE_LINK || cmark_node_get_type(node) == CMARK_NODE_IMAGE,
                      let url = cmark_node_get_url(node) else { return }
                urls.append(String(cString: url))
            }
            return urls
        }
    }

    /// `markdown` rendered unsanitised with raw HTML ON, to show that the `tagfilter` extension is
    /// attached. Never used for output.
    func unsanitizedUnsafeHTML(_ markdown: String) -> String {
        withSanitizedDocument(markdown, headingBase: 1, sanitizing: false) { document, extensions in
            Self.take(cmark_render_html(document, options | CMARK_OPT_UNSAFE, extensions))
        }
    }
}
