/// What every page shows around its content: titles, the way home, who it was written for and when.
public struct PageChrome: Sendable, Encodable {
    public struct NavItem: Sendable, Encodable {
        public let label: String
        public let link: String
        public let current: Bool
        /// True for pages written in HTML only (the visit summary), so Markdown pages link the HTML.
        public let htmlOnly: Bool
    }

    public let title: String
    public let circleName: String
    public let recipientName: String
    /// The relative path back to the site's root: "", "../" or "../../".
    public let root: String
    public let nav: [NavItem]
    public private(set) var writtenFor: String
    public let writtenOn: String
    /// When the export was taken ("Fri 18 Apr 2025, 22:00"), or words saying the export does not tell.
    public let dataAsOf: String
    /// Set when "now" is days past the export: what that means for the page.
    public let staleNote: String?
    /// Whether the input was clinical documents alone (a patient portal's), not a care app's export:
    /// the footer then names documents, not the family's care records.
    public let fromDocuments: Bool
    /// For a site of clinical documents, the footer naming them: "Written for … from the clinical
    /// document “Patient Summary” (Sun 22 Sep 2024). …"; nil when the viewer sees none of them.
    public private(set) var documentsFooter: String?
    /// The visit summary's footer naming them, likewise.
    public private(set) var visitDocumentsFooter: String?
    /// True when the viewer's site has the visit summary (see `HealthSections`).
    public let showsVisit: Bool
    /// The relative path to the shared style sheets: `root`, or, in one circle's part of a reader's
    /// site of several circles, the reader's site root.
    public let assetRoot: String
    /// In a reader's site of several circles, the link (without extension) back to the reader's
    /// home with every circle; nil in a site of one circle.
    public let readerHome: String?
    /// The `class` of `<html>` for the reader's type size and theme (`theme-dark text-large`), nil for none.
    public let htmlClass: String?

    /// The chrome of the page at `link` (a path without extension), in section `section`.
    public init(title: String, link: String, section: String, context: ReportContext) {
        let records = context.records
        self.title = title
        self.circleName = records.circle.name
        self.recipientName = context.names.recipientName
        let root = String(repeating: "../", count: link.split(separator: "/").count - 1)
        self.root = root
        self.assetRoot = root + (context.readerRoot ?? "")
        self.readerHome = context.readerRoot.map { root + $0 + "index" }
        let words = context.words
        let items: [(String, String, String)] = [
            (words.t("Home"), "index", "home"), (words.t("Weeks"), "weeks/index", "weeks"), (words.t("Workload"), "workload", "workload"),
            (words.t("Medications"), "medications/index", "medications"), (words.t("Labs"), "labs/index", "labs"),
            (words.t("Visit summary"), "visit", "visit"),
        ]
        let sections = context.sections
        let shown = items.filter { item in
            switch item.2 {
            case "medications": sections.medications
            case "labs": sections.labs
            case "visit": sections.visit
            case "workload": records.viewer.seesWorkload
            default: true
            }
        }
        self.nav = shown.map { NavItem(label: $0.0, link: $0.1, current: $0.2 == section, htmlOnly: $0.2 == "visit") }
        self.showsVisit = sections.visit
        self.writtenOn = context.format.dateTime(.instant(context.now))
        self.dataAsOf = context.dataAsOf ?? words.t("an unknown time (the export does not say when it was taken)")
        self.staleNote = context.staleNote
        if case .documents = records.dataDate { self.fromDocuments = true } else { self.fromDocuments = false }
        self.htmlClass = context.display.htmlClass.isEmpty ? nil : context.display.htmlClass
        (writtenFor, documentsFooter, visitDocumentsFooter) = ("", nil, nil)
        personalise(for: context)
    }

    /// Says who the page is written for: the reader of `context` (the parts of the chrome that name
    /// the reader). A page computed once for several readers who see the same records (`ViewKey`)
    /// gets each reader's own with this.
    public mutating func personalise(for context: ReportContext) {
        let records = context.records
        let words = context.words
        let viewer = records.viewer
        let roles = PageChrome.list(viewer.roles.sorted().map { PageChrome.roleName($0, words) }, words)
        if let userId = viewer.userId {
            self.writtenFor = words.t("{name} ({roles})", ["name": context.names.name(userId), "roles": roles])
        } else {
            self.writtenFor = words.t("any {roles} of the circle", ["roles": roles])
        }
        let documents = fromDocuments ? PageChrome.documentList(records.sourceDocuments, context.format) : nil
        let (writtenFor, writtenOn) = (self.writtenFor, self.writtenOn)
        self.documentsFooter = documents.map { list in
            words.n(
                "Written for {writtenFor} on {writtenOn} by carereport from the clinical document {documents}. It holds only what this reader may see.",
                "Written for {writtenFor} on {writtenOn} by carereport from the clinical documents {documents}. It holds only what this reader may see.",
                count: records.sourceDocuments.count, ["writtenFor": writtenFor, "writtenOn": writtenOn, "documents": list])
        }
        self.visitDocumentsFooter = documents.map { list in
            words.n(
                "Written by carereport from the clinical document {documents}; it holds only what {writtenFor} may see. Flags use words and symbols (▲ high, ▼ low), never colour alone.",
                "Written by carereport from the clinical documents {documents}; it holds only what {writtenFor} may see. Flags use words and symbols (▲ high, ▼ low), never colour alone.",
                count: records.sourceDocuments.count, ["writtenFor": writtenFor, "documents": list])
        }
    }

    /// A role's name in the reader's language (`caregiver`, `cuidador principal`…).
    static func roleName(_ role: Role, _ words: Localizer = .english) -> String {
        switch role {
        case .careRecipient: words.t("care recipient")
        case .caregiver: words.t("caregiver")
        case .organizer: words.t("organizer")
        case .supporter: words.t("supporter")
        }
    }

    /// `a`, `a and b`, `a, b and c` in the reader's language.
    /// "“Patient Summary” (Sun 22 Sep 2024) and “ccd.xml” (undated)": each document by its title
    /// (else file name) and the date it speaks for, at the precision it gives; nil for none.
    static func documentList(_ documents: [SourceDocument], _ format: DisplayFormat) -> String? {
        guard !documents.isEmpty else { return nil }
        let words = format.words
        return list(documents.map { document in
            guard let date = document.date else { return words.t("“{document}” (undated)", ["document": document.name]) }
            return words.t("“{document}” ({date})", ["document": document.name, "date": format.date(date)])
        }, words)
    }

    static func list(_ items: [String], _ words: Localizer) -> String {
        guard items.count > 1 else { return items.first ?? "" }
        return words.t("{first} and {last}", ["first": items.dropLast().joined(separator: ", "), "last": items.last!])
    }
}
