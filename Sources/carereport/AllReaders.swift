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

/// Gives each circle's model from an export read circle by circle, keeping the last one read: a
/// circle's members mostly come one after the other.
final class CircleCache {
    private let source: ExportSource
    private var last: (id: String, export: CareExport)?

    init(_ source: ExportSource) { self.source = source }

    /// The visible records of `viewer` in their circle.
    func records(for viewer: Viewer) throws -> VisibleRecords {
        if last?.id != viewer.circleId {
            last = nil
            last = (viewer.circleId, try source.export(ofCircle: viewer.circleId))
        }
        guard let records = PrivacyPolicy.visibleRecords(for: viewer, in: last!.export) else { throw ExitCode(70) }
        return records
    }

    /// The model holding `viewer`'s circle.
    func export(for viewer: Viewer) throws -> CareExport {
        _ = try records(for: viewer)
        return last!.export
    }
}

extension ExportInput {
    /// The export for an `--all-members` run: read and checked once, then circle by circle, keeping
    /// only the circles of the shard's readers (of `--circle` alone, when given).
    static func allReadersSource(
        _ path: String, timeZone: String? = nil, importPrivacy: PrivacyLevel, circle: String?, shard: Shard
    ) throws -> ExportSource {
        try source(path, timeZone: timeZone, importPrivacy: importPrivacy) { export in
            let needed = AllReaders.circles(circle: circle, in: export, shard: shard)
            return { needed.contains($0) }
        }
    }
}

extension SiteOutput {
    /// The folder of one reader's output with `--all-members`: `OUTPUT/USER`. User ids are checked on
    /// reading to be one safe path segment each (``SafeId``); this checks again, so no id can ever
    /// name a path outside `output`.
    static func readerPath(_ output: String, _ userId: String) throws -> String {
        guard SafeId.isSafe(userId) else {
            Console.error("error: internal error: a member without a usable id; nothing more was written")
            throw ExitCode(70)
        }
        return "\(output)/\(userId)"
    }

    /// Makes this process remove, among staging folders left by killed runs, only those of `shard`'s
    /// readers' sites (`USER`) and digests (`USER.md`, `.html`, `.eml`).
    static func restrictCleaning(to shard: Shard) {
        StagingCleaner.owns = { name in
            var reader = name
            for suffix in [".md", ".html", ".eml"] where reader.hasSuffix(suffix) && !shard.contains(reader: reader) {
                reader = String(reader.dropLast(suffix.count))
            }
            return shard.contains(reader: reader)
        }
    }

    /// After an `--all-members` build, removes the sites of people who are no longer active members
    /// of any circle written (their folder in `output`), so nothing written for them survives. Only
    /// this shard's readers' folders are looked at (by the hash of the folder's name, a user id), and
    /// only real folders directly inside `output` that hold carereport's marker are removed: never a
    /// link, never anything else, never another shard's reader.
    /// With `--circle`, `among` is that circle's members (of any status): a run for one circle
    /// removes only the sites of its own former members, never other people's.
    static func removeStaleReaderSites(in output: String, keeping: Set<String>, shard: Shard, among: Set<String>? = nil) throws {
        let fileManager = FileManager.default
        StagingCleaner.removeAbandoned(in: output)  // only this shard's readers' (see `restrictCleaning`)
        for name in (try? fileManager.contentsOfDirectory(atPath: output)) ?? []
        where SafeId.isSafe(name) && !keeping.contains(name) && shard.contains(reader: name) && among.map({ $0.contains(name) }) ?? true {
            let path = "\(output)/\(name)"
            guard StagingCleaner.isCarereportFolder(path) else { continue }
            do {
                try fileManager.removeItem(atPath: path)
            } catch {
                Console.error("\(path): error: cannot remove the site of a former member")
                throw ExitCode(73)
            }
        }
    }
}
