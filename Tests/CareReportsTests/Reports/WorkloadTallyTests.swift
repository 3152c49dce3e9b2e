@testable import CareReports
import Foundation
import Testing

/// The counting behind the workload page (issue 16 item 2), on hand-built records: done, overdue,
/// due after the export, the care recipient left out, and the privacy rules (T1, T2, T4, H4, H6, H7).
@Suite struct WorkloadTallyTests {
    static let utc = TimeZone(identifier: "UTC")!
    static let circle = "c-1"
    /// Friday of ISO week 2025-W16, noon: the export. "Now" is two days later.
    static let exportedAt = date("2025-04-18T12:00:00Z")
    static let now = date("2025-04-20T12:00:00Z")

    static func date(_ text: String) -> Date { CareDate.parse(text)!.resolved(in: utc) }
    static func at(_ text: String) -> CareDate { CareDate.parse(text)! }

    static func task(
        _ id: String, due: String, status: TaskStatus = .pending, assigned: String? = nil, doneBy: String? = nil, doneAt: String? = nil,
        category: TaskCategory = .errands, circle: String = circle
    ) -> CareTask {
        CareTask(
            id: id, title: "canary \(id)", category: category, dueDate: at(due), status: status, createdAt: at("2025-01-01T00:00:00Z"),
            createdBy: Actor(userId: "u-cg", role: .caregiver), assignedTo: assigned.map { TaskAssignment(userId: $0, role: .caregiver) },
            careCircleId: circle,
            completionDetails: doneBy.map { CompletionDetails(completedAt: at(doneAt ?? due), completedBy: $0) })
    }

    static func medication(_ id: String, _ level: PrivacyLevel, doses: [(String?, String)]) -> HealthRecord {
        HealthRecord(
            id: id, title: "canary \(id)", date: at("2025-01-01T00:00:00Z"), careRecipientId: "u-rec", careCircleId: circle,
            createdBy: Actor(userId: "u-cg", role: .caregiver), privacyLevel: level,
            data: .medication(Medication(
                name: "Drug \(id)", startDate: at("2025-01-01T00:00:00Z"),
                administrations: doses.map { Administration(scheduledAt: at($0.1), takenAt: at($0.1), status: .taken, recordedBy: $0.0) })))
    }

    static let export = CareExport(
        timeZone: utc, exportedAt: exportedAt,
        users: ["u-rec", "u-cg", "u-cg2", "u-org", "u-sup"].map { User(id: $0, firstName: $0, lastName: "X") },
        circles: [
            CareCircle(
                id: circle, name: "Circle", careRecipient: CareRecipient(userId: "u-rec", firstName: "R", lastName: "X"),
                members: [
                    CircleMember(userId: "u-rec", roles: [.careRecipient]), CircleMember(userId: "u-cg", roles: [.caregiver]),
                    CircleMember(userId: "u-cg2", roles: [.caregiver]), CircleMember(userId: "u-org", roles: [.organizer]),
                    CircleMember(userId: "u-sup", roles: [.supporter]),
                ]),
            CareCircle(id: "c-2", name: "Other", careRecipient: CareRecipient(userId: "u-cg", firstName: "C", lastName: "X"), members: []),
        ],
        tasks: [
            task("ride", due: "2025-04-15T09:00:00Z", status: .completed, assigned: "u-cg", doneBy: "u-cg", doneAt: "2025-04-15T10:00:00Z", category: .transportation),
            task("late", due: "2025-04-16T09:00:00Z", assigned: "u-cg2"),
            task("after-export", due: "2025-04-18T15:00:00Z", assigned: "u-cg2"),
            task("nobody", due: "2025-04-08T09:00:00Z"),
            task("own", due: "2025-04-09T09:00:00Z", status: .completed, doneBy: "u-rec"),
            task("other-circle", due: "2025-04-09T09:00:00Z", status: .completed, doneBy: "u-cg", circle: "c-2"),
            task("cancelled", due: "2025-04-09T09:00:00Z", status: .cancelled, assigned: "u-cg2"),
            task("supporter", due: "2025-04-01T09:00:00Z", status: .completed, assigned: "u-sup", doneBy: "u-sup"),
            task("done-after-export", due: "2025-04-14T09:00:00Z", status: .completed, assigned: "u-cg", doneBy: "u-cg", doneAt: "2025-04-19T09:00:00Z"),
            task("old", due: "2024-12-02T09:00:00Z", status: .completed, doneBy: "u-cg"),
        ],
        healthRecords: [
            medication("caregivers", .caregivers, doses: [("u-cg2", "2025-04-08T08:00:00Z"), ("u-cg2", "2025-04-09T08:00:00Z"), ("u-cg2", "2025-04-19T08:00:00Z"), (nil, "2025-04-10T08:00:00Z")]),
            medication("private", .private, doses: [("u-cg", "2025-04-08T08:00:00Z")]),
            medication("circle", .circle, doses: [("u-org", "2025-04-08T08:00:00Z")]),
        ])

    static func tally(_ userId: String?, _ roles: Set<Role>, permissions: MemberPermissions = MemberPermissions()) -> WorkloadTally {
        let viewer = Viewer(circleId: circle, userId: userId, roles: roles, permissions: permissions)
        let records = PrivacyPolicy.visibleRecords(for: viewer, in: export)!
        return WorkloadTally(context: ReportContext(records: records, now: now))
    }

    static let w16 = ISOWeek("2025-W16")!
    static let w15 = ISOWeek("2025-W15")!
    static let w14 = ISOWeek("2025-W14")!

    @Test func twelveWeeksEndingWithTheExportsWeekWhichIsUnderWay() {
        let tally = Self.tally("u-cg", [.caregiver])
        #expect(tally.weeks.count == 12)
        #expect(tally.weeks.last == Self.w16)
        #expect(tally.weeks.first == ISOWeek("2025-W05"))
        #expect(tally.lastWeekUnfinished)
        #expect(tally.finishedWeeks.count == 11)
    }

    @Test func doneRidesAndOverdueForACaregiver() {
        let tally = Self.tally("u-cg", [.caregiver])
        #expect(tally.counts("u-cg", Self.w16) == WorkloadCounts(tasksDone: 1, rides: 1))
        #expect(tally.counts("u-cg2", Self.w16) == WorkloadCounts(overdue: 1), "due before the export and open: overdue; due after it: not")
        #expect(tally.counts("u-cg2", ISOWeek("2025-W15")!).overdue == 0, "a cancelled task is never overdue")
        #expect(tally.unassignedOverdue == [Self.w15: 1])
        #expect(tally.counts("u-sup", Self.w14) == WorkloadCounts(tasksDone: 1))
    }

    @Test func nothingAfterTheExportAndNothingBeforeTheWindowCounts() {
        let tally = Self.tally("u-cg", [.caregiver])
        #expect(tally.total("u-cg", lastWeeks: 12).tasksDone == 1, "done after the export, or before the 12 weeks: not counted")
        #expect(tally.total("u-cg2", lastWeeks: 12).doses == 2, "the dose after the export is not counted")
    }

    @Test func theCareRecipientIsNotCounted() {
        #expect(Self.tally("u-cg", [.caregiver]).counts["u-rec"] == nil)
    }

    @Test func doseLogsAsTheCaregiverSeesThem() {
        let tally = Self.tally("u-cg", [.caregiver])
        #expect(tally.countsDoses)
        #expect(tally.counts("u-cg2", Self.w15).doses == 2, "the caregivers-level log is counted (H6)")
        #expect(tally.total("u-cg", lastWeeks: 12).doses == 0, "the private log is not (H4)")
        #expect(tally.counts("u-org", Self.w15).doses == 1, "the circle-level log is counted (H7)")
        #expect(tally.total("u-cg", lastWeeks: 12).tasksDone == 1, "a task of another circle is not (T1)")
    }

    @Test func anOrganizerGetsNoDoseCounts() {
        let tally = Self.tally("u-org", [.organizer])
        #expect(!tally.countsDoses)
        #expect(tally.everyone(lastWeeks: 12).doses == 0)
        #expect(tally.counts("u-cg", Self.w16).tasksDone == 1, "but every task (T3)")
    }

    @Test func aCaregiverWithoutHealthRecordsGetsNoDoseCounts() {
        let tally = Self.tally("u-cg2", [.caregiver], permissions: MemberPermissions(viewHealth: false))
        #expect(!tally.countsDoses)
        #expect(tally.everyone(lastWeeks: 12).doses == 0)
    }

    @Test func weeksOffAreFinishedWeeksWithNothingDone() {
        let tally = Self.tally("u-cg", [.caregiver])
        #expect(!tally.weeksOff("u-cg", among: tally.finishedWeeks).contains(Self.w16), "the week under way is never a week off")
        #expect(tally.weeksOff("u-cg", among: tally.finishedWeeks).count == 11)
        #expect(!tally.weeksOff("u-sup", among: tally.finishedWeeks).contains(Self.w14))
        #expect(tally.weeksOff("u-cg2", among: tally.finishedWeeks).count == 10, "doses count as work; an overdue task does not")
    }

    /// Overdue "now" counts every open task assigned to someone and due before the export, the
    /// oldest too: a task overdue since before the 12 weeks must not drop out of sight.
    @Test func overdueNowIncludesTasksOverdueSinceBeforeTheWeeksShown() {
        var export = Self.export
        export.tasks.append(Self.task("ancient", due: "2025-01-10T12:00:00Z", assigned: "u-cg"))
        let viewer = Viewer(circleId: Self.circle, userId: "u-cg", roles: [.caregiver])
        let tally = WorkloadTally(context: ReportContext(records: PrivacyPolicy.visibleRecords(for: viewer, in: export)!, now: Self.now))
        #expect(tally.total("u-cg", lastWeeks: 12).overdue == 0, "due before the weeks shown: in no week's row")
        #expect(tally.overdueNow["u-cg"] == 1 && tally.overdueNow["u-cg2"] == 1)
        #expect(tally.unassignedOverdueNow == 1)
        #expect(tally.people.contains("u-cg"))
    }

    /// A week before someone joined is not a week off; nor is any week of someone no longer active
    /// (the export does not say when they left).
    @Test func weeksOffOnlyForWeeksSomeoneWasAMember() {
        let tally = Self.tally("u-cg", [.caregiver])
        let context = ReportContext(
            records: PrivacyPolicy.visibleRecords(for: Viewer(circleId: Self.circle, userId: "u-cg", roles: [.caregiver]), in: Self.export)!, now: Self.now)
        #expect(tally.memberWeeks(CircleMember(userId: "u-cg", roles: [.caregiver]), in: context).count == 11)
        let joined = CircleMember(userId: "u-cg", roles: [.caregiver], joinedAt: Self.at("2025-04-02T10:00:00Z"))
        #expect(tally.memberWeeks(joined, in: context) == [Self.w15], "joined on a Wednesday of week 14: from week 15")
        #expect(tally.memberWeeks(CircleMember(userId: "u-cg", roles: [.caregiver], status: .removed), in: context).isEmpty)
        #expect(tally.memberWeeks(nil, in: context).isEmpty)
    }

    @Test func whoGetsThePage() {
        #expect(Viewer(circleId: Self.circle, userId: "u-cg", roles: [.caregiver]).seesWorkload)
        #expect(Viewer(circleId: Self.circle, userId: "u-org", roles: [.organizer]).seesWorkload)
        #expect(Viewer(circleId: Self.circle, userId: nil, roles: [.organizer]).seesWorkload)
        #expect(!Viewer(circleId: Self.circle, userId: "u-sup", roles: [.supporter]).seesWorkload, "T4: a supporter sees only their own tasks")
        #expect(!Viewer(circleId: Self.circle, userId: "u-rec", roles: [.careRecipient]).seesWorkload)
        #expect(!Viewer(circleId: Self.circle, userId: "u-cg", roles: [.caregiver], permissions: MemberPermissions(viewTasks: false)).seesWorkload, "T2")
    }

    @Test func thePageForAnOrganizerHasNoDoseColumnAndNamesShortened() throws {
        let viewer = Viewer(circleId: Self.circle, userId: "u-org", roles: [.organizer])
        let context = ReportContext(records: PrivacyPolicy.visibleRecords(for: viewer, in: Self.export)!, now: Self.now)
        let catalog = LabCatalog(context)
        let page = WorkloadPageBuilder(context: context, links: SiteLinks(context: context, catalog: catalog)).build()
        #expect(!page.countsDoses)
        #expect(page.shares.map(\.name).contains("u-cg X."))
        #expect(!page.shares.map(\.name).contains { $0.hasPrefix("u-rec") })
        #expect(page.hasUnassignedOverdue && page.unassignedOverdue == 1)
        #expect(page.asOf == "Fri 18 Apr 2025, 12:00")
    }
}
