import Foundation

/// The feed and calendar a ``SiteBuilder`` made for one circle, kept for the reader's site that
/// gathers several circles (filled by a rendering job on any thread, read after `build()`).
public final class KeptFeeds: @unchecked Sendable {
    private let lock = NSLock()
    private var kept: (AtomFeed, ICalendar)?

    public init() {}

    func keep(_ feed: AtomFeed, _ calendar: ICalendar) {
        lock.lock()
        kept = (feed, calendar)
        lock.unlock()
    }

    /// The feed and calendar of the last build, if it made them.
    public var feeds: (feed: AtomFeed, calendar: ICalendar)? {
        lock.lock()
        defer { lock.unlock() }
        return kept
    }
}
