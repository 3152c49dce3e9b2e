import Foundation

extension DoseTimeline {
    /// The same timeline as `init`, made once for the same order, log, "now", zone and window:
    /// a viewer's weekly pages and medication page ask for it, and so does every member of the circle
    /// who sees the same medication (the key holds the whole `Medication` as this viewer may see it,
    /// log included, so a viewer who sees fewer doses gets a timeline of their own).
    static func memoized(_ medication: Medication, orderedAt: CareDate?, now: Date, timeZone: TimeZone, onTimeWindow: TimeInterval) -> DoseTimeline {
        let key = TimelineMemo.Key(
            medication: medication, orderedAt: orderedAt, now: now, zone: timeZone.identifier, window: onTimeWindow)
        return TimelineMemo.shared.value(key) {
            DoseTimeline(medication, orderedAt: orderedAt, now: now, timeZone: timeZone, onTimeWindow: onTimeWindow)
        }
    }
}

/// Timelines by what they are made from, for the circle being rendered: an `--all-members` run goes
/// circle by circle, so the memo is emptied when it holds 64 (memory stays bounded however many
/// circles the export has).
enum TimelineMemo {
    struct Key: Hashable, Sendable {
        let medication: Medication
        let orderedAt: CareDate?
        let now: Date
        let zone: String
        let window: TimeInterval
    }

    static let shared = LockedMemo<Key, DoseTimeline>(limit: 64)
}
