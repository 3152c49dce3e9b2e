import Foundation

/// Writes one reader's site of several circles, circle by circle: each circle's pages (the site a
/// reader of that circle alone would get, filtered under the reader's role in that circle) under
/// `c/SLUG/` (``CirclePath``), then the reader's home (``ReaderHomePage``), a calendar and a feed of
/// every circle, and the style sheets once, at the root. Only one circle's records and pages are held
/// at a time: of the circles before, only their ``CircleOverview`` and feed entries are kept, and
/// their calendar events go straight to the staging folder. Nothing is in place until `finish`.
public final class ReaderSiteBuilder {
    private let site: StagedSite
    private let templates: TemplateSet
    private let renderer: PageRenderer
    private let formats: Set<SiteBuilder.Format>
    private let parallel: ParallelRenderer
    private let keepsItems: Bool
    private var overviews: [CircleOverview] = []
    private var entries: [AtomEntry] = []
    /// "Now", the export's time and zone, from the first circle (the same in every circle).
    private var first: (moment: ReaderHomePage.Moment, now: Date, timeZone: TimeZone)?
    private var calendarStarted = false

    /// Starts the site at `output` for a reader in `circleCount` circles (from
    /// ``ReaderHomePage/caseloadThreshold`` on, the home is a caseload and keeps counts only).
    public init(
        output: String, templates: TemplateSet, renderer: PageRenderer, formats: Set<SiteBuilder.Format>, parallel: ParallelRenderer,
        circleCount: Int
    ) throws(WriteError) {
        self.site = try StagedSite(output: output)
        self.templates = templates
        self.renderer = renderer
        self.formats = formats
        self.parallel = parallel
        self.keepsItems = circleCount < ReaderHomePage.caseloadThreshold
    }

    /// Renders and writes one circle's pages; `context` holds the reader's visible records of that circle only.
    public func add(_ circleContext: ReportContext) throws {
        var context = circleContext
        context.readerRoot = CirclePath.backToRoot
        let folder = CirclePath.folder(context.records.circle.id)
        var builder = SiteBuilder(context: context, templates: templates, renderer: renderer, formats: formats, parallel: parallel)
        let kept = KeptFeeds()
        builder.feedsKept = kept
        let plan: SitePlan
        do {
            plan = try builder.build()
        } catch {
            site.abandon()
            throw error
        }
        try site.add(plan, under: folder + "/", skipping: { $0.hasPrefix("assets/") })
        let overview = CircleOverview(context: context, folder: folder, keepsItems: keepsItems)
        overviews.append(overview)
        if first == nil { first = (ReaderHomePage.Moment(context), context.now, context.timeZone) }
        if let (feed, calendar) = kept.feeds {
            for var entry in feed.entries {
                entry.title = "\(overview.recipientName): \(entry.title)"
                entry.alternateHref = folder + "/" + entry.alternateHref
                entries.append(entry)
            }
            var events = calendar
            events.events = calendar.events.map { event in
                var event = event
                event.summary = "\(overview.recipientName): \(event.summary)"
                return event
            }
            if !calendarStarted {
                var head = events
                head.name = context.words.t("Your care circles")
                try site.append(head.head(), to: "calendar.ics")
                calendarStarted = true
            }
            try site.append(events.eventsText(), to: "calendar.ics")
        }
    }

    /// Writes the home page, the feed, the end of the calendar and the style sheets, and puts the
    /// site in place whole. `readerName` is the reader's name as the circles' member lists give it.
    public func finish(readerName: String, readerKey: String) throws {
        guard let first else {
            site.abandon()
            throw WriteError.cannotWrite("", "no circle was written")
        }
        let home = ReaderHomePage(readerName: readerName, circles: overviews, moment: first.moment)
        var plan = SitePlan()
        do {
            let chosen = SiteBuilder.Format.allCases.filter(formats.contains)
            let pages = try renderer.renderUTF8(home, templates: chosen.map { "\($0.rawValue).reader-home" })
            for (format, bytes) in zip(chosen, pages) { plan.add("index.\(format.rawValue)", bytes: bytes) }
        } catch {
            site.abandon()
            throw error
        }
        let feed = AtomFeed(
            id: "urn:carereport:reader:\(readerKey)", title: first.moment.words.t("Weekly summaries of every circle"),
            subtitle: first.moment.words.t("Written for {name}", ["name": readerName]),
            updated: first.now, timeZone: first.timeZone, authorName: "carereport", entries: entries)
        plan.add("feed.xml", feed.xml())
        for (path, text) in templates.assets.sorted(by: { $0.key < $1.key }) where path != "assets/visit.css" { plan.add(path, text) }
        try site.add(plan)
        try site.append(ICalendar.foot, to: "calendar.ics")
        try site.commit()
    }
}
