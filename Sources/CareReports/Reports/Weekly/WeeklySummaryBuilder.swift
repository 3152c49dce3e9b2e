import Foundation

/// Builds the weekly care summary of one week from the viewer's visible records.
public struct WeeklySummaryBuilder: Sendable {
    let context: ReportContext
    let links: SiteLinks
    let catalog: LabCatalog
    let charts: ChartFactory
    let signs: EarlySigns
    let changeMarks: MedicationChangeMarks
    /// The records by week and the dose timelines, worked out once for every week's page.
    let index: WeeklyIndex
    /// The reader's goals and readings, read once: every week's measures show their goals.
    let goalJudge: GoalJudge
    /// Each week's summary, built once: the week's page and the feed's entry both read it.
    private let summaries = LockedMemo<ISOWeek, WeeklySummary>()
    /// False when no template shows the measurement charts (a digest's): they are not drawn.
    public var drawsCharts = true

    public init(context: ReportContext, links: SiteLinks, catalog: LabCatalog) {
        self.context = context
        self.links = links
        self.catalog = catalog
        self.charts = ChartFactory(context: context)
        let changeMarks = context.records.positions.map { $0.facts.changeMarks(for: context, positions: $0) }
            ?? MedicationChangeMarks(context: context)
        self.changeMarks = changeMarks
        self.signs = EarlySigns(context, changes: changeMarks)
        self.index = WeeklyIndex(context)
        self.goalJudge = GoalJudge(context)
    }

    /// The week a task belongs to: when it was done, else when it is due.
    public static func week(of task: CareTask, in context: ReportContext) -> ISOWeek {
        if task.status == .completed, let done = task.completionDetails?.completedAt {
            return ISOWeek(containing: context.day(done))
        }
        return ISOWeek(containing: context.day(task.dueDate))
    }

    public func build(_ week: ISOWeek) -> WeeklySummary {
        summaries.value(week) { summary(week) }
    }

    private func summary(_ week: ISOWeek) -> WeeklySummary {
        let link = links.week(week)
        let position = links.weeks.firstIndex(of: week)
        let previous = position.flatMap { $0 > 0 ? links.weeks[$0 - 1] : nil }
        let next = position.flatMap { $0 + 1 < links.weeks.count ? links.weeks[$0 + 1] : nil }
        // Lab reports belong to the week their results became known in, everything else to its date.
        let records = index.health(in: week)
        let tasks = taskSections(week)
        let medications = medicationRows(week)
        let measurements = measurementGroups(records, week: week)
        let symptoms = records.compactMap(symptomRow)
        let labs = records.compactMap(labRow)
        let (held, coming) = appointmentRows(week)
        let notes = records.compactMap(noteRow)
        let updates = updateRows(week)
        let attention = attentionItems(week, records: records, tasks: tasks)
        let quiet = attention.isEmpty && tasks.done.isEmpty && tasks.open.isEmpty && tasks.overdue.isEmpty
            && medications.isEmpty && measurements.isEmpty && symptoms.isEmpty && labs.isEmpty && held.isEmpty
            && coming.isEmpty && notes.isEmpty && updates.isEmpty
        var summary = WeeklySummary(
            page: PageChrome(title: context.words.t("Week {number}: {range}", ["number": "\(week.week)", "range": rangeText(week)]), link: link, section: "weeks", context: context),
            week: week.description, range: rangeText(week),
            previousLink: previous.map(links.week), nextLink: next.map(links.week), quiet: quiet,
            attention: attention, tasksDone: tasks.done, tasksOpen: tasks.open, tasksOverdue: tasks.overdue,
            tasksNextWeek: tasks.nextWeek, shares: tasks.shares, medications: medications, measurements: measurements,
            symptoms: symptoms, labs: labs, appointmentsHeld: held, appointmentsComing: coming, notes: notes, updates: updates)
        let words = context.words
        summary.previousLabel = words.t("Previous week")
        summary.nextLabel = words.t("Next week")
        if let previous, previous != week.previous {
            summary.previousLabel = words.t("Week {number}, {year}", ["number": "\(previous.week)", "year": "\(previous.year)"])
        }
        if let next, next != week.next { summary.nextLabel = words.t("Week {number}, {year}", ["number": "\(next.week)", "year": "\(next.year)"]) }
        summary.dataEnds = context.dataEnds(in: week)
        return summary
    }

    /// The date that files a record under a week: for a lab report, when its results became known
    /// (reported, else collected); for anything else, its date.
    static func weekDate(of record: HealthRecord) -> CareDate {
        if case .document(let document) = record.data, let report = document.labReport {
            return report.reportedAt ?? report.collectedAt ?? record.date
        }
        return record.date
    }

    /// `Mon 14 Apr – Sun 20 Apr 2025`.
    func rangeText(_ week: ISOWeek) -> String {
        let monday = week.monday
        let sunday = week.sunday
        let format = context.format
        return "\(format.weekday(1)) \(format.shortDay(monday)) – \(format.weekday(7)) \(format.shortDay(sunday)) \(sunday.year)"
    }

    private func updateRows(_ week: ISOWeek) -> [WeeklySummary.UpdateRow] {
        index.updates(in: week).map { update in
                WeeklySummary.UpdateRow(
                    author: context.names.name(update.authorId), when: context.format.dateTime(update.timestamp),
                    content: context.rich(update.content),
                    comments: update.comments.map { comment in
                        WeeklySummary.NoteRow(
                            author: context.names.name(comment.authorId), when: context.format.dateTime(comment.timestamp),
                            text: context.rich(comment.content))
                    },
                    attachments: AttachmentView.views(update.attachments, context))
            }
    }
}
