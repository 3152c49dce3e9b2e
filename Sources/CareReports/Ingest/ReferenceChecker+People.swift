import Foundation

/// The users and circles every record is checked against: what crosses circles, held whole (a
/// few hundred bytes per user and circle) while the records are checked one by one.
final class KnownPeople: @unchecked Sendable {
    /// Every valid user's id.
    let users: IdIndex
    /// Every valid circle's id, numbered by its place in `recipients`.
    let circles: IdIndex
    /// Each circle's care recipient.
    let recipients: [String]

    init(users: IdIndex, circles: IdIndex, recipients: [String]) {
        self.users = users
        self.circles = circles
        self.recipients = recipients
    }
}

extension ReferenceChecker {
    /// The users and circles checked: which are valid, the sets the records are checked against,
    /// and the diagnostics, in the order the checker reports them (user ids, circle ids, members).
    struct People {
        let known: KnownPeople
        let validUsers: [Bool]
        let validCircles: [Bool]
        let diagnostics: [Diagnostic]
    }

    /// Checks the decoder's users and circles, given their duplicate-id scans.
    static func people(_ decoder: ExportDecoder, users usersScan: Duplicates, circles circlesScan: Duplicates) -> People {
        var diagnostics = usersScan.errors + circlesScan.errors
        let validUsers = mask(decoder.users.count, rejecting: usersScan.rejected)
        let validCircles = mask(decoder.circles.count, rejecting: circlesScan.rejected)
        var userIds = IdIndex(capacity: decoder.users.items.count)
        var circleIds = IdIndex(capacity: decoder.circles.items.count)
        var recipients: [String] = []
        decoder.users.items.withUnsafeBufferPointer { users in
            for index in users.indices where validUsers[index] { userIds.insert(users[index].id, value: index) }
        }
        let origins = decoder.circles.origins
        func reject(_ position: Int, _ key: String, _ message: String) {
            diagnostics.append(diagnostic(.error, origins[position], key, message))
        }
        decoder.circles.items.withUnsafeBufferPointer { circles in
            for index in circles.indices where validCircles[index] {
                if let place = circleIds.value(for: circles[index].id) {
                    recipients[place] = circles[index].careRecipient.userId
                } else {
                    circleIds.insert(circles[index].id, value: recipients.count)
                    recipients.append(circles[index].careRecipient.userId)
                }
            }
            for (position, circle) in circles.enumerated() {
                var listed: [String: Int] = [:]
                if !SafeId.isSafe(circle.careRecipient.userId) {
                    reject(position, "careRecipient.userId", "not a usable user id: \(SafeId.rule(namesFolder: true))")
                }
                for (index, member) in circle.members.enumerated() {
                    if !SafeId.isSafe(member.userId) {
                        reject(position, "members[\(index)].userId", "not a usable user id: \(SafeId.rule(namesFolder: true))")
                    } else if let first = listed[member.userId] {
                        reject(position, "members[\(index)].userId",
                               "the user is listed twice in this circle (first at members[\(first)]); list each member once, with all their roles")
                    } else {
                        listed[member.userId] = index
                    }
                    if !userIds.contains(member.userId) {
                        diagnostics.append(diagnostic(.warning, origins[position], "members[\(index)].userId", "unknown user; shown as \"unknown member\""))
                    }
                }
            }
        }
        return People(
            known: KnownPeople(users: userIds, circles: circleIds, recipients: recipients), validUsers: validUsers,
            validCircles: validCircles, diagnostics: diagnostics)
    }

    /// The users' and circles' duplicate-id scans.
    static func peopleScans(_ decoder: ExportDecoder) -> (users: Duplicates, circles: Duplicates) {
        let users = decoder.users.items.withUnsafeBufferPointer {
            unique($0, decoder.users.origins, id: { $0.id }, collection: "user", namesFolders: true)
        }
        let circles = decoder.circles.items.withUnsafeBufferPointer {
            unique($0, decoder.circles.origins, id: { $0.id }, collection: "circle", namesFolders: true)
        }
        return (users, circles)
    }

    /// One flag per record: false for those a duplicate-id scan rejected.
    static func mask(_ count: Int, rejecting rejected: Set<Int>) -> [Bool] {
        var mask = [Bool](repeating: true, count: count)
        for index in rejected { mask[index] = false }
        return mask
    }
}
