import Foundation

extension DoseTimeline {
    /// The same timeline as `init`, made once for the same order, log, "now", zone and window:
    /// a viewer's weekly pages and medication page ask for it, and so does every member of the circle
    /// who sees the same medication (the key holds the whole `Medication` as this viewer may see it,
    /// log included, so a viewer who sees fewer doses gets a timeline of their own).
    static func memoized(_ medication: Medication, orderedAt: CareDate?, now: Date, timeZone: TimeZone, onTimeWindow: TimeInterval) -> DoseTimeline {
        let key = TimelineMemo.Key(
            medication: medication, orderedAt: orderedAt, now: now, zone: timeZone.identifier, window: onTimeWindow)
        return TimelineMemo.shared.value(for: key) {
            DoseTimeline(medication, orderedAt: orderedAt, now: now, timeZone: timeZone, onTimeWindow: onTimeWindow)
        }
    }
}

/// Timelines by what they are made from, for the circle being rendered: an `--all-members` run goes
/// circle by circle, so the memo is emptied when it holds more than `limit` (memory stays bounded
/// however many circles the export has).
final class TimelineMemo: @unchecked Sendable {
    struct Key: Hashable {
        let medication: Medication
        let orderedAt: CareDate?
        let now: Date
        let zone: String
        let window: TimeInterval
    }

    static let shared = TimelineMemo()
    private let limit = 64
    private let lock = NSLock()
    private var timelines: [Key: DoseTimeline] = [:]

    func value(for key: Key, make: () -> DoseTimeline) -> DoseTimeline {
        lock.lock()
        if let known = timelines[key] {
            lock.unlock()
            return known
        }
        lock.unlock()
        let made = make()
        lock.lock()
        if timelines.count >= limit { timelines.removeAll(keepingCapacity: true) }
        timelines[key] = made
        lock.unlock()
        return made
    }
}
