import Foundation

/// Writes a deterministic synthetic care export in the directory form (export.json, users.json,
/// circles.json, tasks.json, health.json, updates.json), shaped like sample-data/: per circle a
/// care recipient, two caregivers (one primary), an organizer, two supporters (one with a
/// permissions restriction), a pending and a removed member; medications with dose logs for every
/// scheduled time, measurements, lab reports with repeated analytes, symptoms, observations,
/// appointments, tasks and updates at every privacy level.
///
/// Every file is streamed through a 1 MiB buffer, record by record, so the export can be a few MB
/// or several GB for the same memory. The data ends on `lastDay` (Sunday 2025-04-20) whatever the
/// number of weeks, so "now" is fixed; the same circles, weeks and seed always give the same bytes.
public struct ExportGenerator: Sendable {
    public let circles: Int
    public let weeks: Int
    public let seed: UInt64
    /// One more person, an organizer (a care manager), in the first this-many circles (0: none):
    /// user `g0-manager`, for a reader of many circles (`generate --organizer-in N`).
    public let organizerCircles: Int

    /// The user id of the care manager added by `organizerCircles`.
    public static let managerId = "g0-manager"

    /// The last day of the data (a Sunday); the export is taken that evening.
    public static let lastDay = LocalDate(year: 2025, month: 4, day: 20)!
    /// When the export is taken: `lastDay` at 22:00 local time.
    public static let exportedAt = "2025-04-20T22:00:00-07:00"
    public static let timeZoneName = "America/Los_Angeles"

    public init(circles: Int, weeks: Int, seed: UInt64 = 1, organizerCircles: Int = 0) throws {
        guard (1...100_000).contains(circles) else { throw GeneratorError.badArgument("--circles takes 1 to 100000") }
        guard (1...2_000).contains(weeks) else { throw GeneratorError.badArgument("--weeks takes 1 to 2000") }
        guard (0...circles).contains(organizerCircles) else { throw GeneratorError.badArgument("--organizer-in takes 0 to the number of circles") }
        self.organizerCircles = organizerCircles
        self.circles = circles
        self.weeks = weeks
        self.seed = seed
    }

    /// Days since 1970 of the first day (a Monday) and the last day (a Sunday).
    var firstDay: Int { Self.lastDay.daysSinceEpoch - 7 * weeks + 1 }
    var lastDay: Int { Self.lastDay.daysSinceEpoch }

    /// The ids of one generated circle's members, in the order of `GeneratedRole`.
    public static func userId(circle: Int, member: GeneratedRole) -> String { "g\(circle)-u\(member.rawValue)" }
    public static func circleId(_ circle: Int) -> String { "g\(circle)" }

    /// Writes the export into `directory` (created if missing; the six files are replaced).
    public func write(to directory: String) throws -> GenerationSummary {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        guard let zone = TimeZone(identifier: Self.timeZoneName) else { throw GeneratorError.badArgument("no time zone data") }
        var summary = GenerationSummary(directory: directory)
        func file(_ name: String, _ body: (JSONStreamWriter) throws -> Void) throws {
            let path = directory.hasSuffix("/") ? directory + name : directory + "/" + name
            let writer = try JSONStreamWriter(path: path, zone: zone)
            try body(writer)
            writer.newline()
            try writer.close()
            summary.files += 1
            summary.bytes += writer.bytesWritten
        }
        try file("export.json") { w in
            w.beginObject()
            w.field("format", "caresupport-export")
            w.field("version", int: 1)
            w.field("timezone", Self.timeZoneName)
            w.field("exportedAt", Self.exportedAt)
            w.key("generator")
            w.beginObject()
            w.field("name", "carereport generate")
            w.field("circles", int: circles)
            w.field("weeks", int: weeks)
            w.field("seed", String(seed))
            w.endObject()
            w.endObject()
        }
        try file("users.json") { w in
            // The API envelope form, as the sample's users.json.
            w.beginObject()
            w.key("data")
            w.beginArray()
            for circle in 1...circles {
                let plan = CirclePlan(generator: self, circle: circle)
                summary.users += plan.writeUsers(w)
                try w.flushIfFull()
            }
            if organizerCircles > 0 {
                writeManager(w)
                summary.users += 1
            }
            w.endArray()
            w.key("meta")
            w.beginObject()
            w.field("status", "ok")
            w.field("total", int: circles * GeneratedRole.allCases.count + (organizerCircles > 0 ? 1 : 0))
            w.endObject()
            w.emptyArray("errors")
            w.endObject()
        }
        try file("circles.json") { w in
            w.beginArray()
            for circle in 1...circles {
                CirclePlan(generator: self, circle: circle).writeCircle(w, organizer: circle <= organizerCircles ? Self.managerId : nil)
                summary.circles += 1
                try w.flushIfFull()
            }
            w.endArray()
        }
        try file("tasks.json") { w in
            w.beginArray()
            for circle in 1...circles {
                var writer = TaskWriter(plan: CirclePlan(generator: self, circle: circle), w: w)
                try writer.write()
                summary.tasks += writer.count
            }
            w.endArray()
        }
        try file("health.json") { w in
            w.beginArray()
            for circle in 1...circles {
                var writer = HealthWriter(plan: CirclePlan(generator: self, circle: circle), w: w)
                try writer.write()
                summary.healthRecords += writer.count
                summary.administrations += writer.administrations
                summary.labResults += writer.labResults
            }
            w.endArray()
        }
        try file("updates.json") { w in
            w.beginArray()
            for circle in 1...circles {
                var writer = UpdateWriter(plan: CirclePlan(generator: self, circle: circle), w: w)
                try writer.write()
                summary.updates += writer.count
            }
            w.endArray()
        }
        return summary
    }
}

extension ExportGenerator {
    /// The care manager's user record: an organizer in circles 1 … `organizerCircles`.
    func writeManager(_ w: JSONStreamWriter) {
        w.beginRecord()
        w.field("id", Self.managerId)
        w.field("firstName", "Nadia")
        w.field("lastName", "Okonkwo")
        w.field("email", "nadia.okonkwo@care-agency.example.org")
        w.key("roles")
        w.beginArray()
        w.beginObject()
        w.field("type", "organizer")
        w.field("primary", bool: true)
        w.key("careCircleIds")
        w.beginArray()
        for circle in 1...organizerCircles { w.string(Self.circleId(circle)) }
        w.endArray()
        w.endObject()
        w.endArray()
        w.endObject()
    }
}

/// The members of every generated circle, by the number in their id (`g3-u2` is circle 3's primary caregiver).
public enum GeneratedRole: Int, Sendable, CaseIterable {
    case recipient = 1, primaryCaregiver, caregiver, organizer, supporter, restrictedSupporter, pendingMember, removedMember
}

/// What a generation wrote.
public struct GenerationSummary: Sendable, CustomStringConvertible {
    public let directory: String
    public var files = 0
    public var bytes = 0
    public var users = 0
    public var circles = 0
    public var tasks = 0
    public var healthRecords = 0
    public var administrations = 0
    public var labResults = 0
    public var updates = 0

    public var description: String {
        "wrote \(files) files, \(bytes) bytes (\(String(format: "%.1f", Double(bytes) / 1_048_576)) MiB) to \(directory): "
            + "\(users) users, \(circles) circles, \(tasks) tasks, \(healthRecords) health records "
            + "(\(administrations) dose entries, \(labResults) lab results), \(updates) updates"
    }
}
