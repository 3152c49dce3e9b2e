import Testing
@testable import CareReports

/// Issue 23: a reader of several circles is, in each circle, exactly the viewer `--circle` would
/// give: their roles and permissions there, never another circle's; removed and pending
/// memberships give nothing; and each circle's visible records are that circle's alone.
@Suite("Privacy: one reader, every circle")
struct ReaderCirclesTests {
    typealias Fixture = PrivacyViewerResolutionTests

    @Test func eachCirclesViewerIsTheOneCircleGives() throws {
        for user in ["u-both", "u-one", "u-gone", "u-rec", "u-rec2"] {
            let viewers = ReaderCircles.viewers(of: user, in: Fixture.two)
            for viewer in viewers {
                let alone = try ViewerRequest(.member(userId: user, narrowedTo: nil), circleId: viewer.circleId).resolve(in: Fixture.two)
                #expect(viewer == alone, "\(user) in \(viewer.circleId)")
            }
        }
        let both = ReaderCircles.viewers(of: "u-both", in: Fixture.two)
        #expect(both.map(\.circleId) == ["c1", "c2"])
        #expect(both[0].roles == [.caregiver] && both[0].permissions.viewHealth == nil)
        #expect(both[1].roles == [.supporter] && both[1].permissions.viewHealth == false, "the restriction of c2 only")
        #expect(ReaderCircles.viewers(of: "u-gone", in: Fixture.two).isEmpty, "removed in its only circle")
        #expect(ReaderCircles.viewers(of: "u-both", narrowedTo: .supporter, in: Fixture.two).map(\.circleId) == ["c2"])
    }

    @Test func eachCirclesRecordsAreThatCirclesAloneOnTheSample() throws {
        let export = try VisitFixture.sample()
        var readers = 0
        for user in export.users {
            let viewers = ReaderCircles.viewers(of: user.id, in: export)
            readers += viewers.count > 1 ? 1 : 0
            for viewer in viewers {
                let records = try #require(PrivacyPolicy.visibleRecords(for: viewer, in: export))
                #expect(records.healthRecords.allSatisfy { $0.careCircleId == viewer.circleId })
                #expect(records.tasks.allSatisfy { $0.careCircleId == viewer.circleId })
                #expect(records.updates.allSatisfy { $0.careCircleId == viewer.circleId })
                let alone = try ViewerRequest(.member(userId: user.id, narrowedTo: nil), circleId: viewer.circleId).resolve(in: export)
                let expected = try #require(PrivacyPolicy.visibleRecords(for: alone, in: export))
                #expect(records.healthRecords.map(\.id) == expected.healthRecords.map(\.id))
                #expect(records.tasks.map(\.id) == expected.tasks.map(\.id))
                #expect(records.updates.map(\.id) == expected.updates.map(\.id))
            }
        }
        #expect(readers == 1, "Rosa is the sample's reader of two circles")
        // Rosa, a caregiver in Walter's circle, is a supporter in Margaret's: none of Margaret's
        // caregivers' records, and the restricted ones that name her.
        let rosa = ReaderCircles.viewers(of: "u-rosa", in: export)
        let margaret = try #require(PrivacyPolicy.visibleRecords(for: rosa[0], in: export))
        #expect(margaret.healthRecords.allSatisfy { $0.privacyLevel == .restricted })
        #expect(margaret.healthRecords.contains { $0.id == "hr-appt-2025-04-24-cardiology" })
        let overview = CircleOverview(context: ReportContext(records: margaret, now: VisitFixture.now), folder: "c/m", keepsItems: true)
        #expect(overview.missedDoses == "—" && overview.missedDosesNote != nil)
        #expect(overview.links.map(\.label) == ["Weekly summaries"])
    }

    /// A caseload row never says "0 doses missed" for a circle where no dose was due this week: a
    /// care manager would read that as every dose taken.
    @Test func noDoseDueIsADashNotAZero() throws {
        var export = try VisitFixture.sample()
        let walter = try #require(ReaderCircles.viewers(of: "u-rosa", in: export).last)
        let due = CircleOverview(
            context: ReportContext(records: try #require(PrivacyPolicy.visibleRecords(for: walter, in: export)), now: VisitFixture.now),
            folder: "c/w", keepsItems: false)
        #expect(Int(due.missedDoses) != nil && due.missedDosesNote == nil, "Walter's medicines are due every day")
        export.healthRecords.removeAll { if case .medication = $0.data { return true } else { return false } }
        let records = try #require(PrivacyPolicy.visibleRecords(for: walter, in: export))
        let none = CircleOverview(context: ReportContext(records: records, now: VisitFixture.now), folder: "c/w", keepsItems: false)
        #expect(none.missedDoses == "—")
        #expect(none.missedDosesNote == "No doses were scheduled this week.")
    }
}
