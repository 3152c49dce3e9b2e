import Foundation

/// The viewer page written into the share folder: it reads the key from the link's fragment,
/// fetches the encrypted record, decrypts it in the browser (WebCrypto) and shows it. One page per
/// language (`record-en.html`, `record-es.html`), all with the one script, `record.js`.
public struct ShareViewerPage: Sendable, Encodable {
    public static let scriptName = "record.js"
    /// The template (`templates/share/viewer.mustache`), the script and the style sheet.
    public static let template = "share.viewer"
    public static let scriptFile = "share/viewer.js"
    public static let styleFile = "share/viewer.css"

    /// The page's file name for a language (`record-en.html`).
    public static func pageName(language: String) -> String { "record-\(language).html" }

    /// The viewer's style sheet with the design tokens' values written in (no style from elsewhere).
    public let styles: String
    public let script: String

    public init(templates: TemplateSet) {
        let tokens = templates.files["assets/tokens.css"]
        styles = DesignTokens(css: tokens).resolve(templates.files[Self.styleFile] ?? "")
        script = Self.scriptName
    }
}

extension VisitSummary {
    /// The QR code of a shared record and the words printed beside it.
    public struct SharedLink: Sendable, Encodable {
        /// The `<svg>` of the QR code.
        public let qr: String
        /// The payload's label: whose record, as of when.
        public let label: String
        /// Where the record is published, without the key: `care.example.org/record`.
        public let address: String
        /// The box's style sheet (`templates/share/visit-qr.css`, tokens written in), added to the page's.
        public let styles: String

        public init(qr: String, label: String, address: String, templates: TemplateSet) {
            self.qr = qr
            self.label = label
            self.address = address
            styles = DesignTokens(css: templates.files["assets/tokens.css"]).resolve(templates.files["share/visit-qr.css"] ?? "")
        }
    }
}
