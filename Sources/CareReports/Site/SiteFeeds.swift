import Foundation

/// Maps the viewer's visible records onto the Atom feed (one entry per weekly summary) and the
/// iCalendar file (appointments and task due dates, recurrence kept as RRULE).
public struct SiteFeeds: Sendable {
    let context: ReportContext
    let links: SiteLinks
    let weekly: WeeklySummaryBuilder

    public init(context: ReportContext, links: SiteLinks, weekly: WeeklySummaryBuilder) {
        self.context = context
        self.links = links
        self.weekly = weekly
    }

    /// A stable name for the viewer, made opaque before it is written: the user id, or the generic role.
    var viewerKey: String {
        let viewer = context.records.viewer
        return viewer.userId ?? "role-" + viewer.roles.sorted().map(\.rawValue).joined(separator: "-")
    }

    /// The feed's id: opaque, naming neither the circle nor the reader (privacy policy rule 6).
    var feedId: String { "urn:carereport:feed:\(OpaqueId.make("feed", viewerKey, circle: context.records.circle.id))" }

    public func feed() -> AtomFeed {
        let circle = context.records.circle
        let entries = links.weeks.reversed().map { week -> AtomEntry in
            let summary = weekly.build(week)
            let end = min(context.end(of: week), context.dataUntil)
            var parts: [String] = []
            let words = context.words
            if summary.quiet { parts.append(words.t("Nothing to report.")) }
            if !summary.attention.isEmpty { parts.append(words.n("{count} needs attention.", "{count} need attention.", count: summary.attention.count)) }
            if !summary.tasksDone.isEmpty { parts.append(words.n("{count} task done.", "{count} tasks done.", count: summary.tasksDone.count)) }
            if !summary.tasksOverdue.isEmpty { parts.append(words.n("{count} task overdue.", "{count} tasks overdue.", count: summary.tasksOverdue.count)) }
            let content = summary.attention.isEmpty ? nil : "<ul>" + summary.attention.map { item in
                "<li>\(FeedText.xmlEscaped(item.symbol)) <strong>\(FeedText.xmlEscaped(item.kind)):</strong> \(FeedText.xmlEscaped(item.text))</li>"
            }.joined() + "</ul>"
            return AtomEntry(
                id: "\(feedId):\(week)", title: summary.page.title,
                updated: max(end, week.monday.midnight(in: context.timeZone)), published: week.monday.midnight(in: context.timeZone),
                alternateHref: "\(links.week(week)).html", summary: parts.joined(separator: " "), contentHTML: content)
        }
        return AtomFeed(
            id: feedId, title: context.words.t("{circle}: weekly summaries", ["circle": circle.name]),
            subtitle: context.words.t("Care summaries about {name}", ["name": context.names.recipientName]),
            updated: context.now, timeZone: context.timeZone, authorName: "carereport", entries: entries)
    }

    public func calendar() -> ICalendar {
        let circle = context.records.circle
        var events: [ICalendarEvent] = []
        for record in weekly.index.sortedHealth {
            guard case .appointment(let appointment) = record.data else { continue }
            let status: ICalendarEventStatus = appointment.status == .cancelled ? .cancelled : .confirmed
            var description = appointment.provider + (appointment.specialty.map { " (\($0))" } ?? "")
            if let purpose = appointment.purpose { description += "\n\(purpose)" }
            events.append(ICalendarEvent(
                uid: "\(OpaqueId.make("record", record.id, circle: circle.id))@carereport", dtstamp: context.now, summary: record.title,
                description: description, location: appointment.location, timing: timing(appointment.start, end: appointment.end),
                status: status, categories: ["appointment"]))
        }
        for task in weekly.index.sortedTasks.map(\.task) {
            let description = [
                context.words.t(
                    "Task: {category}, {priority}",
                    ["category": TaskWording.category(task.category, context.words), "priority": TaskWording.priority(task.priority, context.words)]),
                task.assignedTo.map { context.words.t("Assigned to {name}", ["name": context.names.name($0.userId)]) } ?? context.words.t("Nobody assigned"),
                task.description.map(context.text.renderer.plainText),
            ].compactMap { $0 }.joined(separator: "\n")
            events.append(ICalendarEvent(
                uid: "\(OpaqueId.make("task", task.id, circle: circle.id))@carereport", dtstamp: context.now, summary: task.title, description: description,
                timing: timing(task.dueDate, end: nil), recurrence: task.recurrence.map(recurrence),
                status: task.status == .cancelled ? .cancelled : .confirmed, categories: ["task", task.category.rawValue]))
        }
        return ICalendar(productID: "-//carereport//carereport//EN", name: circle.name, timeZone: context.timeZone, events: events)
    }

    private func timing(_ start: CareDate, end: CareDate?) -> ICalendarEventTiming {
        switch start {
        case .day(let day), .unknown(let day): .allDay(start: day, end: nil)
        case .partial(let partial): .allDay(start: partial.firstDay, end: nil)
        case .instant(let instant), .stated(let instant, _): .timed(start: instant, end: end?.resolved(in: context.timeZone))
        }
    }

    private func recurrence(_ rule: Recurrence) -> ICalendarRecurrence {
        let frequency: ICalendarRecurrence.Frequency =
            switch rule.frequency {
            case .daily: .daily
            case .weekly: .weekly
            case .monthly: .monthly
            }
        var end = ICalendarRecurrence.End.never
        switch rule.until {
        case .day(let day)?: end = .untilDate(day)
        case .instant(let instant)?, .stated(let instant, _)?: end = .untilDateTime(instant)
        case .partial(let partial)?: end = .untilDate(partial.firstDay)
        case .unknown?, nil: break
        }
        return ICalendarRecurrence(
            frequency: frequency, interval: rule.interval, byDay: rule.daysOfWeek.compactMap(ICalendarWeekday.init(isoWeekday:)), end: end)
    }
}
