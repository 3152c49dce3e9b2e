import ArgumentParser
import CareReports
import Foundation
import Templates

/// A `--viewer` without `--circle`: the person's circles, read once and then circle by circle
/// (only the circles where they are an active member are indexed for reading again).
struct ReaderRun {
    let source: ExportSource
    /// One viewer per circle where the reader is active (each with their role there), in the export's order.
    let viewers: [Viewer]
    let userId: String

    /// Reads INPUT for the reader `--viewer` (with `--as`, only circles where they hold that role).
    init(
        input: String, timeZone: String? = nil, importPrivacy: PrivacyLevel, patient: String? = nil, options: ViewerOptions,
        warnings: WarningPolicy = .quiet
    ) throws {
        let userId = options.viewer!
        let narrowed = options.asRole
        source = try ExportInput.source(input, timeZone: timeZone, importPrivacy: importPrivacy, patient: patient, warnings: warnings) { export in
            let circles = Set(ReaderCircles.viewers(of: userId, narrowedTo: narrowed, in: export).map(\.circleId))
            return { circles.contains($0) }
        }
        viewers = ReaderCircles.viewers(of: userId, narrowedTo: narrowed, in: source.base)
        self.userId = userId
    }

    /// A reader of an `--all-members` run, whose circles are already known.
    init(source: ExportSource, viewers: [Viewer], userId: String) {
        self.source = source
        self.viewers = viewers
        self.userId = userId
    }

    /// True when the reader reads several circles and so gets one output covering them all.
    var isMultiCircle: Bool { viewers.count >= 2 }

    /// The one viewer of a reader in one circle (or the policy's error, as a single-viewer run gives it).
    func single(_ options: ViewerOptions) throws -> Viewer {
        if viewers.count == 1 { return viewers[0] }
        return try options.resolve(in: source.base)
    }

    /// Runs `body` with each circle's visible records, one circle at a time.
    func forEachCircle(_ body: (Viewer, VisibleRecords) throws -> Void) throws {
        for viewer in viewers {
            let export = try source.export(ofCircle: viewer.circleId)
            guard let records = PrivacyPolicy.visibleRecords(for: viewer, in: export) else { throw ExitCode(70) }
            try body(viewer, records)
        }
    }

    /// The reader's name as the export's users give it (their user id when the export has no name).
    var readerName: String { source.base.readerName(userId) }
}

extension SiteOutput {
    /// Runs `body` that renders or writes part of a reader's site: a template problem is bad input
    /// (65), a write that fails is 73; either way nothing of the new site is left in place.
    static func readerStep<T>(earlierWritten: Bool = false, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as RenderError {
            Console.error(error.errorDescription ?? "error: rendering failed")
            Console.error(earlierWritten ? "error: nothing more was written (the members before this one were)" : "error: nothing was written")
            throw ExitCode(65)
        } catch let error as WriteError {
            Console.error(error.errorDescription ?? "error: cannot write the site")
            throw ExitCode(73)
        }
    }
}

extension CareExport {
    /// The name of the user `id` as the export's users give it ("Rosa Delgado"), or the id when
    /// the export has no name for them: the name a reader's site and digest of several circles are written for.
    func readerName(_ id: String) -> String {
        guard let user = users.first(where: { $0.id == id }) else { return id }
        let name = "\(user.firstName) \(user.lastName)".trimmingCharacters(in: .whitespaces)
        return name.isEmpty ? id : name
    }
}
