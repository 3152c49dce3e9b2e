import Foundation

/// What one person did, or let slip, in one week.
public struct WorkloadCounts: Sendable, Hashable {
    /// Tasks they completed (rides included).
    public var tasksDone = 0
    /// Of those, rides: completed tasks of the category `transportation` (driving to an appointment).
    public var rides = 0
    /// Tasks assigned to them, due that week before the data's time, still neither done nor cancelled.
    public var overdue = 0
    /// Dose-log entries they recorded.
    public var doses = 0

    public init(tasksDone: Int = 0, rides: Int = 0, overdue: Int = 0, doses: Int = 0) {
        self.tasksDone = tasksDone
        self.rides = rides
        self.overdue = overdue
        self.doses = doses
    }

    /// True when the person did something: a task done or a dose recorded (an overdue task is not work done).
    public var didSomething: Bool { tasksDone > 0 || doses > 0 }

    static func + (lhs: WorkloadCounts, rhs: WorkloadCounts) -> WorkloadCounts {
        WorkloadCounts(
            tasksDone: lhs.tasksDone + rhs.tasksDone, rides: lhs.rides + rhs.rides, overdue: lhs.overdue + rhs.overdue,
            doses: lhs.doses + rhs.doses)
    }
}

/// The counts behind the workload page, per person and per ISO week, made only from the viewer's
/// records: tasks as the policy shows them (T1–T4) and dose logs only when the viewer sees health
/// records. Nothing after the data's time (`ReportContext.dataUntil`) is counted, so nothing due
/// after the export is overdue.
public struct WorkloadTally: Sendable {
    /// The weeks counted, oldest first; the last holds the data's time.
    public let weeks: [ISOWeek]
    /// Per user id, per week.
    public let counts: [String: [ISOWeek: WorkloadCounts]]
    /// Overdue tasks assigned to nobody, per week.
    public let unassignedOverdue: [ISOWeek: Int]
    /// Tasks overdue at the data's time per assignee, whenever they fell due (before the weeks
    /// shown too: the oldest overdue work is the last that should drop out of sight).
    public let overdueNow: [String: Int]
    /// Of those, the ones assigned to nobody.
    public let unassignedOverdueNow: Int
    /// True when dose logs were counted (see `Viewer.countsDosesOnWorkload`) and the viewer sees a medication record.
    public let countsDoses: Bool
    /// True when the last week is still under way at the data's time (so it cannot be a week off).
    public let lastWeekUnfinished: Bool

    /// Counts the `weekCount` weeks up to the one holding the data's time.
    public init(context: ReportContext, weekCount: Int = 12) {
        let last = ISOWeek(containing: context.today)
        var weeks = [last]
        while weeks.count < max(1, weekCount) { weeks.insert(weeks[0].previous, at: 0) }
        self.weeks = weeks
        let window = Set(weeks)
        let zone = context.timeZone
        let until = context.dataUntil
        let recipient = context.records.circle.careRecipient.userId
        var counts: [String: [ISOWeek: WorkloadCounts]] = [:]
        var unassigned: [ISOWeek: Int] = [:]
        var overdueNow: [String: Int] = [:]
        var unassignedNow = 0
        func add(_ userId: String, _ week: ISOWeek, _ change: (inout WorkloadCounts) -> Void) {
            guard window.contains(week), userId != recipient else { return }
            change(&counts[userId, default: [:]][week, default: WorkloadCounts()])
        }

        for task in context.records.tasks {
            switch task.status {
            case .completed:
                guard let person = task.completionDetails?.completedBy ?? task.assignedTo?.userId else { continue }
                let moment = task.completionDetails?.completedAt ?? task.dueDate
                guard moment.resolved(in: zone) <= until else { continue }
                add(person, WeeklySummaryBuilder.week(of: task, in: context)) { counts in
                    counts.tasksDone += 1
                    if task.category == .transportation { counts.rides += 1 }
                }
            case .pending, .inProgress:
                guard task.dueDate.resolved(in: zone) < until else { continue }
                let week = ISOWeek(containing: context.day(task.dueDate))
                if let person = task.assignedTo?.userId {
                    if person != recipient { overdueNow[person, default: 0] += 1 }
                    add(person, week) { $0.overdue += 1 }
                } else {
                    unassignedNow += 1
                    if window.contains(week) { unassigned[week, default: 0] += 1 }
                }
            case .cancelled:
                continue
            }
        }

        var countsDoses = false
        if context.records.viewer.countsDosesOnWorkload {
            for record in context.records.healthRecords {
                guard case .medication(let medication) = record.data else { continue }
                countsDoses = true
                for entry in medication.administrations {
                    guard let person = entry.recordedBy, let moment = entry.takenAt ?? entry.scheduledAt,
                        moment.resolved(in: zone) <= until
                    else { continue }
                    add(person, ISOWeek(containing: context.day(moment))) { $0.doses += 1 }
                }
            }
        }
        self.counts = counts
        self.unassignedOverdue = unassigned
        self.overdueNow = overdueNow
        self.unassignedOverdueNow = unassignedNow
        self.countsDoses = countsDoses
        self.lastWeekUnfinished = until < context.end(of: last)
    }

    /// One person's counts in one week (zero when nothing).
    public func counts(_ userId: String, _ week: ISOWeek) -> WorkloadCounts { counts[userId]?[week] ?? WorkloadCounts() }

    /// One person's counts summed over the last `weekCount` weeks.
    public func total(_ userId: String, lastWeeks weekCount: Int) -> WorkloadCounts {
        weeks.suffix(weekCount).reduce(WorkloadCounts()) { $0 + counts(userId, $1) }
    }

    /// Everyone's counts summed over the last `weekCount` weeks.
    public func everyone(lastWeeks weekCount: Int) -> WorkloadCounts {
        counts.keys.reduce(WorkloadCounts()) { $0 + total($1, lastWeeks: weekCount) }
    }

    /// The weeks that can be a week off: finished weeks only.
    public var finishedWeeks: [ISOWeek] { lastWeekUnfinished ? Array(weeks.dropLast()) : weeks }

    /// The finished weeks in which the person did nothing this page counts, among `weeks` (those
    /// they were in the circle for: see ``memberWeeks(_:in:)``).
    public func weeksOff(_ userId: String, among weeks: [ISOWeek]) -> [ISOWeek] { weeks.filter { !counts(userId, $0).didSomething } }

    /// The finished weeks a person was an active member of the circle for, whole: none for someone
    /// no longer (or not yet) active, since the export does not say when they left; from the first
    /// Monday on or after `joinedAt` otherwise. A week before someone joined is not a week off.
    public func memberWeeks(_ member: CircleMember?, in context: ReportContext) -> [ISOWeek] {
        guard let member, member.status == .active else { return [] }
        guard let joined = member.joinedAt else { return finishedWeeks }
        let day = context.day(joined)
        return finishedWeeks.filter { $0.monday >= day }
    }

    /// Everyone counted, most tasks done over all weeks first, then by user id (callers sort by name).
    public var people: [String] {
        Set(counts.keys).union(overdueNow.keys).sorted { lhs, rhs in
            let l = total(lhs, lastWeeks: weeks.count), r = total(rhs, lastWeeks: weeks.count)
            return (l.tasksDone, l.doses) != (r.tasksDone, r.doses) ? (l.tasksDone, l.doses) > (r.tasksDone, r.doses) : lhs < rhs
        }
    }
}
