import Testing
@testable import CareReports

/// The privacy policy as a table (docs: ../shared/design/privacy-policy.md beside the package root): one case per rule
/// H1…H7, T1…T4, U1…U7, and per role for each privacy level. Each case names the viewer, the record
/// and the expected `(visible, rule)`.
@Suite("Privacy policy table")
struct PrivacyPolicyTableTests {
    @Test("decision", arguments: PolicyTable.cases)
    func decision(_ c: PolicyCase) {
        let decision: AccessDecision
        switch c.record {
        case .health(let record): decision = PrivacyPolicy.decide(record, for: c.viewer)
        case .task(let task): decision = PrivacyPolicy.decide(task, for: c.viewer)
        case .update(let update): decision = PrivacyPolicy.decide(update, for: c.viewer)
        }
        #expect(decision.visible == c.visible, "\(c.name): visible")
        #expect(decision.rule == c.rule, "\(c.name): rule (\(decision.reason))")
    }

    @Test("every rule has at least one case, each rule decides both ways where it can")
    func coverage() {
        let rules = Set(PolicyTable.cases.map(\.rule))
        #expect(rules == Set(AccessDecision.Rule.allCases))
        // Rules that can go either way have a visible and a hidden case.
        for rule: AccessDecision.Rule in [.H5, .H6, .H7, .T4, .U5, .U6] {
            let outcomes = Set(PolicyTable.cases.filter { $0.rule == rule }.map(\.visible))
            #expect(outcomes == [true, false], "\(rule) is tested both ways")
        }
    }

    @Test("every role is tested at every privacy level, for health records and updates")
    func rolesByLevel() {
        for role in [Role.careRecipient, .caregiver, .organizer, .supporter] {
            for level in PrivacyLevel.allCases {
                let health = PolicyTable.cases.contains {
                    if case .health(let r) = $0.record { $0.viewer.roles == [role] && r.privacyLevel == level && r.careCircleId == PolicyTable.circle } else { false }
                }
                let update = PolicyTable.cases.contains {
                    if case .update(let u) = $0.record { $0.viewer.roles == [role] && u.visibility.level == level && u.careCircleId == PolicyTable.circle } else { false }
                }
                #expect(health, "health record at \(level) for \(role)")
                #expect(update, "update at \(level) for \(role)")
            }
            let task = PolicyTable.cases.contains {
                if case .task(let t) = $0.record { $0.viewer.roles == [role] && t.careCircleId == PolicyTable.circle } else { false }
            }
            #expect(task, "task for \(role)")
        }
    }

    @Test("the table's viewers come out of ViewerRequest.resolve as the table says")
    func resolvedViewers() throws {
        let recipient = try ViewerRequest(.member(userId: "u-rec", narrowedTo: nil)).resolve(in: PolicyTable.export)
        #expect(recipient.isCareRecipient)
        #expect(recipient.roles == [.supporter, .careRecipient])
        for role in Role.allCases {
            let generic = try ViewerRequest(.role(role)).resolve(in: PolicyTable.export)
            #expect(generic.userId == nil)
            #expect(generic.roles == [role])
        }
    }
}

/// What a table case decides about.
enum PolicyRecord: Sendable {
    case health(HealthRecord)
    case task(CareTask)
    case update(CircleUpdate)
}

struct PolicyCase: Sendable, CustomTestStringConvertible {
    let name: String
    let viewer: Viewer
    let record: PolicyRecord
    let visible: Bool
    let rule: AccessDecision.Rule

    var testDescription: String { "\(rule) \(visible ? "visible" : "hidden"): \(name)" }
}

enum PolicyTable {
    static let circle = "c1"
    static let otherCircle = "c2"
    static let day = CareDate.day(LocalDate(year: 2025, month: 3, day: 14)!)

    // MARK: Viewers

    /// A member holding the role `careRecipient`.
    static let recipient = Viewer(circleId: circle, userId: "u-rec", roles: [.careRecipient])
    static let caregiver = Viewer(circleId: circle, userId: "u-cg", roles: [.caregiver])
    static let organizer = Viewer(circleId: circle, userId: "u-org", roles: [.organizer])
    static let supporter = Viewer(circleId: circle, userId: "u-sup", roles: [.supporter])
    static let organizerSupporter = Viewer(circleId: circle, userId: "u-os", roles: [.organizer, .supporter])
    static let caregiverSupporter = Viewer(circleId: circle, userId: "u-cs", roles: [.caregiver, .supporter])
    /// A member who holds no role at all: the policy is silent, so nothing role-based is granted.
    static let noRole = Viewer(circleId: circle, userId: "u-none", roles: [])

    static func restricted(_ viewer: Viewer, _ permissions: MemberPermissions) -> Viewer {
        Viewer(circleId: viewer.circleId, userId: viewer.userId, roles: viewer.roles, permissions: permissions)
    }

    static let noHealth = MemberPermissions(viewHealth: false)
    static let noTasks = MemberPermissions(viewTasks: false)
    static let noUpdates = MemberPermissions(viewUpdates: false)

    /// An export whose care recipient (`careRecipient.userId` = u-rec) is a member holding only the
    /// role supporter: the recipient is identified by the user id alone.
    static let export = CareExport(
        users: ["u-rec", "u-cg", "u-org", "u-sup"].map { User(id: $0, firstName: $0, lastName: "X") },
        circles: [
            CareCircle(
                id: circle, name: "Circle", careRecipient: CareRecipient(userId: "u-rec", firstName: "R", lastName: "X"),
                members: [
                    CircleMember(userId: "u-rec", roles: [.supporter]),
                    CircleMember(userId: "u-cg", roles: [.caregiver]),
                    CircleMember(userId: "u-org", roles: [.organizer]),
                    CircleMember(userId: "u-sup", roles: [.supporter]),
                ])
        ])

    /// The care recipient identified by `careRecipient.userId`, holding only the role supporter.
    static let recipientById = try! ViewerRequest(.member(userId: "u-rec", narrowedTo: nil)).resolve(in: export)

    /// A generic `--role` viewer: no user id.
    static func generic(_ role: Role) -> Viewer { try! ViewerRequest(.role(role)).resolve(in: export) }

    // MARK: Records

    static func health(_ level: PrivacyLevel, visibleTo: [String] = [], in circleId: String = circle) -> HealthRecord {
        HealthRecord(
            id: "h", title: "record", date: day, careRecipientId: "u-rec", careCircleId: circleId,
            createdBy: Actor(userId: "u-cg", role: .caregiver), privacyLevel: level, visibleTo: visibleTo,
            data: .observation(Observation(kind: .note, text: "note")))
    }

    static func task(assignedTo: String? = nil, in circleId: String = circle) -> CareTask {
        CareTask(
            id: "t", title: "task", dueDate: day, createdAt: day, createdBy: Actor(userId: "u-cg", role: .caregiver),
            assignedTo: assignedTo.map { TaskAssignment(userId: $0, role: .supporter) }, careCircleId: circleId)
    }

    static func update(_ level: PrivacyLevel, author: String = "u-author", userIds: [String] = [], in circleId: String = circle) -> CircleUpdate {
        CircleUpdate(
            id: "u", content: "update", authorId: author, authorRole: .caregiver, careCircleId: circleId, timestamp: day,
            visibility: UpdateVisibility(level: level, userIds: userIds))
    }

    static func c(_ name: String, _ viewer: Viewer, _ record: HealthRecord, _ visible: Bool, _ rule: AccessDecision.Rule) -> PolicyCase {
        PolicyCase(name: name, viewer: viewer, record: .health(record), visible: visible, rule: rule)
    }

    static func c(_ name: String, _ viewer: Viewer, _ record: CareTask, _ visible: Bool, _ rule: AccessDecision.Rule) -> PolicyCase {
        PolicyCase(name: name, viewer: viewer, record: .task(record), visible: visible, rule: rule)
    }

    static func c(_ name: String, _ viewer: Viewer, _ record: CircleUpdate, _ visible: Bool, _ rule: AccessDecision.Rule) -> PolicyCase {
        PolicyCase(name: name, viewer: viewer, record: .update(record), visible: visible, rule: rule)
    }

    // MARK: Cases

    static let healthCases: [PolicyCase] = [
        // H1: another circle's record, even for the recipient, even when named in visibleTo.
        c("caregiver, circle record of another circle", caregiver, health(.circle, in: otherCircle), false, .H1),
        c("recipient, record of another circle", recipient, health(.circle, in: otherCircle), false, .H1),
        c("supporter named in visibleTo of another circle's restricted record", supporter,
          health(.restricted, visibleTo: ["u-sup"], in: otherCircle), false, .H1),

        // H2: the care recipient sees every level, before any member restriction.
        c("recipient, private", recipient, health(.private), true, .H2),
        c("recipient, restricted, not in visibleTo", recipient, health(.restricted, visibleTo: ["u-cg"]), true, .H2),
        c("recipient, caregivers", recipient, health(.caregivers), true, .H2),
        c("recipient, circle", recipient, health(.circle), true, .H2),
        c("recipient with viewHealth false still sees their own record", restricted(recipient, noHealth), health(.private), true, .H2),
        c("recipient by careRecipient.userId without the role, private", recipientById, health(.private), true, .H2),
        c("generic --role careRecipient, private", generic(.careRecipient), health(.private), true, .H2),

        // H3: viewHealth false hides everything, even a record shared with the viewer.
        c("caregiver with viewHealth false, circle", restricted(caregiver, noHealth), health(.circle), false, .H3),
        c("caregiver with viewHealth false, caregivers", restricted(caregiver, noHealth), health(.caregivers), false, .H3),
        c("supporter with viewHealth false, named in restricted visibleTo", restricted(supporter, noHealth),
          health(.restricted, visibleTo: ["u-sup"]), false, .H3),

        // H4: private is hidden from every role but the recipient, visibleTo notwithstanding.
        c("caregiver, private", caregiver, health(.private), false, .H4),
        c("organizer, private", organizer, health(.private), false, .H4),
        c("supporter, private", supporter, health(.private), false, .H4),
        c("caregiver named in visibleTo, private", caregiver, health(.private, visibleTo: ["u-cg"]), false, .H4),
        c("caregiver with viewHealth true, private", restricted(caregiver, MemberPermissions(viewHealth: true)), health(.private), false, .H4),

        // H5: restricted is visible exactly to the ids in visibleTo, whatever the role.
        c("caregiver not in visibleTo, restricted", caregiver, health(.restricted, visibleTo: ["u-org"]), false, .H5),
        c("caregiver in visibleTo, restricted", caregiver, health(.restricted, visibleTo: ["u-org", "u-cg"]), true, .H5),
        c("organizer not in visibleTo, restricted", organizer, health(.restricted), false, .H5),
        c("organizer in visibleTo, restricted", organizer, health(.restricted, visibleTo: ["u-org"]), true, .H5),
        c("supporter not in visibleTo, restricted", supporter, health(.restricted, visibleTo: ["u-cg"]), false, .H5),
        c("supporter in visibleTo, restricted", supporter, health(.restricted, visibleTo: ["u-sup"]), true, .H5),
        c("generic --role caregiver never matches visibleTo", generic(.caregiver),
          health(.restricted, visibleTo: ["u-rec", "u-cg", "u-org", "u-sup"]), false, .H5),
        c("generic --role supporter never matches visibleTo", generic(.supporter),
          health(.restricted, visibleTo: ["u-rec", "u-cg", "u-org", "u-sup"]), false, .H5),

        // H6: caregivers level: role caregiver only.
        c("caregiver, caregivers", caregiver, health(.caregivers), true, .H6),
        c("organizer, caregivers", organizer, health(.caregivers), false, .H6),
        c("supporter, caregivers", supporter, health(.caregivers), false, .H6),
        c("supporter named in visibleTo of a caregivers record", supporter, health(.caregivers, visibleTo: ["u-sup"]), false, .H6),
        c("caregiver+supporter, caregivers (union)", caregiverSupporter, health(.caregivers), true, .H6),
        c("organizer+supporter, caregivers", organizerSupporter, health(.caregivers), false, .H6),
        c("generic --role caregiver, caregivers", generic(.caregiver), health(.caregivers), true, .H6),
        c("generic --role organizer, caregivers", generic(.organizer), health(.caregivers), false, .H6),

        // H7: circle level: caregivers and organizers, never supporters.
        c("caregiver, circle", caregiver, health(.circle), true, .H7),
        c("organizer, circle", organizer, health(.circle), true, .H7),
        c("supporter, circle", supporter, health(.circle), false, .H7),
        c("supporter named in visibleTo of a circle record", supporter, health(.circle, visibleTo: ["u-sup"]), false, .H7),
        c("organizer+supporter, circle (union)", organizerSupporter, health(.circle), true, .H7),
        c("generic --role organizer, circle", generic(.organizer), health(.circle), true, .H7),
        c("generic --role supporter, circle", generic(.supporter), health(.circle), false, .H7),
        c("member with no role, circle", noRole, health(.circle), false, .H7),
    ]

    static let taskCases: [PolicyCase] = [
        // T1: another circle's task.
        c("caregiver, another circle's task", caregiver, task(in: otherCircle), false, .T1),
        c("recipient, another circle's task", recipient, task(in: otherCircle), false, .T1),
        c("supporter, another circle's task assigned to them", supporter, task(assignedTo: "u-sup", in: otherCircle), false, .T1),

        // T2: viewTasks false hides every task, even for the recipient or the assignee.
        c("caregiver with viewTasks false", restricted(caregiver, noTasks), task(), false, .T2),
        c("recipient with viewTasks false", restricted(recipient, noTasks), task(), false, .T2),
        c("supporter with viewTasks false, assigned to them", restricted(supporter, noTasks), task(assignedTo: "u-sup"), false, .T2),

        // T3: recipient, caregiver and organizer see every task.
        c("recipient, unassigned task", recipient, task(), true, .T3),
        c("caregiver, task assigned to someone else", caregiver, task(assignedTo: "u-sup"), true, .T3),
        c("organizer, unassigned task", organizer, task(), true, .T3),
        c("organizer+supporter, task not assigned to them (union)", organizerSupporter, task(assignedTo: "u-sup"), true, .T3),
        c("recipient by careRecipient.userId without the role, unassigned task", recipientById, task(), true, .T3),
        c("generic --role organizer, unassigned task", generic(.organizer), task(), true, .T3),

        // T4: a supporter sees only the tasks assigned to them.
        c("supporter, task assigned to them", supporter, task(assignedTo: "u-sup"), true, .T4),
        c("supporter, task assigned to someone else", supporter, task(assignedTo: "u-cg"), false, .T4),
        c("supporter, unassigned task", supporter, task(), false, .T4),
        c("supporter with viewTasks true, task assigned to them", restricted(supporter, MemberPermissions(viewTasks: true)),
          task(assignedTo: "u-sup"), true, .T4),
        c("generic --role supporter, unassigned task", generic(.supporter), task(), false, .T4),
        c("generic --role supporter, assigned task", generic(.supporter), task(assignedTo: "u-sup"), false, .T4),
        c("member with no role, task assigned to them", noRole, task(assignedTo: "u-none"), false, .T4),
    ]

    static let updateCases: [PolicyCase] = [
        // U1: another circle's update, even the viewer's own.
        c("caregiver, another circle's update", caregiver, update(.circle, in: otherCircle), false, .U1),
        c("author, own update in another circle", supporter, update(.circle, author: "u-sup", in: otherCircle), false, .U1),

        // U2: the author sees their own update, whatever its level and their permissions.
        c("supporter author, own private update", supporter, update(.private, author: "u-sup"), true, .U2),
        c("organizer author, own restricted update not naming them", organizer, update(.restricted, author: "u-org"), true, .U2),
        c("supporter author, own caregivers update", supporter, update(.caregivers, author: "u-sup"), true, .U2),
        c("author with viewUpdates false, own update", restricted(supporter, noUpdates), update(.circle, author: "u-sup"), true, .U2),

        // U3: viewUpdates false hides everything not written by the viewer, even for the recipient.
        c("caregiver with viewUpdates false, circle update", restricted(caregiver, noUpdates), update(.circle), false, .U3),
        c("recipient with viewUpdates false, circle update", restricted(recipient, noUpdates), update(.circle), false, .U3),
        c("supporter with viewUpdates false, named in restricted update", restricted(supporter, noUpdates),
          update(.restricted, userIds: ["u-sup"]), false, .U3),

        // U4: private is hidden from everyone but the author.
        c("recipient, private update", recipient, update(.private), false, .U4),
        c("caregiver, private update", caregiver, update(.private), false, .U4),
        c("organizer, private update", organizer, update(.private), false, .U4),
        c("supporter, private update", supporter, update(.private), false, .U4),
        c("supporter named in userIds of a private update", supporter, update(.private, userIds: ["u-sup"]), false, .U4),

        // U5: restricted: the recipient and the ids in userIds.
        c("recipient, restricted update not naming them", recipient, update(.restricted, userIds: ["u-cg"]), true, .U5),
        c("recipient by careRecipient.userId without the role, restricted update", recipientById, update(.restricted), true, .U5),
        c("caregiver not in userIds, restricted update", caregiver, update(.restricted, userIds: ["u-org"]), false, .U5),
        c("caregiver in userIds, restricted update", caregiver, update(.restricted, userIds: ["u-cg"]), true, .U5),
        c("organizer not in userIds, restricted update", organizer, update(.restricted), false, .U5),
        c("supporter not in userIds, restricted update", supporter, update(.restricted, userIds: ["u-cg"]), false, .U5),
        c("supporter in userIds, restricted update", supporter, update(.restricted, userIds: ["u-sup"]), true, .U5),
        c("generic --role caregiver never matches userIds", generic(.caregiver),
          update(.restricted, userIds: ["u-rec", "u-cg", "u-org", "u-sup"]), false, .U5),

        // U6: caregivers level: the recipient and caregivers.
        c("recipient, caregivers update", recipient, update(.caregivers), true, .U6),
        c("recipient by careRecipient.userId without the role, caregivers update", recipientById, update(.caregivers), true, .U6),
        c("caregiver, caregivers update", caregiver, update(.caregivers), true, .U6),
        c("organizer, caregivers update", organizer, update(.caregivers), false, .U6),
        c("supporter, caregivers update", supporter, update(.caregivers), false, .U6),
        c("supporter named in userIds of a caregivers update", supporter, update(.caregivers, userIds: ["u-sup"]), false, .U6),
        c("organizer+supporter, caregivers update", organizerSupporter, update(.caregivers), false, .U6),
        c("caregiver+supporter, caregivers update (union)", caregiverSupporter, update(.caregivers), true, .U6),

        // U7: circle level: every active member.
        c("recipient, circle update", recipient, update(.circle), true, .U7),
        c("caregiver, circle update", caregiver, update(.circle), true, .U7),
        c("organizer, circle update", organizer, update(.circle), true, .U7),
        c("supporter, circle update", supporter, update(.circle), true, .U7),
        c("generic --role supporter, circle update", generic(.supporter), update(.circle), true, .U7),
    ]

    static let cases: [PolicyCase] = healthCases + taskCases + updateCases
}
