import Foundation

extension WeeklySummaryBuilder {
    struct TaskSections {
        var done: [WeeklySummary.TaskRow] = []
        var open: [WeeklySummary.TaskRow] = []
        var overdue: [WeeklySummary.TaskRow] = []
        var nextWeek: [WeeklySummary.TaskRow] = []
        var shares: [WeeklySummary.Share] = []
        var unassignedOpen: [CareTask] = []
        var overdueTasks: [CareTask] = []
    }

    func taskSections(_ week: ISOWeek) -> TaskSections {
        var sections = TaskSections()
        let words = context.words
        let weekEnd = min(context.end(of: week), context.dataUntil)
        var doneBy: [String: Int] = [:]
        for entry in index.sortedTasks {
            let task = entry.task
            let due = entry.dueDay
            let ownWeek = entry.week
            let finished = task.status == .completed || task.status == .cancelled
            let overdue = !finished && entry.due < context.dataUntil
            if ownWeek == week {
                if task.status == .completed {
                    sections.done.append(row(task, state: words.t("Done", context: "task state"), cssClass: "status-done"))
                    if let by = task.completionDetails?.completedBy { doneBy[by, default: 0] += 1 }
                } else if overdue {
                    sections.overdue.append(row(task, state: words.t("Overdue", context: "task state"), cssClass: "status-overdue"))
                    sections.overdueTasks.append(task)
                } else if !finished, context.isAfterExport(entry.due), entry.due <= context.now {
                    sections.open.append(row(task, state: words.t("Due after the export", context: "task state"), cssClass: "status-open"))
                } else {
                    let state = task.status == .cancelled
                        ? words.t("Cancelled", context: "task state")
                        : task.status == .inProgress ? words.t("In progress", context: "task state") : words.t("Open", context: "task state")
                    sections.open.append(row(task, state: state, cssClass: task.status == .cancelled ? "status-skipped" : "status-open"))
                }
                if !finished, task.assignedTo == nil { sections.unassignedOpen.append(task) }
            } else if due < week.monday, week.monday <= context.today, Self.stillOpen(task, at: weekEnd, in: context) {
                // Overdue from an earlier week and not done by the end of this one (or by now).
                let state = task.status == .completed
                    ? words.t("Overdue that week, done later", context: "task state") : words.t("Overdue", context: "task state")
                sections.overdue.append(row(task, state: state, cssClass: "status-overdue"))
                sections.overdueTasks.append(task)
            }
            if !finished, week.next.contains(due) {
                sections.nextWeek.append(row(task, state: words.t("Due next week", context: "task state"), cssClass: "status-open"))
            }
        }
        sections.shares = doneBy.map { WeeklySummary.Share(name: context.names.name($0.key), done: $0.value) }
            .sorted { $0.done != $1.done ? $0.done > $1.done : $0.name < $1.name }
        return sections
    }

    /// True when the task was neither done nor cancelled at `moment`. A cancelled task carries no
    /// date of cancelling, so it counts as closed from the start.
    static func stillOpen(_ task: CareTask, at moment: Date, in context: ReportContext) -> Bool {
        switch task.status {
        case .cancelled: false
        case .completed: task.completionDetails.map { $0.completedAt.resolved(in: context.timeZone) >= moment } ?? false
        default: true
        }
    }

    func row(_ task: CareTask, state: String, cssClass: String) -> WeeklySummary.TaskRow {
        let words = context.words
        var who = task.assignedTo.map { context.names.name($0.userId) } ?? words.t("unassigned")
        if let done = task.completionDetails, task.status == .completed {
            who = words.t("done by {name}, {when}", ["name": context.names.name(done.completedBy), "when": context.format.dateTime(done.completedAt)])
        }
        return WeeklySummary.TaskRow(
            title: task.title, category: TaskWording.category(task.category, words), priority: task.priority.rawValue,
            priorityLabel: TaskWording.priority(task.priority, words),
            due: context.format.dateTime(task.dueDate), who: who, state: state, stateClass: cssClass,
            description: context.rich(task.description),
            notes: task.notes.map { note in
                WeeklySummary.NoteRow(
                    author: context.names.name(note.authorId), when: context.format.dateTime(note.createdAt), text: context.rich(note.content))
            },
            completionNote: task.status == .completed ? context.rich(task.completionDetails?.notes) : nil,
            attachments: AttachmentView.views(task.attachments, context))
    }
}

/// Words for task values.
public enum TaskWording {
    public static func category(_ category: TaskCategory, _ words: Localizer = .english) -> String {
        switch category {
        case .medical: words.t("medical", context: "task category")
        case .medication: words.t("medication", context: "task category")
        case .appointment: words.t("appointment", context: "task category")
        case .personalCare: words.t("personal care", context: "task category")
        case .household: words.t("household", context: "task category")
        case .meals: words.t("meals", context: "task category")
        case .transportation: words.t("transportation", context: "task category")
        case .errands: words.t("errands", context: "task category")
        case .social: words.t("social", context: "task category")
        case .financial: words.t("financial", context: "task category")
        case .other: words.t("other", context: "task category")
        }
    }

    /// `high priority` …
    public static func priority(_ priority: TaskPriority, _ words: Localizer = .english) -> String {
        switch priority {
        case .high: words.t("high priority")
        case .medium: words.t("medium priority")
        case .low: words.t("low priority")
        }
    }
}
