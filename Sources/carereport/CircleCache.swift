import ArgumentParser
import CareReports

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
