import Foundation
import Testing

@testable import CareReports

/// The synthetic export generator: `swift test --filter Generat` selects these.
@Suite struct ExportGeneratorTests {
    private static func temporaryDirectory(_ name: String) -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("carereport-generate-\(ProcessInfo.processInfo.processIdentifier)-\(name)").path
        try? FileManager.default.removeItem(atPath: path)
        return path
    }

    private static let files = ["export.json", "users.json", "circles.json", "tasks.json", "health.json", "updates.json"]

    private static func contents(_ directory: String) throws -> [String: Data] {
        var result: [String: Data] = [:]
        for name in files { result[name] = try Data(contentsOf: URL(fileURLWithPath: directory + "/" + name)) }
        return result
    }

    @Test func sameSeedGivesTheSameBytesAndAnotherSeedDoesNot() throws {
        let first = Self.temporaryDirectory("a")
        let second = Self.temporaryDirectory("b")
        let other = Self.temporaryDirectory("c")
        defer { for path in [first, second, other] { try? FileManager.default.removeItem(atPath: path) } }
        let summary = try ExportGenerator(circles: 1, weeks: 2, seed: 42).write(to: first)
        _ = try ExportGenerator(circles: 1, weeks: 2, seed: 42).write(to: second)
        _ = try ExportGenerator(circles: 1, weeks: 2, seed: 43).write(to: other)
        let a = try Self.contents(first)
        #expect(a == (try Self.contents(second)))
        #expect(a["health.json"] != (try Self.contents(other))["health.json"])
        #expect(summary.files == 6)
        #expect(summary.bytes == a.values.reduce(0) { $0 + $1.count })
    }

    @Test func smallGenerationLoadsCleanlyWithEveryRoleAndPrivacyLevel() throws {
        let directory = Self.temporaryDirectory("load")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let summary = try ExportGenerator(circles: 1, weeks: 2, seed: 1).write(to: directory)
        let result = try ExportLoader().load(directory)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map(\.description))")
        let export = result.export
        #expect(export.users.count == summary.users)
        #expect(export.tasks.count == summary.tasks)
        #expect(export.healthRecords.count == summary.healthRecords)
        #expect(export.updates.count == summary.updates)
        #expect(export.timeZone.identifier == ExportGenerator.timeZoneName)

        let circle = try #require(export.circles.first)
        #expect(circle.id == "g1")
        #expect(Set(circle.members.flatMap(\.roles)) == Set(Role.allCases))
        #expect(Set(circle.members.map(\.status)).isSuperset(of: [.active, .pending, .removed]))
        #expect(circle.members.filter { $0.roles == [.caregiver] }.count == 2)
        #expect(circle.members.filter(\.primaryCaregiver).map(\.userId) == ["g1-u2"])
        #expect(circle.members.contains { $0.permissions != MemberPermissions() })
        #expect(circle.careRecipient.userId == "g1-u1")

        #expect(Set(export.healthRecords.map(\.privacyLevel)) == Set(PrivacyLevel.allCases))
        #expect(Set(export.updates.map(\.visibility.level)) == Set(PrivacyLevel.allCases))
        #expect(export.healthRecords.filter { $0.privacyLevel == .restricted }.allSatisfy { !$0.visibleTo.isEmpty })
        #expect(Set(export.healthRecords.map(\.type)) == Set(HealthRecordType.allCases))

        // A dose log for every scheduled time, at every outcome, and as-needed doses.
        var statuses: Set<Administration.Status> = []
        var asNeeded = false
        for record in export.healthRecords {
            guard case .medication(let medication) = record.data else { continue }
            statuses.formUnion(medication.administrations.map(\.status))
            asNeeded = asNeeded || medication.asNeeded
            if let schedule = medication.schedule, schedule.daysOfWeek.isEmpty {
                #expect((1...3).contains(schedule.times.count))
                #expect(medication.administrations.count % schedule.times.count == 0)
            }
        }
        #expect(asNeeded)
        #expect(statuses.contains(.taken))
        #expect(export.tasks.contains { $0.tags.contains("ask-doctor") })
        #expect(export.tasks.contains { $0.recurrence != nil })
        #expect(export.tasks.contains { $0.assignedTo?.role == .supporter })
    }

    @Test func rejectsSizesOutOfRange() {
        #expect(throws: GeneratorError.self) { try ExportGenerator(circles: 0, weeks: 2) }
        #expect(throws: GeneratorError.self) { try ExportGenerator(circles: 1, weeks: 0) }
    }
}

/// `generate --organizer-in N`: one care manager, an organizer in the first N circles only.
@Suite struct GeneratedCareManagerTests {
    @Test func theManagerIsAnActiveOrganizerInTheFirstNCircles() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("carereport-manager-\(ProcessInfo.processInfo.processIdentifier)").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        _ = try ExportGenerator(circles: 4, weeks: 1, seed: 3, organizerCircles: 3).write(to: directory)
        let result = try ExportLoader().load(directory)
        #expect(!result.hasErrors)
        let viewers = ReaderCircles.viewers(of: ExportGenerator.managerId, in: result.export)
        #expect(viewers.map(\.circleId) == ["g1", "g2", "g3"])
        #expect(viewers.allSatisfy { $0.roles == [.organizer] })
        #expect(throws: GeneratorError.self) { try ExportGenerator(circles: 2, weeks: 1, organizerCircles: 3) }
    }
}
