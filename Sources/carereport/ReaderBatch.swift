import CareReports

/// The readers of an `--all-members` run worked out together: those of one circle who read that
/// circle alone (`circle` set), or one reader of several circles (`circle` nil).
struct ReaderBatch: Sendable {
    let readers: [AllReaders.Reader]
    let circle: String?

    /// The readers in their order, cut into batches: a run of readers of the same one circle, or a
    /// reader of several circles alone.
    static func batches(_ readers: [AllReaders.Reader]) -> [ReaderBatch] {
        var batches: [ReaderBatch] = []
        for reader in readers {
            guard reader.viewers.count == 1 else {
                batches.append(ReaderBatch(readers: [reader], circle: nil))
                continue
            }
            let circle = reader.viewers[0].circleId
            if let last = batches.last, last.circle == circle {
                batches[batches.count - 1] = ReaderBatch(readers: last.readers + [reader], circle: circle)
            } else {
                batches.append(ReaderBatch(readers: [reader], circle: circle))
            }
        }
        return batches
    }
}
