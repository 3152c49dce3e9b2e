/// The weeks that have records, newest first, grouped by year, with each stretch of weeks that have
/// none said in words where it falls: a lone week long before the others (a vaccination in October
/// 2024 when everything else starts in January) reads as what it is, not as a glitch.
public struct WeekYear: Sendable, Encodable {
    /// "2024"; nil when every week listed is in one year (no heading is needed then).
    public let heading: String?
    public let weeks: [WeekLink]
    /// The weeks without records between this year's oldest week listed and the previous year's
    /// newest, said below this year's list: it belongs to neither year's list.
    public var gapAfter: String? = nil
}

public struct WeekLink: Sendable, Encodable {
    public let label: String
    public let range: String
    public let link: String
    public let current: Bool
    /// A week after the one the data ends in: it holds only what was planned (appointments, tasks due).
    public let ahead: Bool
    /// The weeks with no records between this one and the next older one listed, when any:
    /// "No records in the 11 weeks from Mon 21 Oct 2024 to Sun 5 Jan 2025".
    public let gapBelow: String?
}

enum WeekList {
    /// `weeks` (oldest first) grouped by ISO year, newest first.
    static func years(_ weeks: [ISOWeek], current: ISOWeek?, format: DisplayFormat, range: (ISOWeek) -> String, link: (ISOWeek) -> String) -> [WeekYear] {
        let newestFirst = Array(weeks.reversed())
        var links: [(year: Int, link: WeekLink)] = []
        var crossing: [Int: String] = [:]
        for (index, week) in newestFirst.enumerated() {
            var older = index + 1 < newestFirst.count ? newestFirst[index + 1] : nil
            if let earlier = older, earlier.year != week.year {
                crossing[week.year] = gap(from: earlier, to: week, format: format)
                older = nil
            }
            links.append((week.year, WeekLink(
                label: format.words.t("Week {number}, {year}", ["number": "\(week.week)", "year": "\(week.year)"]), range: range(week), link: link(week), current: week == current, ahead: current.map { $0 < week } ?? false,
                gapBelow: older.flatMap { gap(from: $0, to: week, format: format) })))
        }
        let spansYears = Set(links.map(\.year)).count > 1
        var years: [WeekYear] = []
        for entry in links {
            if let last = years.last, last.heading == nil || last.heading == "\(entry.year)" {
                years[years.count - 1] = WeekYear(heading: last.heading, weeks: last.weeks + [entry.link])
            } else {
                years.append(WeekYear(heading: spansYears ? "\(entry.year)" : nil, weeks: [entry.link]))
            }
        }
        for index in years.indices {
            guard let heading = years[index].heading, let year = Int(heading) else { continue }
            years[index].gapAfter = crossing[year]
        }
        return years
    }

    /// The words for the weeks strictly between `older` and `newer`, nil when there are none.
    static func gap(from older: ISOWeek, to newer: ISOWeek, format: DisplayFormat) -> String? {
        let first = older.next.monday
        let last = newer.previous.sunday
        guard first < last else { return nil }
        let count = (last.daysSinceEpoch - first.daysSinceEpoch + 1) / 7
        return format.words.n(
            "No records in the week from {first} to {last}", "No records in the {count} weeks from {first} to {last}", count: count,
            ["first": format.day(first), "last": format.day(last)])
    }
}
