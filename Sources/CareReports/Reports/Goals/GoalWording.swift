/// A goal in the reader's language: every sentence one message of the catalogue (docs/goals.md
/// gives the rules these sentences report).
struct GoalWording {
    let context: ReportContext

    private var words: Localizer { context.words }
    private func day(_ day: LocalDate) -> String { context.shortDay(day) }
    private func day(_ date: CareDate) -> String { date.isFullDate ? day(context.day(date)) : context.format.date(date) }
    private func number(_ value: Double) -> String { context.format.number(value, maxDecimals: 1) }
    private func percent(_ met: Int, _ total: Int) -> String { context.format.percent(total == 0 ? 0 : Double(met) / Double(total)) }

    func view(_ entry: GoalBoard.Entry) -> GoalView {
        let goal = entry.goal
        let name = entry.observation.name ?? entry.record.title
        let target = goal.flatMap(targetText) ?? goal.flatMap(statedText)
        let status = statusSentence(entry)
        let verdict = entry.judgement?.verdict.rawValue ?? "notJudged"
        let symbol = switch entry.judgement?.verdict {
        case .onTrack: "✓"
        case .offTrack: "✗"
        case .tooFew: "…"
        case nil: "–"
        }
        let setBy = setBySentence(goal, facts: entry.observation.facts, start: goal?.start ?? entry.observation.onset)
        let counts = entry.judgement.map { countsSentence($0, goal: goal!) }
        let detail = [target.map { "(\($0))" }, setBy, counts, status].compactMap { $0 }.joined(separator: " ")
        return GoalView(
            id: entry.record.id, name: name, target: target, setBy: setBy, counts: counts, status: status, verdict: verdict, symbol: symbol,
            onTrack: entry.judgement?.verdict == .onTrack, detail: detail)
    }

    // MARK: Target

    /// The targets in symbols: "< 140/90 mmHg" for a blood-pressure pair with one comparator,
    /// "80–130 mg/dL", "≥ 92 %", "< 7.5 %"; an activity "5/week"; adherence "≥ 90 %".
    func targetText(_ goal: CareGoal) -> String? {
        if !goal.targets.isEmpty {
            let systolic = goal.targets.first { $0.component == .systolic }, diastolic = goal.targets.first { $0.component == .diastolic }
            if let systolic, let diastolic {
                let unit = systolic.unit.map { " \($0)" } ?? ""
                if systolic.comparator == diastolic.comparator, systolic.low == nil, systolic.high == nil, diastolic.low == nil, diastolic.high == nil,
                    let comparator = systolic.comparator, let s = systolic.value, let d = diastolic.value {
                    return "\(symbol(comparator)) \(number(s))/\(number(d))\(unit)"
                }
                return "\(bounds(systolic))/\(bounds(diastolic))\(unit)"
            }
            return goal.targets.map { target in [bounds(target), target.unit].compactMap { $0 }.joined(separator: " ") }.joined(separator: "; ")
        }
        if let activity = goal.activity { return words.t("{count}/week", context: "goal", ["count": "\(activity.timesPerWeek)"]) }
        if let adherence = goal.adherence { return "≥ \(context.format.percent(adherence.atLeastPercent / 100))" }
        return nil
    }

    /// The targets a source states and the rules do not measure, as stated: "Housing adequate",
    /// "Steps: 5000" (docs/goals.md); nil when there are none.
    func statedText(_ goal: CareGoal) -> String? {
        guard !goal.statedTargets.isEmpty else { return nil }
        return goal.statedTargets.map { target in
            let detail = statedDetail(target)
            return target.measure.map { words.t("{measure}: {target}", context: "goal target", ["measure": $0, "target": detail]) } ?? detail
        }.joined(separator: "; ")
    }

    func statedDetail(_ target: StatedGoalTarget) -> String {
        switch target.detail {
        case .text(let text): text
        case .boolean(true): words.t("yes", context: "goal target")
        case .boolean(false): words.t("no", context: "goal target")
        }
    }

    private func symbol(_ comparator: GoalTarget.Comparator) -> String {
        switch comparator {
        case .less: "<"
        case .lessOrEqual: "≤"
        case .greater: ">"
        case .greaterOrEqual: "≥"
        }
    }

    private func bounds(_ target: GoalTarget) -> String {
        var parts: [String] = []
        switch (target.low, target.high) {
        case let (low?, high?): parts.append("\(number(low))–\(number(high))")
        case let (low?, nil): parts.append("≥ \(number(low))")
        case let (nil, high?): parts.append("≤ \(number(high))")
        default: break
        }
        if let comparator = target.comparator, let value = target.value { parts.append("\(symbol(comparator)) \(number(value))") }
        return parts.joined(separator: ", ")
    }

    // MARK: Sentences

    private func setBySentence(_ goal: CareGoal?, facts: ClinicalFacts?, start: CareDate?) -> String? {
        let who = goal?.expressedBy
        if let start, start.isUnknown {
            // A document that says the date is unknown: said so, never "on date unknown".
            return who.map { words.t("Set by {who}; the date is not known.", context: "goal", ["who": $0]) }
                ?? words.t("The date it was set is not known.", context: "goal")
        }
        switch (who, start) {
        case let (who?, start?): return words.t("Set by {who} on {day}.", context: "goal", ["who": who, "day": day(start)])
        case let (who?, nil): return words.t("Set by {who}.", context: "goal", ["who": who])
        case let (nil, start?): return words.t("Set on {day}.", context: "goal", ["day": day(start)])
        default: return nil
        }
    }

    func countsSentence(_ j: GoalJudgement, goal: CareGoal) -> String {
        let to = day(j.to)
        switch j.rule {
        case .homeBloodPressure:
            var values = ["met": "\(j.met)", "day": to, "days": "\(j.days)"]
            if j.verdict == .tooFew {
                values["needed"] = "\(GoalJudge.bloodPressureReadings)"
                values["neededDays"] = "\(GoalJudge.bloodPressureDays)"
                return words.n(
                    "{met} of {count} reading met it in the 14 days to {day}, on {days} days; {needed} readings on {neededDays} days are needed to judge.",
                    "{met} of {count} readings met it in the 14 days to {day}, on {days} days; {needed} readings on {neededDays} days are needed to judge.",
                    count: j.total, context: "goal", values)
            }
            values["average"] = "\(number(j.mean[0].rounded()))/\(number(j.mean[1].rounded()))"
            return words.n(
                "{met} of {count} reading met it in the 14 days to {day}, on {days} days; average {average}.",
                "{met} of {count} readings met it in the 14 days to {day}, on {days} days; average {average}.",
                count: j.total, context: "goal", values)
        case .fingerstickGlucose:
            let values = ["met": "\(j.met)", "day": to, "days": "\(j.days)", "percent": percent(j.met, j.total)]
            let counted = words.n(
                "{met} of {count} fingerstick reading in range in the 14 days to {day}, on {days} days: {percent} of readings in range.",
                "{met} of {count} fingerstick readings in range in the 14 days to {day}, on {days} days: {percent} of readings in range.",
                count: j.total, context: "goal", values)
            guard j.verdict == .tooFew else { return counted }
            return counted + " " + words.t("Readings on {neededDays} days are needed to judge.", context: "goal", ["neededDays": "\(GoalJudge.fingerstickDays)"])
        case .cgmGlucose:
            let counted = words.t(
                "Time in range: {percent} of {count} sensor readings in the 14 days to {day}, worn on {days} of 14 days.", context: "goal",
                ["percent": percent(j.met, j.total), "count": "\(j.total)", "day": to, "days": "\(j.days)"])
            guard j.verdict == .tooFew else { return counted }
            return counted + " " + words.t("The sensor must be worn on {neededDays} of 14 days to judge.", context: "goal", ["neededDays": "\(GoalJudge.cgmDays)"])
        case .reading:
            let counted = words.n(
                "{met} of {count} reading met it in the 14 days to {day}.", "{met} of {count} readings met it in the 14 days to {day}.",
                count: j.total, context: "goal", ["met": "\(j.met)", "day": to])
            guard j.verdict == .tooFew else { return counted }
            return counted + " " + words.t("{needed} readings are needed to judge.", context: "goal", ["needed": "\(GoalJudge.otherReadings)"])
        case .lab:
            let unit = goal.targets.first?.unit.map { " \($0)" } ?? ""
            var sentence = if let latest = j.latest, let previous = j.previous {
                words.t(
                    "Latest result {value} on {day}; the one before, {previous} on {previousDay}.", context: "goal",
                    ["value": number(latest.value) + unit, "day": day(latest.day), "previous": number(previous.value) + unit, "previousDay": day(previous.day)])
            } else {
                words.t("Latest result {value} on {day}; no earlier result.", context: "goal", ["value": number(j.latest?.value ?? 0) + unit, "day": day(j.latest?.day ?? j.to)])
            }
            if let due = goal.due { sentence += " " + words.t("Due by {day}.", context: "goal", ["day": day(due)]) }
            return sentence
        case .activity:
            let counts = j.mean.map { "\(Int($0))" }.joined(separator: ", ")
            return words.n(
                "Done {times} times a week in {met} of the last {count} week (done per week: {counts}), to {day}.",
                "Done {times} times a week in {met} of the last {count} weeks (done per week: {counts}), to {day}.",
                count: j.total, context: "goal", ["times": "\(goal.activity?.timesPerWeek ?? 0)", "met": "\(j.met)", "counts": counts, "day": to])
        case .adherence:
            return words.n(
                "{met} of {count} dose due taken in the 14 days to {day} ({percent}).", "{met} of {count} doses due taken in the 14 days to {day} ({percent}).",
                count: j.total, context: "goal", ["met": "\(j.met)", "day": to, "percent": percent(j.met, j.total)])
        }
    }

    private func statusSentence(_ entry: GoalBoard.Entry) -> String {
        let lifecycle = entry.goal?.lifecycle
        if lifecycle == .completed { return words.t("Marked completed.", context: "goal") }
        if entry.goal?.statedLifecycle == "rejected" { return words.t("Rejected.", context: "goal") }
        if lifecycle == .cancelled || entry.observation.facts?.status == .cancelled { return words.t("Cancelled.", context: "goal") }
        guard let goal = entry.goal, goal.isMeasurable else {
            return words.t("Shown as stated: no measurable target, not judged.", context: "goal")
        }
        guard let judgement = entry.judgement else {
            if let stated = goal.statedAchievement {
                return words.t("Not judged here; the document states: {status}.", context: "goal", ["status": statusWord(stated)])
            }
            return words.t("Not judged: nothing here to judge it on.", context: "goal")
        }
        switch judgement.verdict {
        case .tooFew:
            if let stated = goal.statedAchievement {
                return words.t("Too few to judge here; the document states: {status}.", context: "goal", ["status": statusWord(stated)])
            }
            return words.t("Too few to judge.", context: "goal")
        case .onTrack: return words.t("On track ({status}).", context: "goal", ["status": statusWord(judgement.status ?? .achieved)])
        case .offTrack: return words.t("Not on track ({status}).", context: "goal", ["status": statusWord(judgement.status ?? .inProgress)])
        }
    }

    func statusWord(_ status: GoalAchievement) -> String {
        switch status {
        case .inProgress: words.t("in progress", context: "goal achievement")
        case .improving: words.t("improving", context: "goal achievement")
        case .worsening: words.t("worsening", context: "goal achievement")
        case .noChange: words.t("no change", context: "goal achievement")
        case .achieved: words.t("achieved", context: "goal achievement")
        case .sustaining: words.t("sustaining", context: "goal achievement")
        case .notAchieved: words.t("not achieved", context: "goal achievement")
        case .noProgress: words.t("no progress", context: "goal achievement")
        case .notAttainable: words.t("not attainable", context: "goal achievement")
        }
    }
}
