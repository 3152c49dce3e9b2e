import Testing

@testable import CareReports

/// One rule for the progress every importer reads (docs/goals.md): SNOMED CT by the C-CDA Goal
/// Achievement value set, FHIR's codes as they are; an unknown code or system says nothing.
@Suite struct GoalAchievementCodesTests {
    @Test func snomedCodesMeanWhatTheValueSetSays() {
        #expect(GoalAchievementCodes.achievement(system: "2.16.840.1.113883.6.96", code: "390802008") == .achieved)
        #expect(GoalAchievementCodes.achievement(system: "http://snomed.info/sct", code: "390801001") == .notAchieved)
        #expect(GoalAchievementCodes.achievement(system: "http://snomed.info/sct", code: "706905005") == .notAttainable)
        #expect(GoalAchievementCodes.achievement(system: "http://snomed.info/sct", code: "706906006") == .noProgress)
    }

    @Test func fhirCodesAreKept() {
        let system = "http://terminology.hl7.org/CodeSystem/goal-achievement"
        for status in GoalAchievement.allCases {
            #expect(GoalAchievementCodes.achievement(system: system, code: status.rawValue) == status)
        }
    }

    @Test func anUnknownCodeOrSystemSaysNothing() {
        #expect(GoalAchievementCodes.achievement(system: "http://snomed.info/sct", code: "achieved") == nil)
        #expect(GoalAchievementCodes.achievement(system: "http://loinc.org", code: "390802008") == nil)
        #expect(GoalAchievementCodes.achievement(system: "http://snomed.info/sct", code: "12345") == nil)
    }
}
