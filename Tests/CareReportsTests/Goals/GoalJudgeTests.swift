@testable import CareReports
import Foundation
import Testing

/// The rules of docs/goals.md, each at its edges: the counts a rule needs, the window, what it
/// calls on track, and the achievement status from the window before.
@Suite struct GoalJudgeTests {
    static let zone = TimeZone(identifier: "America/Los_Angeles")!
    /// Friday 18 April 2025, the last day of the data.
    static let today = LocalDate(year: 2025, month: 4, day: 18)!

    static func at(_ day: LocalDate, hour: Int = 8) -> CareDate { .instant(day.midnight(in: zone).addingTimeInterval(Double(hour) * 3_600)) }

    static func record(_ id: String, _ date: CareDate, _ data: HealthData) -> HealthRecord {
        HealthRecord(
            id: id, title: id, date: date, careRecipientId: "u-rec", careCircleId: "c", createdBy: Actor(userId: "u-cg", role: .caregiver),
            privacyLevel: .circle, data: data)
    }

    /// Blood pressure readings: `(days before today, systolic, diastolic)`, each at 08:00 (plus `hour` offsets for a second reading).
    static func pressures(_ readings: [(Int, Double, Double)]) -> [HealthRecord] {
        readings.enumerated().map { index, reading in
            record("bp-\(index)", at(today.adding(days: -reading.0), hour: 8 + index % 3), .measurement(
                CareReports.Measurement(kind: .bloodPressure, systolic: reading.1, diastolic: reading.2, unit: "mmHg")))
        }
    }

    static let below14090 = CareGoal(lifecycle: .active, targets: [
        GoalTarget(measure: .reading(.bloodPressure), component: .systolic, comparator: .less, value: 140, unit: "mmHg"),
        GoalTarget(measure: .reading(.bloodPressure), component: .diastolic, comparator: .less, value: 90, unit: "mmHg"),
    ])

    static func judge(_ goal: CareGoal, _ records: [HealthRecord], tasks: [CareTask] = []) -> GoalJudgement? {
        GoalJudge(records: records, tasks: tasks, timeZone: zone, measuring: [goal]).judge(goal, asOf: today)
    }

    @Test func homePressureNeedsTwelveReadingsOnSixDays() throws {
        // 11 readings on 6 days: too few, with the counts.
        let eleven = Self.pressures((0..<11).map { ($0 % 6, 130, 80) })
        let few = try #require(Self.judge(Self.below14090, eleven))
        #expect(few.verdict == .tooFew && few.total == 11 && few.met == 11 && few.days == 6 && few.status == nil)
        // 12 readings on 5 days: still too few.
        let fiveDays = try #require(Self.judge(Self.below14090, Self.pressures((0..<12).map { ($0 % 5, 130, 80) })))
        #expect(fiveDays.verdict == .tooFew && fiveDays.days == 5)
        // 12 readings on 6 days: judged, on the average.
        let twelve = try #require(Self.judge(Self.below14090, Self.pressures((0..<12).map { ($0 % 6, 130, 80) })))
        #expect(twelve.verdict == .onTrack && twelve.met == 12 && twelve.status == .achieved)
    }

    @Test func homePressureWindowIsFourteenDaysAndJudgedOnTheMean() throws {
        // Day 14 is outside the window; a reading of 150/85 does not meet the goal, the mean still does.
        let readings = Self.pressures((0..<12).map { ($0 % 7, $0 == 0 ? 150 : 130, 85) } + [(14, 120, 70)])
        let judged = try #require(Self.judge(Self.below14090, readings))
        #expect(judged.total == 12 && judged.met == 11 && judged.verdict == .onTrack)
        #expect(judged.from == Self.today.adding(days: -13) && judged.to == Self.today)
        // A mean above the target is not on track, however many single readings meet it.
        let high = Self.pressures((0..<12).map { ($0 % 6, $0 < 7 ? 138 : 160, 80) })
        let off = try #require(Self.judge(Self.below14090, high))
        #expect(off.met == 7 && off.verdict == .offTrack && off.status == .inProgress)
    }

    @Test func statusComparesWithTheWindowBefore() throws {
        let before = (0..<12).map { (14 + $0 % 6, 150.0, 95.0) }
        let improving = try #require(Self.judge(Self.below14090, Self.pressures(before + (0..<12).map { ($0 % 6, $0 < 4 ? 130 : 150, 80) })))
        #expect(improving.verdict == .offTrack && improving.status == .improving)
        let both = Self.pressures((0..<12).map { ($0 % 6, 120, 75) } + (0..<12).map { (14 + $0 % 6, 120, 75) })
        #expect(Self.judge(Self.below14090, both)?.status == .sustaining)
    }

    static func glucose(_ values: [(Int, Double)], context: String? = "fasting, fingerstick") -> [HealthRecord] {
        values.enumerated().map { index, reading in
            record("g-\(index)", at(today.adding(days: -reading.0), hour: 7 + index % 10), .measurement(
                CareReports.Measurement(kind: .bloodGlucose, value: reading.1, unit: "mg/dL", context: context)))
        }
    }

    static let fasting = CareGoal(lifecycle: .active, targets: [GoalTarget(measure: .reading(.bloodGlucose), low: 80, high: 130, unit: "mg/dL")])

    @Test func fingerstickIsAShareOfReadingsOnSevenDays() throws {
        // Bounds are inclusive: 80 and 130 are in range.
        let values: [(Int, Double)] = [(0, 80), (1, 130), (2, 131), (3, 79), (4, 100), (5, 110), (6, 120), (7, 125)]
        let judged = try #require(Self.judge(Self.fasting, Self.glucose(values)))
        #expect(judged.rule == .fingerstickGlucose && judged.met == 6 && judged.total == 8 && judged.days == 8)
        #expect(judged.verdict == .onTrack)  // 75 % ≥ 70 %
        let sixDays = try #require(Self.judge(Self.fasting, Self.glucose(Array(values.prefix(6)))))
        #expect(sixDays.verdict == .tooFew)
    }

    @Test func sensorReadingsAreTimeInRangeWithTenDaysWorn() throws {
        let worn = (0..<10).flatMap { day in (0..<10).map { (day, $0 < 8 ? 150.0 : 200.0) } }
        let goal = CareGoal(lifecycle: .active, targets: [GoalTarget(measure: .reading(.bloodGlucose), low: 70, high: 180, unit: "mg/dL")])
        let judged = try #require(Self.judge(goal, Self.glucose(worn, context: "CGM")))
        #expect(judged.rule == .cgmGlucose && judged.met == 80 && judged.total == 100 && judged.verdict == .onTrack)
        let short = (0..<9).flatMap { day in (0..<10).map { _ in (day, 150.0) } }
        #expect(Self.judge(goal, Self.glucose(short, context: "continuous monitor"))?.verdict == .tooFew)
    }

    static func a1c(_ id: String, _ day: LocalDate, _ value: Double) -> HealthRecord {
        record(id, at(day), .document(HealthDocument(kind: .labReport, labReport: LabReport(
            collectedAt: at(day), status: .final, results: [LabResult(name: "HbA1c", loinc: "4548-4", value: .number(value), unit: "%")]))))
    }

    @Test func labTargetIsTheLatestResultWithThePreviousAndTheDueDate() throws {
        let goal = CareGoal(lifecycle: .active, due: .day(LocalDate(year: 2025, month: 7, day: 1)!), targets: [
            GoalTarget(measure: .lab, loinc: "4548-4", comparator: .less, value: 7.5, unit: "%"),
        ])
        let met = try #require(Self.judge(goal, [Self.a1c("jan", LocalDate(year: 2025, month: 1, day: 21)!, 7.8), Self.a1c("apr", LocalDate(year: 2025, month: 4, day: 8)!, 7.1)]))
        #expect(met.verdict == .onTrack && met.status == .achieved && met.latest?.value == 7.1 && met.previous?.value == 7.8)
        let closer = try #require(Self.judge(goal, [Self.a1c("jan", LocalDate(year: 2025, month: 1, day: 21)!, 8.4), Self.a1c("apr", LocalDate(year: 2025, month: 4, day: 8)!, 7.9)]))
        #expect(closer.verdict == .offTrack && closer.status == .improving)
        let late = CareGoal(lifecycle: .active, due: .day(LocalDate(year: 2025, month: 3, day: 1)!), targets: goal.targets)
        #expect(Self.judge(late, [Self.a1c("apr", LocalDate(year: 2025, month: 4, day: 8)!, 7.9)])?.status == .notAchieved)
        // A result after "now" is not known yet.
        #expect(Self.judge(goal, [Self.a1c("may", LocalDate(year: 2025, month: 5, day: 8)!, 6.0)]) == nil)
    }

    @Test func activityCountsTaggedTasksPerWeekOverFourWeeks() throws {
        // Weeks before the one of 18 Apr (W16): W12…W15. Done per week: 5, 3, 5, 5 → 3 of 4 weeks met.
        let perWeek = [5, 3, 5, 5]
        var tasks: [CareTask] = []
        for (offset, count) in perWeek.enumerated() {
            let monday = ISOWeek(containing: Self.today).monday.adding(days: -7 * (4 - offset))
            for n in 0..<count {
                let done = Self.at(monday.adding(days: n))
                tasks.append(CareTask(
                    id: "walk-\(offset)-\(n)", title: "Walk", dueDate: done, status: .completed, createdAt: done,
                    createdBy: Actor(userId: "u-cg", role: .caregiver), careCircleId: "c",
                    completionDetails: CompletionDetails(completedAt: done, completedBy: "u-cg"), tags: ["walk"]))
            }
        }
        tasks.append(CareTask(
            id: "walk-open", title: "Walk", dueDate: Self.at(Self.today), createdAt: Self.at(Self.today),
            createdBy: Actor(userId: "u-cg", role: .caregiver), careCircleId: "c", tags: ["walk"]))
        let goal = CareGoal(lifecycle: .active, activity: GoalActivity(tag: "walk", timesPerWeek: 5))
        let judged = try #require(Self.judge(goal, [], tasks: tasks))
        #expect(judged.rule == .activity && judged.met == 3 && judged.total == 4 && judged.mean == [5, 3, 5, 5] && judged.verdict == .onTrack)
        #expect(Self.judge(CareGoal(lifecycle: .active, activity: GoalActivity(tag: "swim", timesPerWeek: 2)), [], tasks: tasks) == nil)
    }

    @Test func adherenceIsDosesTakenOfThoseDue() throws {
        var doses: [Administration] = []
        for day in 0..<20 {
            let when = Self.at(Self.today.adding(days: -day))
            doses.append(Administration(scheduledAt: when, takenAt: day % 5 == 0 ? nil : when, status: day % 5 == 0 ? .missed : .taken))
        }
        let medicine = Self.record("med", Self.at(Self.today.adding(days: -30)), .medication(Medication(
            name: "Metformin", schedule: DoseSchedule(times: [TimeOfDay(hour: 8, minute: 0)!]), startDate: Self.at(Self.today.adding(days: -30)),
            administrations: doses)))
        let goal = CareGoal(lifecycle: .active, adherence: GoalAdherence(medicationId: "med", atLeastPercent: 80))
        let judged = try #require(Self.judge(goal, [medicine]))
        // Days 0…13: 14 due, missed on days 0, 5, 10.
        #expect(judged.met == 11 && judged.total == 14 && judged.verdict == .offTrack)
        #expect(Self.judge(CareGoal(lifecycle: .active, adherence: GoalAdherence(medicationId: "other", atLeastPercent: 80)), [medicine]) == nil)
    }

    @Test func noMeasurableTargetOrNothingVisibleGivesNoJudgement() {
        #expect(Self.judge(CareGoal(lifecycle: .active), Self.pressures([(0, 120, 80)])) == nil)
        // The readings the reader may not see are not in `records`: nothing to judge on.
        #expect(Self.judge(Self.below14090, []) == nil)
        #expect(Self.judge(Self.fasting, Self.pressures((0..<12).map { ($0 % 6, 120, 80) })) == nil)
        let cancelled = CareGoal(lifecycle: .cancelled, targets: Self.below14090.targets)
        #expect(Self.judge(cancelled, Self.pressures((0..<12).map { ($0 % 6, 120, 80) })) == nil)
    }

    @Test func onlyTheKindsAGoalIsMeasuredOnAreRead() throws {
        // A goal record among the reader's records is judged on its own kind of reading; with no goal
        // (and none asked for) nothing is read.
        let goal = Self.record("goal", Self.at(Self.today.adding(days: -30)), .observation(Observation(kind: .goal, name: "BP", goal: Self.below14090)))
        let records = [goal] + Self.pressures((0..<12).map { ($0 % 6, 120, 75) }) + Self.glucose([(0, 100)])
        let judge = GoalJudge(records: records, tasks: [], timeZone: Self.zone)
        #expect(judge.goals.count == 1 && judge.readings(.bloodPressure, from: Self.today.adding(days: -13), to: Self.today).count == 12)
        #expect(judge.readings(.bloodGlucose, from: Self.today.adding(days: -13), to: Self.today).isEmpty)
        #expect(try #require(judge.judge(Self.below14090, asOf: Self.today)).verdict == .onTrack)
        // The window is found by halving the readings in day order, whatever order the records come in.
        let shuffled = GoalJudge(records: records.reversed(), tasks: [], timeZone: Self.zone)
        #expect(shuffled.readings(.bloodPressure, from: Self.today.adding(days: -2), to: Self.today.adding(days: -1)).count == 4)
    }

    @Test func targetBoundsAreInclusiveAndComparatorsStrict() {
        let range = GoalTarget(measure: .reading(.bloodGlucose), low: 80, high: 130, unit: "mg/dL")
        #expect(range.meets(80) && range.meets(130) && !range.meets(79.9) && !range.meets(130.1))
        let below = GoalTarget(measure: .reading(.bloodPressure), component: .systolic, comparator: .less, value: 140, unit: "mmHg")
        #expect(below.meets(139) && !below.meets(140))
        let atMost = GoalTarget(measure: .lab, loinc: "4548-4", comparator: .lessOrEqual, value: 7.5, unit: "%")
        #expect(atMost.meets(7.5) && !atMost.meets(7.6) && atMost.distance(7.9) > atMost.distance(7.6))
    }
}
