extension ExportLoader {
    /// Reads and checks the whole export at `path` once, like `circleReader(_:keeping:)`, but chooses
    /// the circles to keep from what was read (the users and circles): for example the circles of one
    /// reader, or of one shard's readers, which are known only once the circles are read.
    ///
    /// With `deferChecks`, a directory export's records are checked as their circles are read
    /// rather than first (see `DeferredChecks`): the caller must then read or `checkUnread()` every
    /// circle before writing anything, and on `IngestError.needsFullChecks` read the export again
    /// without it, to report its problems.
    public func circleReader(
        _ path: String, choosing choose: (CareExport) -> (String) -> Bool, deferChecks: Bool = false
    ) throws(IngestError) -> CircleReader {
        // The choice is made once, as a set of circle ids, so the streamed checks can consult it from any thread.
        func chosen(_ export: CareExport) -> @Sendable (String) -> Bool {
            let picks = choose(export)
            let ids = Set(export.circles.map(\.id).filter(picks))
            return { ids.contains($0) }
        }
        if let streamed = try streamedRead(path, choosing: chosen, deferChecks: deferChecks) { return CircleReader(streamed) }
        let read = try read(path, settings: ExportDecoder.Settings(filter: CircleFilter(circles: []), recordsOffsets: true))
        return CircleReader(read, keeps: choose(read.result.export))
    }
}
