/// The order of "Needs attention", most urgent first (docs/thresholds.md, "The order of Needs attention").
public enum Triage: Int, Sendable, Comparable {
    /// What may need a call today: fever, a fall, new confusion, chest pain or breathlessness, a
    /// critical lab or an abnormal one a current medicine explains, a dose over the maximum, a missed
    /// dose of a medicine where one missed dose matters.
    case callToday = 0
    /// Other abnormal results, readings and symptoms.
    case abnormal
    /// Missed, skipped or unrecorded doses.
    case missedDoses
    /// Tasks overdue (high priority) or with nobody assigned.
    case tasks
    /// Overdue chores, grouped in one line at the end.
    case staleChores

    public static func < (a: Triage, b: Triage) -> Bool { a.rawValue < b.rawValue }

    /// Medicines where one missed dose matters (by the ingredient a name begins with): anticoagulants,
    /// insulin, anti-epileptics, levodopa, transplant immunosuppressants.
    static let timeCritical = [
        "warfarin", "apixaban", "rivaroxaban", "dabigatran", "edoxaban", "enoxaparin", "insulin", "levetiracetam", "phenytoin",
        "carbamazepine", "valproate", "valproic", "lamotrigine", "levodopa", "carbidopa", "tacrolimus", "cyclosporine", "mycophenolate",
    ]

    /// True when one missed dose of the medicine matters.
    static func missedDoseMatters(_ medication: Medication) -> Bool {
        let words = medication.name.lowercased().split { !$0.isLetter }.map(String.init)
        return timeCritical.contains { words.contains($0) }
    }

    /// Lab tests a medicine's class is known to push out of range, by words of the test's name and the
    /// ingredients of the class: potassium on ACE inhibitors, ARBs and aldosterone antagonists,
    /// sodium on thiazides, kidney function on ACE inhibitors, ARBs and NSAIDs, glucose on insulin
    /// and sulfonylureas, INR on warfarin.
    static let explainedLabs: [(test: [String], ingredients: [String])] = [
        (["potassium"], ["lisinopril", "enalapril", "ramipril", "captopril", "benazepril", "quinapril", "perindopril", "losartan", "valsartan",
            "irbesartan", "candesartan", "olmesartan", "telmisartan", "spironolactone", "eplerenone", "trimethoprim"]),
        (["sodium"], ["hydrochlorothiazide", "chlorthalidone", "indapamide", "sertraline", "citalopram", "escitalopram", "carbamazepine"]),
        (["egfr", "creatinine"], ["lisinopril", "enalapril", "ramipril", "captopril", "losartan", "valsartan", "ibuprofen", "naproxen"]),
        (["glucose"], ["insulin", "glipizide", "glyburide", "glimepiride", "gliclazide"]),
        (["inr"], ["warfarin"]),
    ]

    /// The medicine among `medications` that explains an abnormal result of the test named `test`, if any.
    static func explaining(_ test: String, among medications: [Medication]) -> Medication? {
        let name = test.lowercased().split { !$0.isLetter && !$0.isNumber }.map(String.init)
        for (tests, ingredients) in explainedLabs where tests.contains(where: { name.contains($0) }) {
            if let medicine = medications.first(where: { medication in
                let words = medication.name.lowercased().split { !$0.isLetter }.map(String.init)
                return ingredients.contains { words.contains($0) }
            }) { return medicine }
        }
        return nil
    }
}
