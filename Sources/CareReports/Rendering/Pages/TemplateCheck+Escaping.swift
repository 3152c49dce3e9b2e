/// What an HTML template may write unescaped: only the markup carereport prepared itself. A custom
/// template that writes a field with `{{{field}}}` or `{{&field}}`, or switches an HTML template to
/// `{{% CONTENT_TYPE: TEXT }}` or `MARKDOWN` (whose escaping is not HTML's), would put export text
/// into a page as markup; the check refuses it at its place.
extension TemplateCheck {
    /// The fields that hold markup carereport made and escaped itself (rendered Markdown, charts, the
    /// dose calendar, the visit summary's CSS): the only names an HTML template may write unescaped.
    static let preparedMarkup: Set<String> = ["html", "chart", "calendar", "runningHeader", "runningFooter", "styles"]

    /// Whether the template `name` (`html.week`, `digest.html-body`) writes HTML.
    static func writesHTML(_ name: String) -> Bool {
        name.hasPrefix("html.") || name.hasPrefix("digest.html") || name.hasPrefix("digest.reader-html")
    }

    /// The first tag (in text order, blocks and overrides included) that would write text into HTML
    /// unescaped: the message and its place.
    static func firstUnescapedText(in template: CompiledTemplate) -> (String, TemplatePosition)? {
        for node in template.nodes {
            switch node {
            case .variable(let name, let escaped, let at):
                guard !escaped, !(name.parts.last.map(preparedMarkup.contains) ?? false) else { continue }
                let written = written(name)
                return ("{{{\(written)}}} writes \(written) unescaped into HTML, where text from the export could become markup; "
                    + "write {{\(written)}} (only \(preparedMarkup.sorted().joined(separator: ", ")) hold markup carereport prepared)", at)
            case .contentType(let type, let at):
                guard type != .html else { continue }
                return ("an HTML template cannot change its escaping (CONTENT_TYPE \(type == .text ? "TEXT" : "MARKDOWN") would write "
                    + "text from the export into HTML unescaped); remove the pragma", at)
            case .section(_, let body, _), .invertedSection(_, let body, _), .blockDefinition(_, let body), .blockExpansion(_, let body, _):
                if let found = firstUnescapedText(in: body) { return found }
            case .partial(_, _, _, let overrides, _):
                for (_, body) in (overrides ?? [:]).sorted(by: { $0.key < $1.key }) {
                    if let found = firstUnescapedText(in: body) { return found }
                }
            case .text:
                break
            }
        }
        return nil
    }

    /// The name as a template writes it: `.`, `.name` or `a.b`.
    private static func written(_ name: TemplateName) -> String {
        switch name.kind {
        case .current: "."
        case .anchored: "." + name.parts.joined(separator: ".")
        case .sequence, .climbing: name.parts.joined(separator: ".")
        }
    }
}
