import Foundation

/// Builds the home page and the list of weeks.
public struct IndexPageBuilder: Sendable {
    let context: ReportContext
    let links: SiteLinks
    let weekly: WeeklySummaryBuilder

    public init(context: ReportContext, links: SiteLinks, weekly: WeeklySummaryBuilder) {
        self.context = context
        self.links = links
        self.weekly = weekly
    }

    /// The weeks, newest first; a document's weeks have no "this week" and no "ahead: planned only"
    /// (its date is not today, and what it lists ahead of that date is the document's, not a plan).
    var weekYears: [WeekYear] {
        let documents = if case .documents = context.records.dataDate { true } else { false }
        return WeekList.years(
            links.weeks, current: documents ? nil : ISOWeek(containing: context.today), format: context.format, range: weekly.rangeText,
            link: links.week)
    }

    public func weeksIndex() -> WeeksIndexPage {
        WeeksIndexPage(page: PageChrome(title: context.words.t("Weekly summaries"), link: "weeks/index", section: "weeks", context: context), years: weekYears)
    }

    public func index() -> IndexPage {
        let week = ISOWeek(containing: context.today)
        let summary = weekly.build(week)
        let records = context.records
        var stats: [IndexPage.Stat] = []
        // The data ends inside this week (almost always): its counts are counts so far.
        let soFar = summary.dataEnds != nil
        let words = context.words
        let medications = weekly.medicationsActive(in: week)
        let slots = medications.flatMap { $0.slots(in: week) }
        if let fraction = Adherence(slots).fraction {
            stats.append(.init(value: context.format.percent(fraction), label: soFar ? words.t("doses on time this week so far") : words.t("doses on time this week")))
        }
        // Input with no tasks at all (clinical documents) has nothing to count done or overdue.
        if !records.tasks.isEmpty {
            stats.append(.init(value: "\(summary.tasksDone.count)", label: soFar ? words.t("tasks done this week so far") : words.t("tasks done this week")))
            stats.append(.init(value: "\(summary.tasksOverdue.count)", label: words.t("tasks overdue")))
        }
        let coming = records.healthRecords.compactMap { record -> (HealthRecord, Appointment)? in
            guard case .appointment(let appointment) = record.data, appointment.status == .scheduled,
                appointment.start.resolved(in: context.timeZone) >= context.dataUntil
            else { return nil }
            return (record, appointment)
        }
        .sorted { ($0.1.start.resolved(in: context.timeZone), $0.0.id) < ($1.1.start.resolved(in: context.timeZone), $1.0.id) }
        .prefix(5)
        .map { record, appointment in
            WeeklySummary.EventRow(
                title: record.title, when: context.format.dateTime(appointment.start),
                detail: appointment.provider + (appointment.location.map { ", \($0)" } ?? ""), badge: nil, link: nil, text: nil)
        }
        let soon = context.today.adding(days: 7)
        let dueSoon = records.tasks.filter { task in
            let due = context.day(task.dueDate)
            return (task.status == .pending || task.status == .inProgress) && due >= context.today && due <= soon
        }
        .sorted { ($0.dueDate.resolved(in: context.timeZone), $0.id) < ($1.dueDate.resolved(in: context.timeZone), $1.id) }
        .map { weekly.row($0, state: words.t("Open", context: "task state"), cssClass: "status-open") }
        let members = records.circle.members.filter { $0.status == .active }.map { member in
            IndexPage.Member(
                name: context.names.name(member.userId),
                roles: Set(member.roles).sorted().map { PageChrome.roleName($0, words) }.joined(separator: ", "),
                relationship: RelationshipNames.name(member.relationshipToRecipient, words))
        }
        let hasLabs = !LabCatalog(context).reports.isEmpty
        let hasMedications = records.healthRecords.contains { if case .medication = $0.data { true } else { false } }
        var page = IndexPage(
            page: PageChrome(title: records.circle.name, link: "index", section: "home", context: context),
            currentWeek: words.t("Week {number}: {range}", ["number": "\(week.week)", "range": weekly.rangeText(week)]),
            currentWeekLink: links.weeks.contains(week) ? links.week(week) : nil, attention: summary.attention, stats: stats,
            coming: Array(coming), dueSoon: dueSoon, years: weekYears, members: members, hasMedications: hasMedications,
            hasLabs: hasLabs)
        page.notShown = NotShownWording.lines(context)
        page.keyDocuments = KeyDocuments.views(context)
        page.goals = GoalBoard(context).views(context)
        if ISOWeek(containing: LocalDate(context.now, in: context.timeZone)) != week {
            if case .documents = context.records.dataDate {
                page.currentWeekLabel = words.t("The week of the documents")
            } else {
                page.currentWeekLabel = words.t("The export's week")
            }
        }
        if page.currentWeekLabel == "This week" { page.currentWeekLabel = words.t("This week") }
        return page
    }
}
