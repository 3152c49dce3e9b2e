import Testing
@testable import CareReports

/// Every viewer form of the command line, through `ViewerRequest.resolve(in:)`.
@Suite("Privacy viewer resolution")
struct PrivacyViewerResolutionTests {
    static func member(
        _ id: String, _ roles: [Role], status: MemberStatus = .active, permissions: MemberPermissions = MemberPermissions()
    ) -> CircleMember {
        CircleMember(userId: id, roles: roles, permissions: permissions, status: status)
    }

    static func circle(_ id: String, recipient: String = "u-rec", _ members: [CircleMember]) -> CareCircle {
        CareCircle(id: id, name: "Circle \(id)", careRecipient: CareRecipient(userId: recipient, firstName: "R", lastName: "X"), members: members)
    }

    static let limited = MemberPermissions(viewHealth: false, viewTasks: nil, viewUpdates: false)

    /// One circle: the recipient (u-rec) is a member holding only `caregiver`; u-os is organizer and supporter.
    static let single = CareExport(circles: [
        circle("c1", [
            member("u-rec", [.caregiver]),
            member("u-os", [.organizer, .supporter], permissions: limited),
            member("u-cr", [.careRecipient]),
            member("u-sup", [.supporter]),
            member("u-pending", [.caregiver], status: .pending),
            member("u-removed", [.organizer], status: .removed),
            member("u-inactive", [.supporter], status: .inactive),
        ])
    ])

    /// Two circles: u-both is in both, u-one only in c2 (u-gone too, removed), u-rec only in c1.
    static let two = CareExport(circles: [
        circle("c1", [member("u-rec", [.careRecipient]), member("u-both", [.caregiver])]),
        circle("c2", recipient: "u-rec2", [
            member("u-rec2", [.careRecipient]), member("u-both", [.supporter], permissions: limited), member("u-one", [.organizer]),
            member("u-gone", [.caregiver], status: .removed),
        ]),
    ])

    // MARK: --viewer

    @Test("--viewer: an active member gets the union of their roles and their own permissions")
    func memberUnion() throws {
        let viewer = try ViewerRequest(.member(userId: "u-os", narrowedTo: nil)).resolve(in: Self.single)
        #expect(viewer.circleId == "c1")
        #expect(viewer.userId == "u-os")
        #expect(viewer.roles == [.organizer, .supporter])
        #expect(viewer.permissions == Self.limited)
        #expect(!viewer.isCareRecipient)
    }

    @Test("--viewer: the member whose id is careRecipient.userId is the recipient without holding the role")
    func recipientImpliedByUserId() throws {
        let viewer = try ViewerRequest(.member(userId: "u-rec", narrowedTo: nil)).resolve(in: Self.single)
        #expect(viewer.isCareRecipient)
        #expect(viewer.roles == [.caregiver, .careRecipient])
    }

    @Test("--viewer: a member holding the role careRecipient is the recipient")
    func recipientByRole() throws {
        let viewer = try ViewerRequest(.member(userId: "u-cr", narrowedTo: nil)).resolve(in: Self.single)
        #expect(viewer.isCareRecipient)
        #expect(viewer.roles == [.careRecipient])
    }

    // MARK: --as

    @Test("--as narrows the viewer to one role they hold, keeping their id and permissions")
    func narrowing() throws {
        let viewer = try ViewerRequest(.member(userId: "u-os", narrowedTo: .supporter)).resolve(in: Self.single)
        #expect(viewer.userId == "u-os")
        #expect(viewer.roles == [.supporter])
        #expect(viewer.permissions == Self.limited)
        // The recipient (by user id) may narrow to careRecipient, or to a role held.
        let recipient = try ViewerRequest(.member(userId: "u-rec", narrowedTo: .careRecipient)).resolve(in: Self.single)
        #expect(recipient.roles == [.careRecipient])
        let asCaregiver = try ViewerRequest(.member(userId: "u-rec", narrowedTo: .caregiver)).resolve(in: Self.single)
        #expect(asCaregiver.roles == [.caregiver])
    }

    @Test("--as a role not held is an error with exit status 64", arguments: [
        ("u-os", Role.caregiver), ("u-os", .careRecipient), ("u-sup", .organizer), ("u-rec", .supporter),
    ])
    func roleNotHeld(_ userId: String, _ role: Role) {
        #expect(throws: ViewerError.roleNotHeld(userId, role)) {
            try ViewerRequest(.member(userId: userId, narrowedTo: role)).resolve(in: Self.single)
        }
        #expect(ViewerError.roleNotHeld(userId, role).exitCode == 64)
    }

    // MARK: --role

    @Test("--role: a generic viewer of that role, with no user id and no permissions", arguments: Role.allCases)
    func genericRole(_ role: Role) throws {
        let viewer = try ViewerRequest(.role(role)).resolve(in: Self.single)
        #expect(viewer.circleId == "c1")
        #expect(viewer.userId == nil)
        #expect(viewer.roles == [role])
        #expect(viewer.permissions == MemberPermissions())
        #expect(viewer.isCareRecipient == (role == .careRecipient))
    }

    // MARK: Viewers who get nothing

    @Test("--viewer who is not a member: unknownViewer, exit status 67")
    func unknownViewer() {
        #expect(throws: ViewerError.unknownViewer("u-stranger")) {
            try ViewerRequest(.member(userId: "u-stranger", narrowedTo: nil)).resolve(in: Self.single)
        }
        #expect(throws: ViewerError.unknownViewer("u-stranger")) {
            try ViewerRequest(.member(userId: "u-stranger", narrowedTo: .caregiver)).resolve(in: Self.single)
        }
        // Several circles, a member of none of them.
        #expect(throws: ViewerError.unknownViewer("u-stranger")) {
            try ViewerRequest(.member(userId: "u-stranger", narrowedTo: nil)).resolve(in: Self.two)
        }
        // A member of c1 asking for c2.
        #expect(throws: ViewerError.unknownViewer("u-rec")) {
            try ViewerRequest(.member(userId: "u-rec", narrowedTo: nil), circleId: "c2").resolve(in: Self.two)
        }
        #expect(ViewerError.unknownViewer("u-stranger").exitCode == 67)
    }

    @Test("--viewer whose membership is not active: inactiveViewer, exit status 67", arguments: [
        ("u-pending", MemberStatus.pending), ("u-removed", .removed), ("u-inactive", .inactive),
    ])
    func inactiveViewer(_ userId: String, _ status: MemberStatus) {
        #expect(throws: ViewerError.inactiveViewer(userId, status)) {
            try ViewerRequest(.member(userId: userId, narrowedTo: nil)).resolve(in: Self.single)
        }
        #expect(throws: ViewerError.inactiveViewer(userId, status)) {
            try ViewerRequest(.member(userId: userId, narrowedTo: nil), circleId: "c1").resolve(in: Self.single)
        }
        #expect(ViewerError.inactiveViewer(userId, status).exitCode == 67)
    }

    // MARK: Choosing the circle

    @Test("several circles and no --circle: a generic role needs --circle (exit 64)", arguments: Role.allCases)
    func circleRequiredForRole(_ role: Role) {
        #expect(throws: ViewerError.circleRequired(["c1", "c2"])) {
            try ViewerRequest(.role(role)).resolve(in: Self.two)
        }
        #expect(ViewerError.circleRequired(["c1", "c2"]).exitCode == 64)
    }

    @Test("several circles and no --circle: an active member of several circles needs --circle")
    func circleRequiredForMemberOfSeveral() {
        #expect(throws: ViewerError.circleRequired(["c1", "c2"])) {
            try ViewerRequest(.member(userId: "u-both", narrowedTo: nil)).resolve(in: Self.two)
        }
    }

    @Test("several circles and no --circle: a member of exactly one of them resolves to it")
    func memberOfOneCircle() throws {
        let one = try ViewerRequest(.member(userId: "u-one", narrowedTo: nil)).resolve(in: Self.two)
        #expect(one.circleId == "c2")
        #expect(one.roles == [.organizer])
        let rec = try ViewerRequest(.member(userId: "u-rec", narrowedTo: nil)).resolve(in: Self.two)
        #expect(rec.circleId == "c1")
        #expect(rec.isCareRecipient)
        // A former member of exactly one circle is told they are not active, without --circle too.
        #expect(throws: ViewerError.inactiveViewer("u-gone", .removed)) {
            try ViewerRequest(.member(userId: "u-gone", narrowedTo: nil)).resolve(in: Self.two)
        }
    }

    @Test("--circle chooses the circle, and the member's roles and permissions there")
    func explicitCircle() throws {
        let inC1 = try ViewerRequest(.member(userId: "u-both", narrowedTo: nil), circleId: "c1").resolve(in: Self.two)
        #expect(inC1.circleId == "c1")
        #expect(inC1.roles == [.caregiver])
        #expect(inC1.permissions == MemberPermissions())
        let inC2 = try ViewerRequest(.member(userId: "u-both", narrowedTo: nil), circleId: "c2").resolve(in: Self.two)
        #expect(inC2.circleId == "c2")
        #expect(inC2.roles == [.supporter])
        #expect(inC2.permissions == Self.limited)
        // The recipient of c1 is not the recipient of c2 (u-rec2 is), even though they are c1's.
        let rec2 = try ViewerRequest(.member(userId: "u-rec2", narrowedTo: nil), circleId: "c2").resolve(in: Self.two)
        #expect(rec2.isCareRecipient)
        let generic = try ViewerRequest(.role(.supporter), circleId: "c2").resolve(in: Self.two)
        #expect(generic.circleId == "c2")
        #expect(generic.userId == nil)
    }

    @Test("an unknown --circle is an error with exit status 64")
    func unknownCircle() {
        #expect(throws: ViewerError.unknownCircle("c9")) {
            try ViewerRequest(.role(.caregiver), circleId: "c9").resolve(in: Self.two)
        }
        #expect(throws: ViewerError.unknownCircle("c9")) {
            try ViewerRequest(.member(userId: "u-rec", narrowedTo: nil), circleId: "c9").resolve(in: Self.single)
        }
        #expect(ViewerError.unknownCircle("c9").exitCode == 64)
    }

    @Test("an export without circles resolves no viewer")
    func noCircles() {
        #expect(throws: ViewerError.noCircles) {
            try ViewerRequest(.role(.caregiver)).resolve(in: CareExport())
        }
        #expect(throws: ViewerError.noCircles) {
            try ViewerRequest(.member(userId: "u-rec", narrowedTo: nil)).resolve(in: CareExport())
        }
    }

    /// The roles the policy asks about are the viewer's roles, for every set of roles.
    @Test func aViewerHasExactlyItsRoles() {
        for bits in 0..<(1 << Role.allCases.count) {
            let roles = Set(Role.allCases.enumerated().filter { bits & (1 << $0.offset) != 0 }.map(\.element))
            let viewer = Viewer(circleId: "c", userId: "u", roles: roles)
            for role in Role.allCases { #expect(viewer.has(role) == roles.contains(role), "\(roles) \(role)") }
            #expect(viewer.isCareRecipient == roles.contains(.careRecipient))
        }
    }
}
