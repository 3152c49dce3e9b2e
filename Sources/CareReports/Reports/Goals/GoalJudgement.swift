/// How a goal stands by the rule that judges it (docs/goals.md): the counts the rule took, the
/// window, and the verdict; `status` is FHIR's achievement code, nil when there were too few to judge.
public struct GoalJudgement: Sendable, Hashable {
    /// The rule that judged the goal, one per kind of target (docs/goals.md).
    public enum Rule: String, Sendable, Hashable {
        case homeBloodPressure, fingerstickGlucose, cgmGlucose, reading, lab, activity, adherence
    }
    public enum Verdict: String, Sendable, Hashable { case onTrack, offTrack, tooFew }

    public let rule: Rule
    public let verdict: Verdict
    /// Readings (or doses, or weeks) that met the goal, of `total` counted.
    public let met: Int
    public let total: Int
    /// Days with a reading in the window (blood pressure, glucose).
    public let days: Int
    /// The window judged, both ends inclusive.
    public let from: LocalDate
    public let to: LocalDate
    public let status: GoalAchievement?
    /// The records that judged it (readings, lab reports, medication records), for `outcomeReference`.
    public let evidence: [String]
    /// A rule's own figures: the window's mean (blood pressure: systolic, diastolic), the latest and
    /// previous lab value with their days.
    public let mean: [Double]
    public let latest: (value: Double, day: LocalDate)?
    public let previous: (value: Double, day: LocalDate)?

    init(
        rule: Rule, verdict: Verdict, met: Int, total: Int, days: Int = 0, from: LocalDate, to: LocalDate, status: GoalAchievement?,
        evidence: [String], mean: [Double] = [], latest: (Double, LocalDate)? = nil, previous: (Double, LocalDate)? = nil
    ) {
        self.rule = rule
        self.verdict = verdict
        self.met = met
        self.total = total
        self.days = days
        self.from = from
        self.to = to
        self.status = verdict == .tooFew ? nil : status
        self.evidence = evidence
        self.mean = mean
        self.latest = latest.map { (value: $0.0, day: $0.1) }
        self.previous = previous.map { (value: $0.0, day: $0.1) }
    }

    /// The share met, nil when nothing was counted.
    public var share: Double? { total == 0 ? nil : Double(met) / Double(total) }

    public static func == (a: GoalJudgement, b: GoalJudgement) -> Bool {
        a.rule == b.rule && a.verdict == b.verdict && a.met == b.met && a.total == b.total && a.days == b.days && a.from == b.from && a.to == b.to
            && a.status == b.status && a.evidence == b.evidence && a.mean == b.mean && a.latest?.value == b.latest?.value
            && a.latest?.day == b.latest?.day && a.previous?.value == b.previous?.value && a.previous?.day == b.previous?.day
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(rule)
        hasher.combine(verdict)
        hasher.combine(met)
        hasher.combine(total)
        hasher.combine(from)
        hasher.combine(evidence)
    }
}

/// The achievement code from the current window against the previous one (docs/goals.md):
/// on track → achieved (sustaining when the previous window was on track too); off track after the
/// due date → not-achieved; otherwise improving, worsening or no-change against a judged previous
/// window, in-progress when the previous window could not be judged.
enum GoalProgress {
    static func status(onTrack: Bool, previousOnTrack: Bool?, better: Bool?, worse: Bool?, overdue: Bool) -> GoalAchievement {
        if onTrack { return previousOnTrack == true ? .sustaining : .achieved }
        if overdue { return .notAchieved }
        guard previousOnTrack != nil, let better, let worse else { return .inProgress }
        return better ? .improving : worse ? .worsening : .noChange
    }
}
