import PropertyBased
import Testing
@testable import CareReports

/// The privacy policy over generated exports: for every viewer and every record, the production
/// policy agrees with the restatement below (written from privacy-policy.md, without calling the
/// production rules), `visibleRecords` holds exactly the visible records, and every record's marker
/// strings appear in a text dump of what the viewer is given exactly when the record is visible.
@Suite("Privacy policy properties")
struct PrivacyPolicyPropertyTests {
    @Test("decide, visibleRecords and the dump agree with an independent restatement of the policy")
    func policyAgreesWithRestatement() async {
        await propertyCheck(count: 300, input: GeneratedExport.generator) { generated in
            let failures = PolicyOracle.check(generated)
            #expect(failures.isEmpty, "\(failures.count) disagreements, first: \(failures.prefix(8).joined(separator: "\n"))\nin \(generated)")
        }
    }

    @Test("the generated exports exercise every rule, both ways where a rule can go both ways")
    func generatorCoversEveryRule() {
        var outcomes: [AccessDecision.Rule: Set<Bool>] = [:]
        var rng = Xoshiro(seed: (1, 2, 3, 4))
        for _ in 0..<300 {
            let generated = GeneratedExport.generator.run(using: &rng)
            for request in generated.requests {
                guard case .success(let viewer) = PolicyOracle.resolve(request, in: generated.export) else { continue }
                for r in generated.export.healthRecords { let e = PolicyOracle.expected(r, viewer); outcomes[e.rule, default: []].insert(e.visible) }
                for t in generated.export.tasks { let e = PolicyOracle.expected(t, viewer); outcomes[e.rule, default: []].insert(e.visible) }
                for u in generated.export.updates { let e = PolicyOracle.expected(u, viewer); outcomes[e.rule, default: []].insert(e.visible) }
            }
        }
        for rule in AccessDecision.Rule.allCases {
            let both: Bool = [.H5, .H6, .H7, .T4, .U5, .U6].contains(rule)
            #expect(outcomes[rule]?.count == (both ? 2 : 1), "\(rule): \(outcomes[rule] ?? [])")
        }
    }
}

// MARK: - The generated export

struct GeneratedExport: Sendable, CustomStringConvertible {
    let export: CareExport
    /// Every member of every circle (any status), some narrowed with `--as`, a stranger, and every generic role.
    let requests: [ViewerRequest]

    static let people = ["p0", "p1", "p2", "p3", "p4", "p5"]
    static let strangers = ["p-stranger"]
    static let day = CareDate.day(LocalDate(year: 2025, month: 6, day: 1)!)

    static let generator = Generator<GeneratedExport, Shrink.None<GeneratedExport>> { rng in make(&rng) }

    static func chance(_ p: Double, _ rng: inout any SeededRandomNumberGenerator) -> Bool {
        Double.random(in: 0..<1, using: &rng) < p
    }

    static func pick<T>(_ items: [T], _ rng: inout any SeededRandomNumberGenerator) -> T {
        items[Int.random(in: 0..<items.count, using: &rng)]
    }

    static func subset<T>(_ items: [T], _ p: Double, _ rng: inout any SeededRandomNumberGenerator) -> [T] {
        items.filter { _ in chance(p, &rng) }
    }

    static func permission(_ rng: inout any SeededRandomNumberGenerator) -> Bool? {
        pick([nil, nil, true, false], &rng)
    }

    static func make(_ rng: inout any SeededRandomNumberGenerator) -> GeneratedExport {
        let circleIds = Array(["c0", "c1"].prefix(Int.random(in: 1...2, using: &rng)))
        var circles: [CareCircle] = []
        for id in circleIds {
            var members: [CircleMember] = []
            for person in people where chance(0.7, &rng) {
                members.append(CircleMember(
                    userId: person,
                    roles: subset(Role.allCases, 0.35, &rng),
                    permissions: MemberPermissions(viewHealth: permission(&rng), viewTasks: permission(&rng), viewUpdates: permission(&rng)),
                    status: chance(0.75, &rng) ? .active : pick([.pending, .inactive, .removed], &rng)))
            }
            // The recipient is usually a member, sometimes someone outside the circle.
            let recipient = chance(0.85, &rng) ? pick(people, &rng) : "p-outside"
            circles.append(CareCircle(
                id: id, name: "Circle \(id)", careRecipient: CareRecipient(userId: recipient, firstName: "R", lastName: "X"),
                members: members))
        }
        func circleId(_ rng: inout any SeededRandomNumberGenerator) -> String {
            chance(0.1, &rng) ? "c-elsewhere" : pick(circleIds, &rng)
        }
        let ids = people + strangers

        var health: [HealthRecord] = []
        for i in 0..<Int.random(in: 0...8, using: &rng) {
            let id = "h\(i)"
            health.append(HealthRecord(
                id: id, title: marker(id, "title"), description: marker(id, "description"), date: day,
                careRecipientId: "p0", careCircleId: circleId(&rng), createdBy: Actor(userId: pick(people, &rng), role: .caregiver),
                privacyLevel: pick(PrivacyLevel.allCases, &rng), visibleTo: subset(ids, 0.3, &rng),
                data: .observation(Observation(kind: .note, text: marker(id, "text")))))
        }
        var tasks: [CareTask] = []
        for i in 0..<Int.random(in: 0...6, using: &rng) {
            let id = "t\(i)"
            let assignee: String? = chance(0.75, &rng) ? pick(ids, &rng) : nil
            tasks.append(CareTask(
                id: id, title: marker(id, "title"), description: marker(id, "description"), dueDate: day, createdAt: day,
                createdBy: Actor(userId: pick(people, &rng), role: .organizer),
                assignedTo: assignee.map { TaskAssignment(userId: $0, role: .supporter) }, careCircleId: circleId(&rng),
                notes: [TaskNote(content: marker(id, "note"), authorId: pick(people, &rng), createdAt: day)],
                completionDetails: chance(0.5, &rng) ? CompletionDetails(completedAt: day, completedBy: pick(people, &rng), notes: marker(id, "completion")) : nil))
        }
        var updates: [CircleUpdate] = []
        for i in 0..<Int.random(in: 0...6, using: &rng) {
            let id = "u\(i)"
            updates.append(CircleUpdate(
                id: id, content: marker(id, "content"), authorId: pick(ids, &rng), authorRole: pick(Role.allCases, &rng),
                careCircleId: circleId(&rng), timestamp: day,
                visibility: UpdateVisibility(level: pick(PrivacyLevel.allCases, &rng), userIds: subset(ids, 0.3, &rng)),
                comments: [UpdateComment(authorId: pick(people, &rng), content: marker(id, "comment"), timestamp: day)]))
        }

        var requests: [ViewerRequest] = []
        for circle in circles {
            for member in circle.members {
                requests.append(ViewerRequest(.member(userId: member.userId, narrowedTo: nil), circleId: circle.id))
                if chance(0.5, &rng) {
                    requests.append(ViewerRequest(.member(userId: member.userId, narrowedTo: pick(Role.allCases, &rng)), circleId: circle.id))
                }
            }
            requests.append(ViewerRequest(.member(userId: "p-stranger", narrowedTo: nil), circleId: circle.id))
            for role in Role.allCases { requests.append(ViewerRequest(.role(role), circleId: circle.id)) }
        }

        let users = (people + ["p-outside"]).map { User(id: $0, firstName: "First\($0)", lastName: "Last\($0)") }
        return GeneratedExport(
            export: CareExport(users: users, circles: circles, tasks: tasks, healthRecords: health, updates: updates),
            requests: requests)
    }

    /// The marker of one text field of one record; no marker is a part of another.
    static func marker(_ id: String, _ field: String) -> String { "<<MARK \(id).\(field)>>" }

    var description: String {
        var lines: [String] = []
        for c in export.circles {
            let members = c.members.map { m in
                "\(m.userId)[\(m.roles.map(\.rawValue).joined(separator: "+")) \(m.status.rawValue) h:\(m.permissions.viewHealth.map(String.init) ?? "-") t:\(m.permissions.viewTasks.map(String.init) ?? "-") u:\(m.permissions.viewUpdates.map(String.init) ?? "-")]"
            }
            lines.append("circle \(c.id) recipient \(c.careRecipient.userId): \(members.joined(separator: " "))")
        }
        for r in export.healthRecords { lines.append("\(r.id) \(r.careCircleId) \(r.privacyLevel) visibleTo \(r.visibleTo)") }
        for t in export.tasks { lines.append("\(t.id) \(t.careCircleId) assignedTo \(t.assignedTo?.userId ?? "-")") }
        for u in export.updates { lines.append("\(u.id) \(u.careCircleId) \(u.visibility.level) author \(u.authorId) userIds \(u.visibility.userIds)") }
        return lines.joined(separator: "\n")
    }
}

// MARK: - The independent restatement

enum PolicyOracle {
    /// Who is looking, as privacy-policy.md describes it.
    struct Looker {
        let circleId: String
        let userId: String?
        let roles: Set<Role>
        let isRecipient: Bool
        let viewHealth: Bool?
        let viewTasks: Bool?
        let viewUpdates: Bool?
    }

    struct Expected: Equatable {
        let visible: Bool
        let rule: AccessDecision.Rule
    }

    /// "The viewer": only an active member; the union of their roles or one role they hold; a generic
    /// role has no id and no restrictions. The recipient is the member whose id is the circle's
    /// `careRecipient.userId`, or who holds the role careRecipient.
    static func resolve(_ request: ViewerRequest, in export: CareExport) -> Result<Looker, ViewerError> {
        guard let circleId = request.circleId, let circle = export.circles.first(where: { $0.id == circleId }) else {
            return .failure(.unknownCircle(request.circleId ?? "?"))
        }
        switch request.who {
        case .role(let role):
            return .success(Looker(circleId: circleId, userId: nil, roles: [role], isRecipient: role == .careRecipient,
                                   viewHealth: nil, viewTasks: nil, viewUpdates: nil))
        case .member(let userId, let narrowedTo):
            guard let member = circle.members.first(where: { $0.userId == userId }) else { return .failure(.unknownViewer(userId)) }
            if member.status != .active { return .failure(.inactiveViewer(userId, member.status)) }
            var held = Set(member.roles)
            if circle.careRecipient.userId == userId { held.insert(.careRecipient) }
            var roles = held
            if let narrowedTo {
                if !held.contains(narrowedTo) { return .failure(.roleNotHeld(userId, narrowedTo)) }
                roles = [narrowedTo]
            }
            return .success(Looker(circleId: circleId, userId: userId, roles: roles, isRecipient: roles.contains(.careRecipient),
                                   viewHealth: member.permissions.viewHealth, viewTasks: member.permissions.viewTasks,
                                   viewUpdates: member.permissions.viewUpdates))
        }
    }

    static func expected(_ r: HealthRecord, _ v: Looker) -> Expected {
        let named = v.userId != nil && r.visibleTo.contains(v.userId!)
        if r.careCircleId != v.circleId { return Expected(visible: false, rule: .H1) }
        if v.isRecipient { return Expected(visible: true, rule: .H2) }
        if v.viewHealth == false { return Expected(visible: false, rule: .H3) }
        if r.privacyLevel == .private { return Expected(visible: false, rule: .H4) }
        if r.privacyLevel == .restricted { return Expected(visible: named, rule: .H5) }
        if r.privacyLevel == .caregivers { return Expected(visible: v.roles.contains(.caregiver), rule: .H6) }
        return Expected(visible: !v.roles.isDisjoint(with: [.caregiver, .organizer]), rule: .H7)
    }

    static func expected(_ t: CareTask, _ v: Looker) -> Expected {
        if t.careCircleId != v.circleId { return Expected(visible: false, rule: .T1) }
        if v.viewTasks == false { return Expected(visible: false, rule: .T2) }
        if v.isRecipient || !v.roles.isDisjoint(with: [.caregiver, .organizer]) { return Expected(visible: true, rule: .T3) }
        // T4; a viewer with no role that sees tasks sees none (where the policy is silent: hidden).
        let assignedToViewer = v.userId != nil && t.assignedTo?.userId == v.userId
        return Expected(visible: v.roles.contains(.supporter) && assignedToViewer, rule: .T4)
    }

    static func expected(_ u: CircleUpdate, _ v: Looker) -> Expected {
        if u.careCircleId != v.circleId { return Expected(visible: false, rule: .U1) }
        if let id = v.userId, id == u.authorId { return Expected(visible: true, rule: .U2) }
        if v.viewUpdates == false { return Expected(visible: false, rule: .U3) }
        switch u.visibility.level {
        case .private: return Expected(visible: false, rule: .U4)
        case .restricted:
            let named = v.userId.map { u.visibility.userIds.contains($0) } ?? false
            return Expected(visible: v.isRecipient || named, rule: .U5)
        case .caregivers: return Expected(visible: v.isRecipient || v.roles.contains(.caregiver), rule: .U6)
        case .circle: return Expected(visible: true, rule: .U7)
        }
    }

    /// A simple dump of every text field a report could be made of.
    static func dump(_ visible: VisibleRecords) -> String {
        var out: [String] = []
        for r in visible.healthRecords {
            out.append(r.title)
            out.append(r.description ?? "")
            if case .observation(let o) = r.data { out.append(o.text ?? "") }
        }
        for t in visible.tasks {
            out.append(t.title)
            out.append(t.description ?? "")
            out += t.notes.map(\.content)
            out.append(t.completionDetails?.notes ?? "")
        }
        for u in visible.updates {
            out.append(u.content)
            out += u.comments.map(\.content)
        }
        return out.joined(separator: "\n")
    }

    static let markerFields: [String: [String]] = [
        "h": ["title", "description", "text"], "t": ["title", "description", "note", "completion"], "u": ["content", "comment"],
    ]

    /// Every disagreement between the production policy and the restatement, in words.
    static func check(_ generated: GeneratedExport) -> [String] {
        let export = generated.export
        var failures: [String] = []
        for request in generated.requests {
            let model = resolve(request, in: export)
            let resolved: Viewer
            do {
                resolved = try request.resolve(in: export)
            } catch {
                if case .failure(let expectedError) = model, expectedError == error { continue }
                failures.append("\(request): resolve threw \(error), expected \(model)")
                continue
            }
            guard case .success(let looker) = model else {
                failures.append("\(request): resolved to \(resolved), expected \(model)")
                continue
            }
            if resolved.circleId != looker.circleId || resolved.userId != looker.userId || resolved.roles != looker.roles
                || resolved.isCareRecipient != looker.isRecipient
                || resolved.permissions != MemberPermissions(viewHealth: looker.viewHealth, viewTasks: looker.viewTasks, viewUpdates: looker.viewUpdates)
            {
                failures.append("\(request): resolved to \(resolved), expected \(looker)")
            }
            // Decisions, record by record.
            var expectedIds: [String] = []
            func compare(_ id: String, _ actual: AccessDecision, _ expected: Expected) {
                if actual.visible != expected.visible || actual.rule != expected.rule {
                    failures.append("\(resolved) / \(id): decided \(actual.visible) \(actual.rule) (\(actual.reason)), expected \(expected.visible) \(expected.rule)")
                }
                if expected.visible { expectedIds.append(id) }
            }
            for r in export.healthRecords { compare(r.id, PrivacyPolicy.decide(r, for: resolved), expected(r, looker)) }
            for t in export.tasks { compare(t.id, PrivacyPolicy.decide(t, for: resolved), expected(t, looker)) }
            for u in export.updates { compare(u.id, PrivacyPolicy.decide(u, for: resolved), expected(u, looker)) }

            // The audit agrees with the decisions.
            let audit = AuditEntry.audit(export, for: resolved)
            let auditVisible = audit.filter(\.decision.visible).map(\.id)
            if auditVisible != expectedIds { failures.append("\(resolved): audit visible \(auditVisible), expected \(expectedIds)") }

            // visibleRecords holds exactly the visible records, in export order.
            guard let visible = PrivacyPolicy.visibleRecords(for: resolved, in: export) else {
                failures.append("\(resolved): visibleRecords returned nil")
                continue
            }
            let actualIds = visible.healthRecords.map(\.id) + visible.tasks.map(\.id) + visible.updates.map(\.id)
            if actualIds != expectedIds { failures.append("\(resolved): visibleRecords \(actualIds), expected \(expectedIds)") }

            // Every marker appears in the dump exactly when its record is visible.
            let text = dump(visible)
            let allIds = export.healthRecords.map(\.id) + export.tasks.map(\.id) + export.updates.map(\.id)
            for id in allIds {
                for field in markerFields[String(id.prefix(1))]! {
                    let marker = GeneratedExport.marker(id, field)
                    // A task without completion details has no completion marker anywhere.
                    if field == "completion", export.tasks.first(where: { $0.id == id })?.completionDetails == nil { continue }
                    let shouldAppear = expectedIds.contains(id)
                    if text.contains(marker) != shouldAppear {
                        failures.append("\(resolved): marker \(marker) \(shouldAppear ? "missing" : "leaked")")
                    }
                }
            }
        }
        return failures
    }
}
