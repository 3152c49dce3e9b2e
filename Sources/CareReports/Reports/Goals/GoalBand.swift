/// A goal's band on the chart of its measure: its bounds (a one-sided target is a band open on one
/// side), labelled "goal …" in the chart's words, and the goal's name for the chart's description.
/// Blood pressure draws two lines against two targets, one band would say only one of them: its
/// goal is said in words under the chart and drawn as no band.
struct GoalBand: Sendable, Hashable {
    let band: ReferenceBand
    /// "Goal 80–130 mg/dL (Fasting sugar between 80 and 130)": the band in words, for the description.
    let sentence: String
    /// The chart's words for the band: "goal {range}".
    let label: String

    init?(_ entry: GoalBoard.Entry, kind: Measurement.Kind, context: ReportContext) {
        guard kind != .bloodPressure, let goal = entry.goal,
            let target = goal.targets.first(where: { $0.measure == .reading(kind) && $0.component == nil })
        else { return nil }
        var low = target.low, high = target.high
        switch target.comparator {
        case .less?, .lessOrEqual?: high = target.value
        case .greater?, .greaterOrEqual?: low = target.value
        case nil: break
        }
        let band = ReferenceBand(low: low, high: high)
        guard band.isBounded else { return nil }
        self.band = band
        let wording = GoalWording(context: context)
        let name = entry.observation.name ?? entry.record.title
        sentence = context.words.t(
            "The shaded band is the goal {target} ({name}).", context: "goal", ["target": wording.targetText(goal) ?? "", "name": name])
        label = context.words.t("goal {range}", context: "chart")
    }
}
