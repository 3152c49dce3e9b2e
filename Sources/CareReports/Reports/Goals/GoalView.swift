/// One goal as every page shows it: its words as stated, its target in symbols every language
/// reads ("< 140/90 mmHg", "80–130 mg/dL"), and whole sentences (who set it and when, the counts,
/// the status), each one message of the catalogue.
public struct GoalView: Sendable, Encodable, Hashable {
    public let id: String
    public let name: String
    /// Nil for a goal with nothing measurable.
    public let target: String?
    public let setBy: String?
    public let counts: String?
    public let status: String
    /// "onTrack", "offTrack", "tooFew" or "notJudged", for a page's symbol (never colour alone).
    public let verdict: String
    /// The symbol shown before the status: ✓ on track, ✗ not on track, … too few, – not judged.
    public let symbol: String
    public let onTrack: Bool

    /// The whole line: name, target, then the sentences.
    public var line: String {
        [target.map { "\(name) (\($0))." } ?? "\(name).", setBy, counts, status].compactMap { $0 }.joined(separator: " ")
    }

    /// After the name: target, then the sentences.
    public let detail: String
}

/// The goals of a reader's records, each with the judgement the rules give on `asOf`.
struct GoalBoard {
    struct Entry {
        let record: HealthRecord
        let observation: Observation
        let goal: CareGoal?
        let judgement: GoalJudgement?
    }

    let entries: [Entry]

    private init(entries: [Entry]) { self.entries = entries }
    /// No goals.
    static let none = GoalBoard(entries: [])
    /// A goal with a target on readings.
    static func onReadings(_ goal: CareGoal?) -> Bool {
        goal?.targets.contains { if case .reading = $0.measure { true } else { false } } == true
    }

    /// The goals of the reader's records judged on `asOf` (today when nil); with `asOf`, only those
    /// set by then. `only` picks the goals to judge (a week page judges those on readings).
    /// `judge` is the reader's, when one is at hand (a week page judges every week with one).
    init(_ context: ReportContext, asOf: LocalDate? = nil, only: (CareGoal?) -> Bool = { _ in true }, judge: GoalJudge? = nil) {
        let judge = judge ?? GoalJudge(context)
        let day = asOf ?? context.today
        entries = judge.goals.compactMap { record, observation in
            guard only(observation.goal) else { return nil }
            if asOf != nil, let start = observation.goal?.start ?? observation.onset, context.day(start) > day { return nil }
            let judgement = observation.goal.flatMap { judge.judge($0, asOf: day) }
            return Entry(record: record, observation: observation, goal: observation.goal, judgement: judgement)
        }
    }

    /// Goals that are current: not completed or cancelled.
    var current: [Entry] {
        entries.filter { entry in
            let lifecycle = entry.goal?.lifecycle
            return lifecycle != .cancelled && lifecycle != .completed && entry.observation.facts?.status != .cancelled
        }
    }

    /// Each goal's view: the current ones, or every one (the visit summary lists completed goals too).
    func views(_ context: ReportContext, all: Bool = false) -> [GoalView] {
        let wording = GoalWording(context: context)
        return (all ? entries : current).map { wording.view($0) }
    }
}
