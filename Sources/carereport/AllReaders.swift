import ArgumentParser
import CareReports
import Foundation

/// The readers of an `--all-members` run: every person active in a circle (of `--circle`, or of any
/// circle), each once, with one viewer per circle they are active in, and only those of the shard
/// (readers are split by the FNV-1a hash of their user id, so each person's one site and one digest
/// is written by exactly one shard).
struct AllReaders {
    struct Reader {
        let userId: String
        /// One viewer per circle, in the export's order of circles.
        let viewers: [Viewer]
    }

    let readers: [Reader]

    /// Every viewer of every reader (for the progress line).
    var viewers: [Viewer] { readers.flatMap(\.viewers) }

    /// The shard's readers of `export`; an unknown `--circle` is a usage error (64). Readers come in
    /// the order of their first circle (those in one circle first, in the circle's order of members),
    /// so a circle read for one reader is most often still there for the next.
    init(_ options: ViewerOptions, in export: CareExport, shard: Shard) throws {
        guard let readers = Self.readers(circle: options.circle, in: export, shard: shard) else {
            Console.error(ViewerHints.unknownCircle(options.circle ?? "", in: export))
            throw ExitCode(64)
        }
        self.readers = readers
    }

    /// The readers, or nil when `circle` names no circle of the export.
    static func readers(circle: String?, in export: CareExport, shard: Shard) -> [Reader]? {
        let circles: [CareCircle]
        if let circle {
            guard let found = export.circle(circle) else { return nil }
            circles = [found]
        } else {
            circles = export.circles
        }
        var viewers: [String: [Viewer]] = [:]
        var first: [String: (circle: Int, member: Int)] = [:]
        for (position, circle) in circles.enumerated() {
            for (place, member) in circle.members.enumerated() where member.status == .active && shard.contains(reader: member.userId) {
                let request = ViewerRequest(.member(userId: member.userId, narrowedTo: nil), circleId: circle.id)
                guard let viewer = try? request.resolve(in: export) else { continue }
                viewers[member.userId, default: []].append(viewer)
                if first[member.userId] == nil { first[member.userId] = (position, place) }
            }
        }
        // By first circle, those in that circle alone first, then in the circle's order of members.
        return viewers.map { Reader(userId: $0.key, viewers: $0.value) }.sorted {
            let (a, b) = (first[$0.userId]!, first[$1.userId]!)
            return (a.circle, $0.viewers.count > 1 ? 1 : 0, a.member, $0.userId) < (b.circle, $1.viewers.count > 1 ? 1 : 0, b.member, $1.userId)
        }
    }

    /// The circles the shard's readers need read again.
    static func circles(circle: String?, in export: CareExport, shard: Shard) -> Set<String> {
        Set((readers(circle: circle, in: export, shard: shard) ?? []).flatMap { $0.viewers.map(\.circleId) })
    }
}

extension ExportInput {
    /// The export for an `--all-members` run: read and checked once, then circle by circle, keeping
    /// only the circles of the shard's readers (of `--circle` alone, when given).
    static func allReadersSource(
        _ path: String, timeZone: String? = nil, importPrivacy: PrivacyLevel, patient: String? = nil, circle: String?, shard: Shard,
        warnings: WarningPolicy = .quiet, deferChecks: Bool = false
    ) throws -> ExportSource {
        try source(path, timeZone: timeZone, importPrivacy: importPrivacy, patient: patient, warnings: warnings, deferChecks: deferChecks) { export in
            let needed = AllReaders.circles(circle: circle, in: export, shard: shard)
            return { needed.contains($0) }
        }
    }
}
