/// A care-plan goal (export-format.md `goal`; FHIR `Goal`; C-CDA Goal Observation 4.121): what it
/// is measured against. A goal with no target, activity or adherence is shown as stated and never
/// judged (docs/goals.md).
public struct CareGoal: Sendable, Hashable {
    /// FHIR `lifecycleStatus`, in the native export's words.
    public enum Lifecycle: String, Sendable, Hashable, CaseIterable {
        case proposed, active, onHold, completed, cancelled
    }

    public let lifecycle: Lifecycle?
    public let start: CareDate?
    public let due: CareDate?
    /// Who set it, as the source names them.
    public let expressedBy: String?
    public let targets: [GoalTarget]
    public let activity: GoalActivity?
    public let adherence: GoalAdherence?
    /// The achievement status the source states (FHIR `achievementStatus`, C-CDA Progress Toward
    /// Goal), as a FHIR code; never used to judge, shown only when the goal is not judged here.
    public let statedAchievement: GoalAchievement?
    /// Targets the source states that carereport does not measure (a text, a code, a bare quantity,
    /// a bound on a measure no LOINC code names): shown and written out as stated, never judged.
    public let statedTargets: [StatedGoalTarget]
    /// The source's own lifecycle code when it says more than `lifecycle` (FHIR `planned`,
    /// `accepted`, `rejected`): written back as stated, and "rejected" said as that.
    public let statedLifecycle: String?

    public init(
        lifecycle: Lifecycle?, start: CareDate? = nil, due: CareDate? = nil, expressedBy: String? = nil, targets: [GoalTarget] = [],
        activity: GoalActivity? = nil, adherence: GoalAdherence? = nil, statedAchievement: GoalAchievement? = nil,
        statedTargets: [StatedGoalTarget] = [], statedLifecycle: String? = nil
    ) {
        self.lifecycle = lifecycle
        self.start = start
        self.due = due
        self.expressedBy = expressedBy.flatMap { $0.isEmpty ? nil : $0 }
        self.targets = targets
        self.activity = activity
        self.adherence = adherence
        self.statedAchievement = statedAchievement
        self.statedTargets = statedTargets
        self.statedLifecycle = statedLifecycle
    }

    /// True when nothing in the goal can be measured: it is shown as stated.
    public var isMeasurable: Bool { !targets.isEmpty || activity != nil || adherence != nil }
}

/// One measurable target: a reading's kind (or a lab test) and its bounds.
public struct GoalTarget: Sendable, Hashable {
    public enum Measure: Sendable, Hashable {
        case reading(Measurement.Kind)
        case lab
    }
    public enum Component: String, Sendable, Hashable, CaseIterable { case systolic, diastolic }
    public enum Comparator: String, Sendable, Hashable, CaseIterable {
        case less = "<", lessOrEqual = "<=", greater = ">", greaterOrEqual = ">="
    }

    public let measure: Measure
    public let component: Component?
    public let loinc: String?
    /// Inclusive bounds.
    public let low: Double?
    public let high: Double?
    /// A one-sided target: `< 140`.
    public let comparator: Comparator?
    public let value: Double?
    public let unit: String?

    public init(
        measure: Measure, component: Component? = nil, loinc: String? = nil, low: Double? = nil, high: Double? = nil,
        comparator: Comparator? = nil, value: Double? = nil, unit: String? = nil
    ) {
        self.measure = measure
        self.component = component
        self.loinc = loinc
        self.low = low
        self.high = high
        self.comparator = comparator
        self.value = value
        self.unit = unit
    }

    /// True when `x` meets the target: inside `low`…`high` (inclusive) and on the right side of
    /// `comparator value`.
    public func meets(_ x: Double) -> Bool {
        if let low, x < low { return false }
        if let high, x > high { return false }
        guard let value, let comparator else { return true }
        switch comparator {
        case .less: return x < value
        case .lessOrEqual: return x <= value
        case .greater: return x > value
        case .greaterOrEqual: return x >= value
        }
    }

    /// How far `x` lies outside the target (0 when it meets it): to say whether a reading came closer.
    public func distance(_ x: Double) -> Double {
        if meets(x) { return 0 }
        var bounds: [Double] = [low, high].compactMap { $0 }
        if let value { bounds.append(value) }
        return bounds.map { abs(x - $0) }.min() ?? 0
    }
}

/// A target as its source states it, not measured here: "Housing adequate", "most days",
/// "5000 steps": its words, the codes of a coded value, and the measure it is on when the source
/// names one other than the goal itself.
public struct StatedGoalTarget: Sendable, Hashable {
    /// What the source states: words (a text, a code's display, a quantity in symbols), or yes/no
    /// (FHIR `detailBoolean`), which each reader's language says.
    public enum Detail: Sendable, Hashable {
        case text(String)
        case boolean(Bool)
    }

    public let measure: String?
    public let measureCodings: [Coding]
    public let detail: Detail
    public let codings: [Coding]

    public init(measure: String? = nil, measureCodings: [Coding] = [], detail: Detail, codings: [Coding] = []) {
        self.measure = measure
        self.measureCodings = measureCodings
        self.detail = detail
        self.codings = codings
    }
}

/// Tasks carrying `tag` completed, `timesPerWeek` a week.
public struct GoalActivity: Sendable, Hashable {
    public let tag: String
    public let timesPerWeek: Int
    public init(tag: String, timesPerWeek: Int) {
        self.tag = tag
        self.timesPerWeek = timesPerWeek
    }
}

/// Doses taken of those due, of one medication record (by id) or of all, at least this share.
public struct GoalAdherence: Sendable, Hashable {
    public let medicationId: String?
    public let atLeastPercent: Double
    public init(medicationId: String?, atLeastPercent: Double) {
        self.medicationId = medicationId
        self.atLeastPercent = atLeastPercent
    }
}

/// FHIR's goal achievement codes (http://terminology.hl7.org/CodeSystem/goal-achievement).
public enum GoalAchievement: String, Sendable, Hashable, CaseIterable {
    case inProgress = "in-progress", improving, worsening, noChange = "no-change", achieved, sustaining, notAchieved = "not-achieved",
        noProgress = "no-progress", notAttainable = "not-attainable"

    /// The FHIR display.
    public var display: String {
        switch self {
        case .inProgress: "In Progress"
        case .improving: "Improving"
        case .worsening: "Worsening"
        case .noChange: "No Change"
        case .achieved: "Achieved"
        case .sustaining: "Sustaining"
        case .notAchieved: "Not Achieved"
        case .noProgress: "No Progress"
        case .notAttainable: "Not Attainable"
        }
    }
}
