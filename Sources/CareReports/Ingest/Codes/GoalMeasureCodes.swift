/// The measure a goal's target names by LOINC, for every importer: systolic (8480-6) and diastolic
/// (8462-4) blood pressure, the vital signs ``FHIRBundleReader/vitalKinds`` reads, glucose; any
/// other LOINC code is a lab test, judged against results carrying that code (docs/goals.md).
enum GoalMeasureCodes {
    static func measure(loinc: String) -> (measure: GoalTarget.Measure, component: GoalTarget.Component?) {
        switch loinc {
        case "8480-6": return (.reading(.bloodPressure), .systolic)
        case "8462-4": return (.reading(.bloodPressure), .diastolic)
        case "85354-9", "55284-4": return (.lab, nil)  // a panel names no one component; never a reading's target
        default:
            if let kind = FHIRBundleReader.vitalKinds[loinc] { return (.reading(kind), nil) }
            return (.lab, nil)
        }
    }
}
