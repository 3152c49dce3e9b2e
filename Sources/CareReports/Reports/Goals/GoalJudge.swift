import Foundation

/// Judges a goal by the rules of docs/goals.md, on the reader's records only: a reading, result,
/// task or dose the reader may not see is not in `records` and never counts. Nil when the goal is
/// not measurable, or when the reader sees nothing it is measured on (then no judgement is shown).
struct GoalJudge: Sendable {
    static let windowDays = 14
    /// Home blood pressure (ESH 2021, AHA/AMA 2020): at least 12 readings on at least 6 days.
    static let bloodPressureReadings = 12
    static let bloodPressureDays = 6
    /// CGM (Battelino 2019): worn on at least 70 % of the 14 days, and 70 % of readings in range.
    static let cgmDays = 10
    static let inRangeShare = 0.70
    /// Fingerstick glucose and other readings (carereport's own rule, docs/goals.md): readings on at least 7 days.
    static let fingerstickDays = 7
    static let otherReadings = 3
    static let activityWeeks = 4

    let records: [HealthRecord]
    let tasks: [CareTask]
    let timeZone: TimeZone
    /// The readings of each kind, in record order, read once: a week page judges its goals for
    /// every week from the same judge.
    private let readingsByKind: [Measurement.Kind: [Reading]]
    /// The goal records, in record order.
    let goals: [(record: HealthRecord, observation: Observation)]

    /// `measuring` adds goals to judge beyond the goal records among `records` (their readings are read too).
    init(records: [HealthRecord], tasks: [CareTask], timeZone: TimeZone, measuring extra: [CareGoal] = []) {
        self.records = records
        self.tasks = tasks
        self.timeZone = timeZone
        var goals: [(HealthRecord, Observation)] = []
        var kinds: Set<Measurement.Kind> = []
        for record in records {
            guard case .observation(let observation) = record.data, observation.kind == .goal else { continue }
            goals.append((record, observation))
        }
        for goal in goals.compactMap(\.1.goal) + extra {
            for target in goal.targets { if case .reading(let kind) = target.measure { kinds.insert(kind) } }
        }
        // Only the kinds a goal is measured on are read (none for a reader who sees no goal).
        var byKind: [Measurement.Kind: [Reading]] = [:]
        if !kinds.isEmpty {
            for record in records {
                guard case .measurement(let m) = record.data, kinds.contains(m.kind), let reading = Self.reading(record, m, in: timeZone) else { continue }
                byKind[m.kind, default: []].append(reading)
            }
        }
        // In day order (record order within a day): a window is found by halving.
        readingsByKind = byKind.mapValues { readings in
            readings.enumerated().sorted { ($0.element.day, $0.offset) < ($1.element.day, $1.offset) }.map(\.element)
        }
        self.goals = goals
    }

    init(_ context: ReportContext) {
        self.init(records: context.records.healthRecords, tasks: context.records.tasks, timeZone: context.timeZone)
    }

    /// The goal as it stands on `asOf` (the last day of the window).
    func judge(_ goal: CareGoal, asOf: LocalDate) -> GoalJudgement? {
        guard goal.lifecycle != .cancelled else { return nil }
        let overdue = goal.due.map { $0.localDay(in: timeZone) < asOf } ?? false
        if let kind = readingKind(goal) {
            return judgeReadings(goal, kind: kind, asOf: asOf, overdue: overdue)
        }
        if goal.targets.contains(where: { $0.measure == .lab }) { return judgeLab(goal, asOf: asOf, overdue: overdue) }
        if let activity = goal.activity { return judgeActivity(activity, asOf: asOf, overdue: overdue) }
        if let adherence = goal.adherence { return judgeAdherence(adherence, asOf: asOf, overdue: overdue) }
        return nil
    }

    private func readingKind(_ goal: CareGoal) -> Measurement.Kind? {
        for target in goal.targets { if case .reading(let kind) = target.measure { return kind } }
        return nil
    }

    // MARK: Readings

    /// A reading as the rules need it: its day, and its value (blood pressure: systolic, diastolic).
    struct Reading: Sendable {
        let id: String
        let day: LocalDate
        /// The value, or the systolic pressure.
        let first: Double
        /// The diastolic pressure (0 for other kinds).
        let second: Double
        let cgm: Bool

        func value(_ component: GoalTarget.Component?) -> Double { component == .diastolic ? second : first }
    }

    private static func reading(_ record: HealthRecord, _ m: Measurement, in zone: TimeZone) -> Reading? {
        let first: Double, second: Double
        if m.kind == .bloodPressure {
            guard let s = m.systolic, let d = m.diastolic else { return nil }
            (first, second) = (s, d)
        } else {
            guard let v = m.value else { return nil }
            (first, second) = (v, 0)
        }
        // Only a glucose reading can be a sensor's.
        let context = m.kind == .bloodGlucose ? (m.context ?? "").lowercased() : ""
        return Reading(
            id: record.id, day: record.date.localDay(in: zone), first: first, second: second,
            cgm: context.contains("cgm") || context.contains("continuous"))
    }

    /// The readings of `kind` from `from` to `to` (both included): found by halving the readings,
    /// kept in day order (record order within a day).
    func readings(_ kind: Measurement.Kind, from: LocalDate, to: LocalDate) -> ArraySlice<Reading> {
        guard let all = readingsByKind[kind] else { return [] }
        var low = 0, high = all.count
        while low < high {
            let middle = (low + high) / 2
            if all[middle].day < from { low = middle + 1 } else { high = middle }
        }
        var end = low
        while end < all.count, all[end].day <= to { end += 1 }
        return all[low..<end]
    }

    static func meets(_ reading: Reading, _ targets: [GoalTarget]) -> Bool {
        targets.allSatisfy { $0.meets(reading.value($0.component)) }
    }

    private struct Window {
        let met: Int, total: Int, days: Int, mean: [Double], judged: Bool, onTrack: Bool, ids: [String]
        var share: Double { total == 0 ? 0 : Double(met) / Double(total) }
    }

    private func window(_ goal: CareGoal, kind: Measurement.Kind, rule: GoalJudgement.Rule, to: LocalDate) -> Window {
        let from = to.adding(days: -(Self.windowDays - 1))
        let targets = goal.targets.filter { $0.measure == .reading(kind) }
        let all = readings(kind, from: from, to: to).filter { rule == .cgmGlucose ? $0.cgm : rule == .fingerstickGlucose ? !$0.cgm : true }
        let met = all.filter { Self.meets($0, targets) }.count
        let days = Set(all.map(\.day)).count
        switch rule {
        case .homeBloodPressure:
            let means = [GoalTarget.Component.systolic, .diastolic].map { c in all.isEmpty ? 0 : all.reduce(0) { $0 + $1.value(c) } / Double(all.count) }
            let judged = all.count >= Self.bloodPressureReadings && days >= Self.bloodPressureDays
            let onTrack = targets.allSatisfy { t in t.meets(t.component == .diastolic ? means[1] : means[0]) }
            return Window(met: met, total: all.count, days: days, mean: means, judged: judged, onTrack: onTrack, ids: all.map(\.id))
        default:
            let judged = switch rule {
            case .cgmGlucose: days >= Self.cgmDays
            case .fingerstickGlucose: days >= Self.fingerstickDays
            default: all.count >= Self.otherReadings
            }
            let share = all.isEmpty ? 0 : Double(met) / Double(all.count)
            return Window(met: met, total: all.count, days: days, mean: [], judged: judged, onTrack: share >= Self.inRangeShare, ids: all.map(\.id))
        }
    }

    private func judgeReadings(_ goal: CareGoal, kind: Measurement.Kind, asOf: LocalDate, overdue: Bool) -> GoalJudgement? {
        var rule: GoalJudgement.Rule = kind == .bloodPressure ? .homeBloodPressure : kind == .bloodGlucose ? .fingerstickGlucose : .reading
        let from = asOf.adding(days: -(Self.windowDays - 1))
        if kind == .bloodGlucose, readings(kind, from: from, to: asOf).contains(where: \.cgm) { rule = .cgmGlucose }
        let now = window(goal, kind: kind, rule: rule, to: asOf)
        guard now.total > 0 else { return nil }  // nothing the reader sees: no judgement
        let before = window(goal, kind: kind, rule: rule, to: from.adding(days: -1))
        let status = GoalProgress.status(
            onTrack: now.onTrack, previousOnTrack: before.judged ? before.onTrack : nil,
            better: before.judged ? now.share > before.share : nil, worse: before.judged ? now.share < before.share : nil, overdue: overdue)
        return GoalJudgement(
            rule: rule, verdict: now.judged ? (now.onTrack ? .onTrack : .offTrack) : .tooFew, met: now.met, total: now.total, days: now.days,
            from: from, to: asOf, status: status, evidence: now.ids, mean: now.mean)
    }

    // MARK: Lab results

    private func judgeLab(_ goal: CareGoal, asOf: LocalDate, overdue: Bool) -> GoalJudgement? {
        let targets = goal.targets.filter { $0.measure == .lab }
        let codes = Set(targets.compactMap(\.loinc))
        var results: [(id: String, day: LocalDate, value: Double)] = []
        for record in records {
            guard case .document(let document) = record.data, let report = document.labReport else { continue }
            let day = (report.collectedAt ?? record.date).localDay(in: timeZone)
            guard day <= asOf else { continue }
            for result in report.results {
                guard let loinc = result.loinc, codes.contains(loinc), case .number(let value) = result.value else { continue }
                results.append((record.id, day, value))
            }
        }
        results.sort { ($0.day, $0.id) < ($1.day, $1.id) }
        guard let latest = results.last else { return nil }
        let previous = results.dropLast().last
        let meets = { (x: Double) in targets.allSatisfy { $0.meets(x) } }
        let distance = { (x: Double) in targets.map { $0.distance(x) }.max() ?? 0 }
        let status = GoalProgress.status(
            onTrack: meets(latest.value), previousOnTrack: previous.map { meets($0.value) },
            better: previous.map { distance(latest.value) < distance($0.value) }, worse: previous.map { distance(latest.value) > distance($0.value) },
            overdue: overdue)
        return GoalJudgement(
            rule: .lab, verdict: meets(latest.value) ? .onTrack : .offTrack, met: meets(latest.value) ? 1 : 0, total: 1,
            from: latest.day, to: asOf, status: status, evidence: [latest.id] + (previous.map { [$0.id] } ?? []),
            latest: (latest.value, latest.day), previous: previous.map { ($0.value, $0.day) })
    }

    // MARK: Activity

    /// Tagged tasks completed in each of the `count` whole ISO weeks before `asOf`'s week.
    func weeklyCompletions(_ activity: GoalActivity, before week: ISOWeek, count: Int) -> [(week: ISOWeek, done: Int)] {
        let tagged = tasks.filter { $0.tags.contains(activity.tag) }
        var weeks: [ISOWeek] = []
        var w = week
        for _ in 0..<count {
            w = w.previous
            weeks.insert(w, at: 0)
        }
        return weeks.map { week in
            (week, tagged.filter { task in
                guard task.status == .completed, let done = task.completionDetails?.completedAt else { return false }
                return week.contains(done.localDay(in: timeZone))
            }.count)
        }
    }

    private func judgeActivity(_ activity: GoalActivity, asOf: LocalDate, overdue: Bool) -> GoalJudgement? {
        guard tasks.contains(where: { $0.tags.contains(activity.tag) }) else { return nil }
        let week = ISOWeek(containing: asOf)
        let now = weeklyCompletions(activity, before: week, count: Self.activityWeeks)
        let before = weeklyCompletions(activity, before: now[0].week, count: Self.activityWeeks)
        let met = now.filter { $0.done >= activity.timesPerWeek }.count
        let metBefore = before.filter { $0.done >= activity.timesPerWeek }.count
        let onTrack = met * 4 >= Self.activityWeeks * 3
        let status = GoalProgress.status(
            onTrack: onTrack, previousOnTrack: metBefore * 4 >= Self.activityWeeks * 3, better: met > metBefore, worse: met < metBefore, overdue: overdue)
        let ids = tasks.filter { $0.tags.contains(activity.tag) }.map(\.id)
        return GoalJudgement(
            rule: .activity, verdict: onTrack ? .onTrack : .offTrack, met: met, total: Self.activityWeeks, from: now[0].week.monday,
            to: now[now.count - 1].week.sunday, status: status, evidence: ids, mean: now.map { Double($0.done) })
    }

    // MARK: Adherence

    private func doses(_ adherence: GoalAdherence, from: LocalDate, to: LocalDate) -> (taken: Int, due: Int, ids: [String]) {
        var taken = 0, due = 0
        var ids: [String] = []
        for record in records {
            guard case .medication(let medication) = record.data, !medication.asNeeded else { continue }
            if let id = adherence.medicationId, record.id != id { continue }
            var counted = false
            for dose in medication.administrations {
                guard let when = dose.scheduledAt ?? dose.takenAt else { continue }
                let day = when.localDay(in: timeZone)
                guard day >= from, day <= to else { continue }
                due += 1
                counted = true
                if dose.status == .taken { taken += 1 }
            }
            if counted { ids.append(record.id) }
        }
        return (taken, due, ids)
    }

    private func judgeAdherence(_ adherence: GoalAdherence, asOf: LocalDate, overdue: Bool) -> GoalJudgement? {
        let from = asOf.adding(days: -(Self.windowDays - 1))
        let now = doses(adherence, from: from, to: asOf)
        guard now.due > 0 else { return nil }
        let before = doses(adherence, from: from.adding(days: -Self.windowDays), to: from.adding(days: -1))
        let share = Double(now.taken) / Double(now.due) * 100
        let previous = before.due == 0 ? nil : Double(before.taken) / Double(before.due) * 100
        let onTrack = share >= adherence.atLeastPercent
        let status = GoalProgress.status(
            onTrack: onTrack, previousOnTrack: previous.map { $0 >= adherence.atLeastPercent }, better: previous.map { share > $0 },
            worse: previous.map { share < $0 }, overdue: overdue)
        return GoalJudgement(
            rule: .adherence, verdict: onTrack ? .onTrack : .offTrack, met: now.taken, total: now.due, from: from, to: asOf, status: status,
            evidence: now.ids)
    }
}
