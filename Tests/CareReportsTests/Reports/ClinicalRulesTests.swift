@testable import CareReports
import Foundation
import Testing

/// The rules behind issue 13's fixes, at their edges: when a course's doses are due, which units
/// convert, which text results are abnormal, which attachment addresses become links.
@Suite struct ClinicalRulesTests {
    let zone = TimeZone(identifier: "America/Los_Angeles")!
    let now = CareDate.parse("2025-04-18T18:00:00-07:00")!.resolved(in: TimeZone(identifier: "UTC")!)

    func twiceADay(start: String, end: String?) -> Medication {
        Medication(
            name: "Course", schedule: DoseSchedule(times: [TimeOfDay(hour: 8, minute: 0)!, TimeOfDay(hour: 20, minute: 0)!]),
            startDate: CareDate.parse(start)!, endDate: end.flatMap(CareDate.parse), status: end == nil ? .active : .stopped)
    }

    func due(_ medication: Medication, orderedAt: String?) -> [String] {
        let slots = DoseTimeline(medication, orderedAt: orderedAt.flatMap(CareDate.parse), now: now, timeZone: zone, onTimeWindow: 3600).slots
        let format = DisplayFormat(timeZone: zone)
        return slots.compactMap { $0.scheduledAt.map { format.dateTime(.instant($0)) } }
    }

    /// A timeline shared between viewers is one made from the same medication as each sees it: a
    /// viewer who sees one dose fewer in the log gets a timeline without it, whoever asked first.
    @Test func aSharedTimelineIsOnlyGivenForTheSameLog() {
        let at = { (text: String) in CareDate.parse(text)! }
        var medication = twiceADay(start: "2025-04-14", end: nil)
        let doses = [
            Administration(scheduledAt: at("2025-04-14T08:00:00-07:00"), takenAt: at("2025-04-14T08:05:00-07:00"), status: .taken),
            Administration(scheduledAt: at("2025-04-14T20:00:00-07:00"), takenAt: at("2025-04-14T20:10:00-07:00"), status: .taken),
        ]
        let full = Medication(name: medication.name, schedule: medication.schedule, startDate: medication.startDate, administrations: doses)
        medication = Medication(name: medication.name, schedule: medication.schedule, startDate: medication.startDate, administrations: [doses[0]])
        let seesAll = DoseTimeline.memoized(record: "hr-med-x", full, orderedAt: nil, now: now, timeZone: zone, onTimeWindow: 3600)
        let seesOne = DoseTimeline.memoized(record: "hr-med-x", medication, orderedAt: nil, now: now, timeZone: zone, onTimeWindow: 3600)
        #expect(seesAll.slots.filter { $0.outcome == .onTime }.count == 2)
        #expect(seesOne.slots.filter { $0.outcome == .onTime }.count == 1)
        #expect(seesOne.slots == DoseTimeline(medication, orderedAt: nil, now: now, timeZone: zone, onTimeWindow: 3600).slots)
        #expect(DoseTimeline.memoized(record: "hr-med-x", full, orderedAt: nil, now: now, timeZone: zone, onTimeWindow: 3600).slots == seesAll.slots)
    }

    /// Two records whose logs differ only in how the same letters are encoded (é as one scalar, or
    /// e and a combining accent: equal for `String ==`) never share a timeline: each page carries
    /// its own record's bytes, whichever was asked for first.
    @Test func recordsThatAreEqualOnlyAsUnicodeDoNotShareATimeline() {
        let at = { (text: String) in CareDate.parse(text)! }
        func order(note: String) -> Medication {
            Medication(
                name: "Course", schedule: DoseSchedule(times: [TimeOfDay(hour: 8, minute: 0)!]), startDate: at("2025-04-14"),
                administrations: [Administration(scheduledAt: at("2025-04-14T08:00:00-07:00"), takenAt: at("2025-04-14T08:05:00-07:00"), status: .taken, note: note)])
        }
        let composed = order(note: "Caf\u{E9}"), decomposed = order(note: "Cafe\u{301}")
        #expect(composed == decomposed, "the premise: Swift's == sees one medication")
        let first = DoseTimeline.memoized(record: "hr-med-a", composed, orderedAt: nil, now: now, timeZone: zone, onTimeWindow: 3600)
        let second = DoseTimeline.memoized(record: "hr-med-b", decomposed, orderedAt: nil, now: now, timeZone: zone, onTimeWindow: 3600)
        let notes = { (timeline: DoseTimeline) in timeline.slots.compactMap { $0.administration?.note }.map { Array($0.utf8) } }
        #expect(notes(first) == [Array("Caf\u{E9}".utf8)])
        #expect(notes(second) == [Array("Cafe\u{301}".utf8)])
    }

    @Test func anEveningOrderOfFiveDaysHasTenDoses() {
        // hr-med-nitrofurantoin: written at 20:00 on 10 Feb, ending 15 Feb.
        let doses = due(twiceADay(start: "2025-02-10", end: "2025-02-15"), orderedAt: "2025-02-10T20:00:00-08:00")
        #expect(doses.count == 10)
        #expect(doses.first == "Mon 10 Feb 2025, 20:00")
        #expect(doses.last == "Sat 15 Feb 2025, 08:00")
    }

    @Test func aMorningOrderKeepsItsWholeEndDay() {
        // Written at 07:00, before the first dose: the end date counts whole.
        let doses = due(twiceADay(start: "2025-02-10", end: "2025-02-14"), orderedAt: "2025-02-10T07:00:00-08:00")
        #expect(doses.count == 10)
        #expect(doses.last == "Fri 14 Feb 2025, 20:00")
    }

    @Test func aPlainDayOrderIsUnchanged() {
        // No time on the record date, or a date on another day: from midnight of the start date.
        #expect(due(twiceADay(start: "2025-02-10", end: "2025-02-15"), orderedAt: nil).count == 12)
        #expect(due(twiceADay(start: "2025-02-10", end: "2025-02-15"), orderedAt: "2025-02-09T20:00:00-08:00").count == 12)
    }

    @Test func aCourseAcrossTheClockChangeEndsAtTheSameLocalTime() {
        // 20:00 on Fri 7 Mar to Tue 11 Mar 2025 crosses the change to daylight saving time (9 Mar).
        let doses = due(twiceADay(start: "2025-03-07", end: "2025-03-11"), orderedAt: "2025-03-07T20:00:00-08:00")
        #expect(doses.count == 8)
        #expect(doses.last == "Tue 11 Mar 2025, 08:00")
    }

    @Test func adherenceCountsTakenAndOnTime() {
        let slots = [DoseEvent.Outcome.onTime, .late, .missed].map { outcome in
            DoseEvent(scheduledAt: now, takenAt: nil, outcome: outcome, administration: nil)
        }
        #expect(Adherence(slots).summary == "2 of 3 taken (67%), 1 on time (33%)")
        #expect(Adherence(slots).shortSummary == "2 of 3 (1 on time)")
    }

    func result(_ name: String, loinc: String? = nil, _ value: LabResult.Value, unit: String? = nil, range: ReferenceRange? = nil) -> LabResult {
        LabResult(name: name, loinc: loinc, value: value, unit: unit, referenceRange: range)
    }

    @Test func knownAnalytesConvertAndOthersDoNot() {
        let glucose = result("Glucose", loinc: "2345-7", .number(7.4), unit: "mmol/L")
        #expect(LabUnits.number(glucose, in: "mg/dL") == 133)
        let creatinine = result("Creatinine", .number(1.2), unit: "mg/dL")
        #expect(LabUnits.number(creatinine, in: "µmol/L") == 106)
        let urea = result("Urea nitrogen (BUN)", loinc: "3094-0", .number(21), unit: "mg/dL")
        #expect(LabUnits.number(urea, in: "mmol/L") == 7.5)
        // Urea weighed as urea (3091-6, or "Urea" alone) is 60.06 g/mol, not the 28.01 of its nitrogen.
        #expect(LabUnits.number(result("Urea", loinc: "3091-6", .number(30), unit: "mg/dL"), in: "mmol/L") == 5)
        #expect(LabUnits.number(result("Urea", .number(30), unit: "mg/dL"), in: "mmol/L") == 5)
        #expect(LabUnits.number(result("BUN", .number(28.01), unit: "mg/dL"), in: "mmol/L") == 10)
        let cholesterol = result("Cholesterol, total", loinc: "2093-3", .number(5), unit: "mmol/L")
        #expect(LabUnits.number(cholesterol, in: "mg/dL") == 193)
        let a1c = result("Hemoglobin A1c", loinc: "4548-4", .number(54), unit: "mmol/mol")
        #expect(LabUnits.number(a1c, in: "%") == nil)
        #expect(LabUnits.number(result("Glucose, urine", .text("Negative")), in: "mg/dL") == nil)
    }

    @Test func textResultsAreJudgedAgainstAnExpectedFinding() {
        let negative = ReferenceRange(text: "Negative")
        #expect(LabFlagging.flag(of: result("Protein, urine", .text("Trace"), range: negative))?.flag == .abnormal)
        #expect(LabFlagging.flag(of: result("Protein, urine", .text("negative"), range: negative))?.flag == .normal)
        #expect(LabFlagging.flag(of: result("Nitrite", .text("Not detected"), range: negative))?.flag == .normal)
        #expect(LabFlagging.flag(of: result("Colour", .text("Amber"), range: ReferenceRange(text: "Clear to pale yellow"))) == nil)
    }

    @Test func onlyWebAndRelativeAddressesBecomeLinks() {
        #expect(AttachmentView.linkTarget("https://portal.example-clinic.org/results/88213")?.link == "https://portal.example-clinic.org/results/88213")
        #expect(AttachmentView.linkTarget("attachments/eye-clinic-letter.pdf")?.relative == true)
        #expect(AttachmentView.linkTarget("attachments/letter (1).pdf")?.link == "attachments/letter%20%281%29.pdf")
        for unsafe in ["javascript:alert(1)", "JavaScript:alert(1)", "data:text/html,x", "file:///etc/passwd", "//evil.example/x", "/etc/passwd", "mailto:a@b.c", ""] {
            #expect(AttachmentView.linkTarget(unsafe) == nil, "\(unsafe)")
        }
    }
}
