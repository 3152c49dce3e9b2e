/// Adherence over a set of dose slots: taken on time / scheduled, with late, missed and skipped counts.
public struct Adherence: Sendable, Hashable {
    public let scheduled: Int
    public let onTime: Int
    public let late: Int
    public let missed: Int
    public let skipped: Int
    public let notRecorded: Int
    public let asNeededUses: Int

    public init(_ slots: [DoseEvent]) {
        var counts: [DoseEvent.Outcome: Int] = [:]
        var scheduled = 0
        for slot in slots {
            counts[slot.outcome, default: 0] += 1
            if slot.scheduledAt != nil { scheduled += 1 }
        }
        self.scheduled = scheduled
        self.onTime = counts[.onTime] ?? 0
        self.late = counts[.late] ?? 0
        self.missed = counts[.missed] ?? 0
        self.skipped = counts[.skipped] ?? 0
        self.notRecorded = counts[.notRecorded] ?? 0
        self.asNeededUses = counts[.asNeeded] ?? 0
    }

    /// Taken on time / scheduled, nil when nothing was scheduled.
    public var fraction: Double? { scheduled == 0 ? nil : Double(onTime) / Double(scheduled) }

    /// `24 of 28 on time (86%)`, or nil when nothing was scheduled.
    public var summary: String? {
        guard let fraction else { return nil }
        return "\(onTime) of \(scheduled) on time (\(DisplayFormat.percent(fraction)))"
    }
}
