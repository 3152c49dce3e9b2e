import Foundation

extension DoseTimeline {
    /// The same timeline as `init`, made once for the same order record, log, "now", zone and
    /// window: a viewer's weekly pages and medication page ask for it, and so does every member of
    /// the circle who sees the same record. The key holds the record's id (its bytes: ids are unique
    /// in an export, and `String ==` would let two ids equal as Unicode but different in bytes
    /// share) and the whole `Medication` as this viewer may see it, log included, so a viewer who
    /// sees fewer doses gets a timeline of their own.
    static func memoized(
        record id: String, _ medication: Medication, orderedAt: CareDate?, now: Date, timeZone: TimeZone, onTimeWindow: TimeInterval
    ) -> DoseTimeline {
        let key = TimelineMemo.Key(
            record: Array(id.utf8), medication: medication, orderedAt: orderedAt, now: now, zone: timeZone.identifier, window: onTimeWindow)
        return TimelineMemo.shared.value(key) {
            DoseTimeline(medication, orderedAt: orderedAt, now: now, timeZone: timeZone, onTimeWindow: onTimeWindow)
        }
    }
}

/// Timelines by what they are made from, for the circle being rendered: an `--all-members` run goes
/// circle by circle, so the memo is emptied when it holds 100,000 dose slots (about 10 MB; memory
/// stays bounded however many circles the export has, and a timeline of decades is not kept).
enum TimelineMemo {
    /// Equal keys have every field equal; the hash leaves out the medication (a look-up would
    /// otherwise walk its whole log of doses to hash it), so the views of one order record that see
    /// different doses share a bucket and are told apart by `==`, which compares the whole
    /// medication (quickly when both hold the same export's arrays).
    struct Key: Hashable, Sendable {
        let record: [UInt8]
        let medication: Medication
        let orderedAt: CareDate?
        let now: Date
        let zone: String
        let window: TimeInterval

        func hash(into hasher: inout Hasher) {
            record.withUnsafeBytes { hasher.combine(bytes: $0) }
            hasher.combine(medication.administrations.count)
            hasher.combine(now)
            hasher.combine(zone)
            hasher.combine(window)
        }
    }

    static let shared = LockedMemo<Key, DoseTimeline>(limit: 100_000) { $0.slots.count }
}
