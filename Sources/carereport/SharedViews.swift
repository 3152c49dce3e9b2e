import CareReports
import Foundation

/// What is computed once per distinct view among the readers of one circle in an `--all-members`
/// run (``ViewKey``): a digest, or a site's models. A reader who sees exactly what an earlier reader
/// of the circle saw gets that value, to be said for them (`Digest.personalised(for:)`; a site's
/// pages are said for their reader by `SiteBuilder`). Made per circle, so it holds one circle's views.
final class SharedViews<Value> {
    private var built: [ViewKey: Value] = [:]
    private let stats: ViewStats

    init(stats: ViewStats) { self.stats = stats }

    /// The value for `context`'s reader: that of an equal view (`reused`), else `make()`'s.
    func value(for context: ReportContext, make: () throws -> Value) rethrows -> (value: Value, reused: Bool) {
        guard ViewStats.sharing else {
            stats.count(shared: false)
            return (try make(), false)
        }
        let key = ViewKey(context.records, language: context.words.language, display: context.display)
        if let found = built[key] {
            stats.count(shared: true)
            return (found, true)
        }
        let made = try make()
        built[key] = made
        stats.count(shared: false)
        return (made, false)
    }
}

/// How many readers' summaries were built and how many were shared with a reader who sees the same,
/// said on standard error when `CAREREPORT_STATS=1` (for tests and benchmarks; a run says nothing
/// otherwise). `CAREREPORT_SHARE_VIEWS=0` builds every reader's own from their visible records alone,
/// with no view shared and no circle fact (``CircleFacts``) worked out once: the outputs are the same
/// bytes (the tests compare both ways).
final class ViewStats: @unchecked Sendable {
    private let lock = NSLock()
    private var builtCount = 0
    private var sharedCount = 0

    /// False when `CAREREPORT_SHARE_VIEWS=0`.
    static let sharing = ProcessInfo.processInfo.environment["CAREREPORT_SHARE_VIEWS"] != "0"

    func count(shared: Bool) {
        lock.lock()
        if shared { sharedCount += 1 } else { builtCount += 1 }
        lock.unlock()
    }

    /// "carereport: stats: 6 readers, 5 views built, 1 shared" when `CAREREPORT_STATS=1`, and with
    /// `readOnce`, whether the export's records were decoded once, checked as their circles were
    /// read (`DeferredChecks`), or read whole and checked first.
    func report(readers: Int, readOnce: Bool? = nil) {
        guard ProcessInfo.processInfo.environment["CAREREPORT_STATS"] == "1" else { return }
        lock.lock()
        defer { lock.unlock() }
        Console.error("carereport: stats: \(readers) readers, \(builtCount) views built, \(sharedCount) shared")
        if let readOnce {
            Console.error("carereport: stats: records \(readOnce ? "checked as their circles were read" : "checked before any circle was read")")
        }
    }
}
