import ArgumentParser
import CareReports

/// Gives each circle's model from an export read circle by circle, keeping the last one read: a
/// circle's members mostly come one after the other. With it, the circle's facts (``CircleFacts``),
/// worked out once for all its readers (unless `CAREREPORT_SHARE_VIEWS=0`).
final class CircleCache {
    private let source: ExportSource
    private var last: (id: String, export: CareExport, facts: CircleFacts?)?

    init(_ source: ExportSource) { self.source = source }

    /// The visible records of `viewer` in their circle.
    func records(for viewer: Viewer) throws -> VisibleRecords {
        let (export, facts) = try circle(of: viewer)
        guard let records = PrivacyPolicy.visibleRecords(for: viewer, in: export, facts: facts) else { throw ExitCode(70) }
        return records
    }

    /// The model holding `viewer`'s circle.
    func export(for viewer: Viewer) throws -> CareExport {
        try circle(of: viewer).export
    }

    /// The model holding `viewer`'s circle and that circle's facts.
    func circle(of viewer: Viewer) throws -> (export: CareExport, facts: CircleFacts?) {
        if last?.id != viewer.circleId {
            last = nil
            let export = try source.export(ofCircle: viewer.circleId)
            last = (viewer.circleId, export, ViewStats.sharing ? CircleFacts(of: export, circle: viewer.circleId) : nil)
        }
        return (last!.export, last!.facts)
    }
}
