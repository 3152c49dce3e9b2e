/// The computed models of one view of a circle's site: the week summaries, the home and weeks pages,
/// the medication and lab pages. Made for one reader, and used as they are for every reader of the
/// circle who sees exactly the same (an equal ``ViewKey``): only the words that name the reader are
/// said again for each (``ChromedPage``). What is personal beyond that (the feed and calendar, whose
/// ids name the reader, the workload page and the visit summary) is made for each reader.
public final class SiteModels: Sendable {
    /// The reader they were made for (whose pages need nothing said again).
    let madeFor: Viewer
    let catalog: LabCatalog
    let links: SiteLinks
    let weekly: WeeklySummaryBuilder
    let index: IndexPageBuilder
    let medications: MedicationPageBuilder
    let labs: LabPageBuilder

    /// The models of `context`'s view, with `templates`' lab explanations.
    public init(context: ReportContext, templates: TemplateSet) {
        madeFor = context.records.viewer
        catalog = LabCatalog(context)
        links = SiteLinks(context: context, catalog: catalog)
        weekly = WeeklySummaryBuilder(context: context, links: links, catalog: catalog)
        index = IndexPageBuilder(context: context, links: links, weekly: weekly)
        medications = MedicationPageBuilder(context: context, links: links)
        labs = LabPageBuilder(context: context, links: links, catalog: catalog, explanations: Self.explanations(templates))
    }

    /// The lab explanations of `templates`, read once per run (every reader's site has them).
    static func explanations(_ templates: TemplateSet) -> LabExplanations {
        let text = templates.files[LabExplanations.file] ?? ""
        return explained.value(Array(text.utf8)) { LabExplanations(text) }
    }

    private static let explained = LockedMemo<[UInt8], LabExplanations>(limit: 4)

}

/// A page model with the chrome that names its reader.
protocol ChromedPage {
    var page: PageChrome { get set }
}

extension ChromedPage {
    /// This page as written for `context`'s reader.
    func personalised(for context: ReportContext) -> Self {
        var page = self
        page.page.personalise(for: context)
        return page
    }
}

extension IndexPage: ChromedPage {}
extension WeeksIndexPage: ChromedPage {}
extension WeeklySummary: ChromedPage {}
extension MedicationPage: ChromedPage {}
extension MedicationIndexPage: ChromedPage {}
extension LabIndexPage: ChromedPage {}
extension LabReportPage: ChromedPage {}
extension AnalytePage: ChromedPage {}
