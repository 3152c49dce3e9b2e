@testable import CareReports
import Foundation
import Testing

/// Readers share work only when the policy's outcomes make their views the same (`ViewKey`), and a
/// circle's facts attach only to records of the export they were made from (`CircleFacts`).
@Suite struct ViewKeyTests {
    static let circle = PolicyTable.circle

    static func record(_ id: String, _ level: PrivacyLevel, visibleTo: [String] = []) -> HealthRecord {
        HealthRecord(
            id: id, title: "record", date: PolicyTable.day, careRecipientId: "u-rec", careCircleId: circle,
            createdBy: Actor(userId: "u-cg", role: .caregiver), privacyLevel: level, visibleTo: visibleTo,
            data: .observation(Observation(kind: .note, text: "note")))
    }

    /// Two caregivers and two organizers, a circle record and a restricted record that names `named`.
    static func export(restrictedFor named: [String], records: [HealthRecord]? = nil) -> CareExport {
        CareExport(
            users: ["u-rec", "u-cg", "u-cg2", "u-org", "u-org2"].map { User(id: $0, firstName: $0, lastName: "X") },
            circles: [
                CareCircle(
                    id: circle, name: "Circle", careRecipient: CareRecipient(userId: "u-rec", firstName: "R", lastName: "X"),
                    members: [
                        CircleMember(userId: "u-rec", roles: [.careRecipient]), CircleMember(userId: "u-cg", roles: [.caregiver]),
                        CircleMember(userId: "u-cg2", roles: [.caregiver]), CircleMember(userId: "u-org", roles: [.organizer]),
                        CircleMember(userId: "u-org2", roles: [.organizer]),
                    ])
            ],
            healthRecords: records ?? [record("h-open", .circle), record("h-restricted", .restricted, visibleTo: named)])
    }

    static func key(_ userId: String, in export: CareExport, language: String = "en") -> ViewKey {
        let viewer = Viewer(circleId: circle, userId: userId, roles: [.caregiver])
        return ViewKey(PrivacyPolicy.visibleRecords(for: viewer, in: export)!, language: language, display: .standard)
    }

    @Test func caregiversWhoSeeTheSameHaveOneView() {
        let export = Self.export(restrictedFor: ["u-cg", "u-cg2"])
        #expect(Self.key("u-cg", in: export) == Self.key("u-cg2", in: export))
    }

    @Test func oneVisibleToRecordApartIsAnotherView() {
        let export = Self.export(restrictedFor: ["u-cg"])
        #expect(Self.key("u-cg", in: export) != Self.key("u-cg2", in: export))
    }

    @Test func theReadersLanguageAndDisplayAreTheirView() {
        let export = Self.export(restrictedFor: ["u-cg", "u-cg2"])
        #expect(Self.key("u-cg", in: export, language: "es") != Self.key("u-cg2", in: export))
        let viewer = Viewer(circleId: Self.circle, userId: "u-cg", roles: [.caregiver])
        let records = PrivacyPolicy.visibleRecords(for: viewer, in: export)!
        #expect(ViewKey(records, language: "en", display: .standard) != ViewKey(records, language: "en", display: ReaderPreferences(largeText: true)))
    }

    @Test func organizersAreNamedForThemselves() {
        // Organizers see others as "First L." but their own name in full: their view names them.
        let export = Self.export(restrictedFor: [])
        let first = Viewer(circleId: Self.circle, userId: "u-org", roles: [.organizer])
        let second = Viewer(circleId: Self.circle, userId: "u-org2", roles: [.organizer])
        let a = ViewKey(PrivacyPolicy.visibleRecords(for: first, in: export)!, language: "en", display: .standard)
        let b = ViewKey(PrivacyPolicy.visibleRecords(for: second, in: export)!, language: "en", display: .standard)
        #expect(a != b)
    }

    @Test func factsAttachOnlyToTheirOwnExport() {
        let export = Self.export(restrictedFor: ["u-cg"])
        let facts = CircleFacts(of: export, circle: Self.circle)
        let viewer = Viewer(circleId: Self.circle, userId: "u-cg", roles: [.caregiver])
        #expect(PrivacyPolicy.visibleRecords(for: viewer, in: export, facts: facts)?.facts != nil)
        // The same records in another export (another storage), or a changed export: no facts.
        let other = Self.export(restrictedFor: ["u-cg"])
        #expect(PrivacyPolicy.visibleRecords(for: viewer, in: other, facts: facts)?.facts == nil)
        var changed = export
        changed.healthRecords.append(Self.record("h-new", .circle))
        #expect(PrivacyPolicy.visibleRecords(for: viewer, in: changed, facts: facts)?.facts == nil)
    }

    @Test func duplicateIdsShareNothing() {
        let export = Self.export(restrictedFor: ["u-cg"], records: [Self.record("h-open", .circle), Self.record("h-open", .restricted, visibleTo: ["u-cg"])])
        let facts = CircleFacts(of: export, circle: Self.circle)
        let viewer = Viewer(circleId: Self.circle, userId: "u-cg", roles: [.caregiver])
        #expect(PrivacyPolicy.visibleRecords(for: viewer, in: export, facts: facts)?.facts == nil)
    }
}
