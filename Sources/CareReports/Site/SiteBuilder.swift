import Foundation

/// Builds the whole site for one viewer: every page of the site plan in the chosen formats, the visit
/// summary, the feed, the calendar and the style sheets. Pure: the same records, "now" and templates
/// give the same bytes, whether the pages are rendered on one core or many.
public struct SiteBuilder: Sendable {
    public enum Format: String, Sendable, CaseIterable {
        case html, md
    }

    public let context: ReportContext
    public internal(set) var renderer: PageRenderer
    public let templates: TemplateSet
    public let formats: Set<Format>
    public let parallel: ParallelRenderer
    /// When set, `build()` also leaves the feed and calendar models here (for a reader's site of
    /// several circles, whose own feed and calendar gather every circle's).
    public var feedsKept: KeptFeeds? = nil

    public init(
        context: ReportContext, templates: TemplateSet, formats: Set<Format> = Set(Format.allCases),
        parallel: ParallelRenderer = ParallelRenderer()
    ) throws(RenderError) {
        self.init(context: context, templates: templates, renderer: try LocalizedRenderers.renderer(for: templates, words: context.words), formats: formats, parallel: parallel)
    }

    /// With a renderer already made for `templates` (PageRenderer itself reuses the last one made
    /// from the same templates, so an `--all-members` run parses and checks them once).
    public init(
        context: ReportContext, templates: TemplateSet, renderer: PageRenderer, formats: Set<Format> = Set(Format.allCases),
        parallel: ParallelRenderer = ParallelRenderer()
    ) {
        self.context = context
        self.templates = templates
        self.renderer = renderer
        self.formats = formats
        self.parallel = parallel
    }

    public func build() throws(RenderError) -> SitePlan {
        try build(with: SiteModels(context: context, templates: templates))
    }

    /// The site from `models` (this reader's, or those of a reader who sees exactly the same): pages
    /// made from another reader's models are said for this one (``ChromedPage``).
    public func build(with models: SiteModels) throws(RenderError) -> SitePlan {
        let (links, weekly, index, medications, labs) = (models.links, models.weekly, models.index, models.medications, models.labs)
        let feeds = SiteFeeds(context: context, links: links, weekly: weekly)
        let context = self.context
        // Said again only for a reader the models were not made for (the same words otherwise).
        let personal = models.madeFor == context.records.viewer ? nil : context
        @Sendable func page(_ model: any ChromedPage & Encodable & Sendable, _ link: String, template: String) throws(RenderError) -> [SitePlan.File] {
            try self.page(personal.map { model.personalised(for: $0) } ?? model, link, template: template)
        }

        var jobs: [ParallelRenderer.Job] = [
            { () throws in try page(index.index(), "index", template: "index") },
            { () throws in try page(index.weeksIndex(), "weeks/index", template: "weeks") },
        ]
        // Sections that can hold nothing for the viewer's role are left out whole (HealthSections).
        if context.sections.medications {
            jobs.append { () throws in try page(medications.index(), "medications/index", template: "medications") }
        }
        if context.records.viewer.seesWorkload {
            let workload = WorkloadPageBuilder(context: context, links: links)
            jobs.append { () throws in try self.page(workload.build(), WorkloadPageBuilder.link, template: "workload") }
        }
        if context.sections.labs { jobs.append { () throws in try page(labs.index(), "labs/index", template: "labs") } }
        if context.sections.visit {
            jobs.append { [renderer, templates] () throws in
                // The inlined style sheet is put together inside the job, not serially before the jobs.
                let visit = VisitSummaryBuilder(context: context).build(styles: templates.visitStyles)
                return [SitePlan.File(path: "visit.html", bytes: try renderer.renderUTF8(visit, templates: ["html.visit"])[0])]
            }
        }
        for week in links.weeks {
            jobs.append { () throws in try page(weekly.build(week), links.week(week), template: "week") }
        }
        // Each medication page's model is made inside its job, on whichever core is free.
        let history = medications.doseHistory
        let compared = MedicationReconciliation(context)
        for (record, medication) in medications.medications {
            guard let link = links.medication(record.id) else { continue }
            jobs.append { () throws in
                try page(medications.page(record, medication, link: link, history: history, compared: compared), link, template: "medication")
            }
        }
        for (link, model) in labs.reportPages() {
            jobs.append { () throws in try page(model, link, template: "lab-report") }
        }
        for (link, model) in labs.analytePages() {
            jobs.append { () throws in try page(model, link, template: "analyte") }
        }
        // Last, so the week pages have built the summaries the feed's entries are made from.
        jobs.append { [feeds, feedsKept] () throws in
            let (feed, calendar) = (feeds.feed(), feeds.calendar())
            feedsKept?.keep(feed, calendar)
            return [SitePlan.File(path: "feed.xml", bytes: Array(feed.xml().utf8)), SitePlan.File(path: "calendar.ics", bytes: Array(calendar.text().utf8))]
        }
        var plan = SitePlan()
        do {
            for file in try parallel.run(jobs) { plan.add(file) }
        } catch let error as RenderError {
            throw error
        } catch {
            throw .templateMissing("\(error)")
        }
        for (path, text) in templates.assets.sorted(by: { $0.key < $1.key }) where path != "assets/visit.css" { plan.add(path, text) }
        for (path, bytes) in attachmentFiles() { plan.add(path, bytes: bytes) }
        return plan
    }

    /// The attachments of the viewer's records, tasks and updates that the pages link to as files
    /// in the site, by path (the same `AttachmentFiles` the pages asked, so links and files agree).
    func attachmentFiles() -> [(path: String, bytes: [UInt8])] {
        let records = context.records
        let all = records.healthRecords.flatMap(\.attachments) + records.tasks.flatMap(\.attachments)
            + records.updates.flatMap(\.attachments)
        var files: [String: [UInt8]] = [:]
        for attachment in all {
            if case .copied(let path, _, let bytes) = context.attachmentFiles.outcome(attachment) { files[path] = bytes }
        }
        return files.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }

    /// The visit page's style sheet, inlined so the page also works on its own.
    public var visitStyles: String { templates.visitStyles }

    private func page(_ model: any Encodable & Sendable, _ link: String, template: String) throws(RenderError) -> [SitePlan.File] {
        // The model is encoded once for both formats, and each page kept as the bytes it was written in.
        let chosen = Format.allCases.filter(formats.contains)
        let pages = try renderer.renderUTF8(model, templates: chosen.map { "\($0.rawValue).\(template)" })
        return zip(chosen, pages).map { format, bytes in SitePlan.File(path: "\(link).\(format.rawValue)", bytes: bytes) }
    }
}
