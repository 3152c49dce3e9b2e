/// Builds the workload page from a `WorkloadTally` of the viewer's records.
public struct WorkloadPageBuilder: Sendable {
    /// The page's path without extension.
    public static let link = "workload"
    /// Weeks on the page, and the shorter span of the share.
    public static let weekCount = 12
    public static let recentWeekCount = 4

    let context: ReportContext
    let links: SiteLinks

    public init(context: ReportContext, links: SiteLinks) {
        self.context = context
        self.links = links
    }

    public func build() -> WorkloadPage {
        let tally = WorkloadTally(context: context, weekCount: Self.weekCount)
        let names = context.names
        let people = tally.people
        let recent = Self.recentWeekCount, all = Self.weekCount
        let everyoneRecent = tally.everyone(lastWeeks: recent), everyoneAll = tally.everyone(lastWeeks: all)
        let finished = tally.finishedWeeks.count
        // A week off is judged on all that a person does only when the viewer sees the dose logs
        // (caregivers): judged on tasks alone, someone giving every dose would seem to do nothing.
        let showsWeeksOff = context.records.viewer.countsDosesOnWorkload
        let members = Dictionary(context.records.circle.members.map { ($0.userId, $0) }, uniquingKeysWith: { first, _ in first })
        let memberWeeks = Dictionary(uniqueKeysWithValues: people.map { ($0, tally.memberWeeks(members[$0], in: context)) })
        let shares = people.map { person in
            let r = tally.total(person, lastWeeks: recent), a = tally.total(person, lastWeeks: all)
            return WorkloadPage.ShareRow(
                name: names.name(person), done4: share(r.tasksDone, of: everyoneRecent.tasksDone),
                done12: share(a.tasksDone, of: everyoneAll.tasksDone), rides12: "\(a.rides)",
                doses4: share(r.doses, of: everyoneRecent.doses), doses12: share(a.doses, of: everyoneAll.doses),
                overdue: "\(tally.overdueNow[person] ?? 0)", weeksOff: weeksOffText(members[person], memberWeeks[person]!, tally: tally))
        }
        let worked = people.filter { tally.total($0, lastWeeks: all).didSomething && !(memberWeeks[$0]!.isEmpty) }
        let noWeekOff = worked.filter { tally.weeksOff($0, among: memberWeeks[$0]!).isEmpty }.map { person in
            let weeks = memberWeeks[person]!.count
            return weeks == finished
                ? names.name(person)
                : context.words.n(
                    "{name} (the {count} full week since joining)", "{name} (the {count} full weeks since joining)", count: weeks,
                    ["name": names.name(person)])
        }
        let weekPages = Set(links.weeks)
        let rows: (String) -> [WorkloadPage.WeekRow] = { person in
            tally.weeks.reversed().map { week in
                let counts = tally.counts(person, week)
                let underWay = tally.lastWeekUnfinished && week == tally.weeks.last
                let off = showsWeeksOff && memberWeeks[person]!.contains(week) && !counts.didSomething
                return WorkloadPage.WeekRow(
                    week: self.weekName(week), link: weekPages.contains(week) ? self.links.week(week) : nil,
                    weekOff: off, underWay: underWay, done: counts.tasksDone, rides: counts.rides,
                    overdue: counts.overdue, doses: counts.doses)
            }
        }
        let chart = self.chart(tally, people: people)
        let table = chart.table()
        let unassigned = tally.unassignedOverdueNow
        return WorkloadPage(
            page: PageChrome(title: context.words.t("Caregivers' workload"), link: Self.link, section: "workload", context: context),
            asOf: context.format.dateTime(.instant(context.dataUntil)),
            firstWeek: weekName(tally.weeks[0]), lastWeek: weekName(tally.weeks[tally.weeks.count - 1]),
            weekCount: tally.weeks.count, finishedWeekCount: finished, lastWeekUnderWay: tally.lastWeekUnfinished,
            countsDoses: tally.countsDoses, showsWeeksOff: showsWeeksOff, recipientName: names.recipientName, shares: shares, noWeekOff: noWeekOff,
            everyoneHadWeekOff: showsWeeksOff && !worked.isEmpty && noWeekOff.isEmpty, nobody: people.isEmpty,
            chart: people.isEmpty ? nil : chart.svgForEveryScreen(), chartTitle: table.caption, chartColumns: table.columns,
            chartRows: table.rows.map { WorkloadPage.ChartRow(week: $0.header, cells: $0.cells.map(\.text)) },
            people: people.enumerated().map { index, person in
                WorkloadPage.Person(name: names.name(person), anchor: "person-\(index + 1)", weeks: rows(person))
            },
            unassignedOverdue: unassigned, hasUnassignedOverdue: unassigned > 0,
            chartNumberColumns: Array(table.columns.dropFirst()))
    }

    /// "2 of 11"; for someone who joined during the weeks shown, of the full weeks since; for
    /// someone no longer an active member, not counted (the export does not say when they left).
    func weeksOffText(_ member: CircleMember?, _ weeks: [ISOWeek], tally: WorkloadTally) -> String {
        let words = context.words
        guard let member else { return words.t("not counted: not a member") }
        switch member.status {
        case .active: break
        case .pending: return words.t("not counted: not yet a member")
        case .inactive, .removed: return words.t("not counted: no longer a member")
        }
        guard !weeks.isEmpty else {
            return member.joinedAt.map { words.t("none yet: joined {day}", ["day": context.format.shortDay(context.day($0))]) }
                ?? words.t("none yet: joined lately")
        }
        return words.t("{part} of {whole}", ["part": "\(tally.weeksOff(member.userId, among: weeks).count)", "whole": "\(weeks.count)"])
    }

    /// "Week 16 (14–20 Apr)": the week's number as the weekly pages give it, and its days.
    func weekName(_ week: ISOWeek) -> String {
        context.words.t(
            "Week {number} ({monday}–{sunday})",
            ["number": "\(week.week)", "monday": context.format.shortDay(week.monday), "sunday": context.format.shortDay(week.sunday)])
    }

    /// "45% (9 of 20)", or "0 of 0" when nobody did any.
    func share(_ part: Int, of whole: Int) -> String {
        let words = context.words
        guard whole > 0 else { return words.t("{part} of {whole}", ["part": "0", "whole": "0"]) }
        return words.t(
            "{share} ({part} of {whole})", ["share": context.format.percent(Double(part) / Double(whole)), "part": "\(part)", "whole": "\(whole)"])
    }

    func chart(_ tally: WorkloadTally, people: [String]) -> StackedBarChart {
        let categories = tally.weeks.map { week in
            StackedBarChart.Category(
                name: weekName(week), lines: [context.words.t("W{number}", context: "week", ["number": "\(week.week)"]), context.format.shortDay(week.monday)])
        }
        let series = people.map { person in
            StackedBarChart.Series(name: context.names.name(person), values: tally.weeks.map { tally.counts(person, $0).tasksDone })
        }
        let total = series.reduce(0) { $0 + $1.values.reduce(0, +) }
        return StackedBarChart(
            title: context.words.t("Tasks done each week, by person"),
            description: context.words.n(
                "{count} task done in the {weeks} weeks from {first} to {last}; each bar is one week, stacked by who did them.",
                "{count} tasks done in the {weeks} weeks from {first} to {last}; each bar is one week, stacked by who did them.", count: total,
                ["weeks": "\(tally.weeks.count)", "first": weekName(tally.weeks[0]), "last": weekName(tally.weeks[tally.weeks.count - 1])]),
            id: "workload-chart", unit: context.words.t("tasks done"), categories: categories, series: series, categoryTitle: context.words.t("Week"),
            emptyMessage: context.words.t("No tasks done in these weeks."), totalTitle: context.words.t("Everyone"))
    }
}
