import Foundation

/// Builds the whole site for one viewer: every page of the site plan in the chosen formats, and the
/// style sheets. Pure: the same records, "now" and templates give the same bytes.
public struct SiteBuilder: Sendable {
    public enum Format: String, Sendable, CaseIterable {
        case html, md
    }

    public let context: ReportContext
    public let renderer: PageRenderer
    public let templates: TemplateSet
    public let formats: Set<Format>

    public init(context: ReportContext, templates: TemplateSet, formats: Set<Format> = Set(Format.allCases)) throws(RenderError) {
        self.context = context
        self.templates = templates
        self.renderer = try PageRenderer(templates: templates)
        self.formats = formats
    }

    public func build() throws(RenderError) -> SitePlan {
        let catalog = LabCatalog(context)
        let links = SiteLinks(context: context, catalog: catalog)
        let weekly = WeeklySummaryBuilder(context: context, links: links, catalog: catalog)
        let index = IndexPageBuilder(context: context, links: links, weekly: weekly)
        let medications = MedicationPageBuilder(context: context, links: links)
        let labs = LabPageBuilder(context: context, links: links, catalog: catalog)

        var plan = SitePlan()
        try page(index.index(), "index", template: "index", into: &plan)
        try page(index.weeksIndex(), "weeks/index", template: "weeks", into: &plan)
        for week in links.weeks { try page(weekly.build(week), links.week(week), template: "week", into: &plan) }
        try page(medications.index(), "medications/index", template: "medications", into: &plan)
        for (link, model) in medications.pages() { try page(model, link, template: "medication", into: &plan) }
        try page(labs.index(), "labs/index", template: "labs", into: &plan)
        for (link, model) in labs.reportPages() { try page(model, link, template: "lab-report", into: &plan) }
        for (link, model) in labs.analytePages() { try page(model, link, template: "analyte", into: &plan) }
        let feeds = SiteFeeds(context: context, links: links, weekly: weekly)
        plan.add("feed.xml", feeds.feed().xml())
        plan.add("calendar.ics", feeds.calendar().text())
        let visit = VisitSummaryBuilder(context: context).build(styles: visitStyles)
        plan.add("visit.html", try renderer.render(visit, template: "html.visit"))
        for (path, text) in templates.assets.sorted(by: { $0.key < $1.key }) where path != "assets/visit.css" { plan.add(path, text) }
        return plan
    }

    /// The visit page's style sheet, inlined so the page also works on its own.
    public var visitStyles: String { templates.files["assets/visit.css"] ?? "" }

    private func page(_ model: Any, _ link: String, template: String, into plan: inout SitePlan) throws(RenderError) {
        for format in Format.allCases where formats.contains(format) {
            plan.add("\(link).\(format.rawValue)", try renderer.render(model, template: "\(format.rawValue).\(template)"))
        }
    }
}
