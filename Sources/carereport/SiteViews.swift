import CareReports

/// The site models of the views of the circle being written in an `--all-members` build
/// (``SiteModels``): a reader who sees exactly what an earlier reader of the circle saw gets those
/// models, each page said for them. Emptied when the run moves to the next circle.
final class SiteViews {
    let stats: ViewStats
    private var circle: String?
    private var built: [ViewKey: SiteModels] = [:]

    init(stats: ViewStats = ViewStats()) { self.stats = stats }

    /// The models for `context`'s reader: those of an equal view, else made now.
    func models(for context: ReportContext, templates: TemplateSet) -> SiteModels {
        if circle != context.records.circle.id {
            circle = context.records.circle.id
            built = [:]
        }
        guard ViewStats.sharing else {
            stats.count(shared: false)
            return SiteModels(context: context, templates: templates)
        }
        let key = ViewKey(context.records, language: context.words.language, display: context.display)
        if let found = built[key] {
            stats.count(shared: true)
            return found
        }
        let made = SiteModels(context: context, templates: templates)
        built[key] = made
        stats.count(shared: false)
        return made
    }
}
