/// The progress toward a goal a source states, as FHIR's goal-achievement code, by one rule for
/// every importer (docs/goals.md): FHIR's own codes as they are; SNOMED CT by the C-CDA Goal
/// Achievement value set (2.16.840.1.113883.11.20.9.55): 390802008 Goal achieved, 390801001 Goal
/// not achieved, 706905005 Goal not attainable, 706906006 No progress toward goal. The code decides, never a display name beside it.
enum GoalAchievementCodes {
    static let fhirSystem = "http://terminology.hl7.org/CodeSystem/goal-achievement"
    static let snomedSystems: Set<String> = ["http://snomed.info/sct", "2.16.840.1.113883.6.96"]

    static func achievement(system: String?, code: String) -> GoalAchievement? {
        if system == nil || system == fhirSystem, let status = GoalAchievement(rawValue: code) { return status }
        guard system == nil || snomedSystems.contains(system!) else { return nil }
        return switch code {
        case "390802008": .achieved
        case "390801001": .notAchieved
        case "706905005": .notAttainable
        case "706906006": .noProgress
        default: nil
        }
    }
}
