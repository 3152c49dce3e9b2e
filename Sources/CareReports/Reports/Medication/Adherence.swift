/// Adherence over a set of dose slots: taken (on time or late) and taken on time, out of those scheduled,
/// with late, missed and skipped counts.
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

    /// Scheduled doses taken, on time or late.
    public var taken: Int { onTime + late }

    /// Taken on time / scheduled, nil when nothing was scheduled.
    public var fraction: Double? { scheduled == 0 ? nil : Double(onTime) / Double(scheduled) }

    /// Taken (on time or late) / scheduled, nil when nothing was scheduled.
    public var takenFraction: Double? { scheduled == 0 ? nil : Double(taken) / Double(scheduled) }

    /// `90 of 102 (79 on time)`: the short form for narrow plain-text tables, nil when nothing was scheduled.
    public var shortSummary: String? { shortSummary(.english) }

    /// `5 of 7 (4 on time)` in the reader's language.
    public func shortSummary(_ words: Localizer) -> String? {
        scheduled == 0 ? nil : words.t("{taken} of {scheduled} ({onTime} on time)", ["taken": "\(taken)", "scheduled": "\(scheduled)", "onTime": "\(onTime)"])
    }

    /// `5 of 7 taken (71%), 4 on time (57%)` in the reader's language.
    public func summary(_ format: DisplayFormat) -> String? {
        guard let fraction, let takenFraction else { return nil }
        return format.words.t(
            "{taken} of {scheduled} taken ({takenShare}), {onTime} on time ({onTimeShare})",
            ["taken": "\(taken)", "scheduled": "\(scheduled)", "takenShare": format.percent(takenFraction), "onTime": "\(onTime)",
             "onTimeShare": format.percent(fraction)])
    }

    /// `90 of 102 taken (88%), 79 on time (77%)`, or nil when nothing was scheduled.
    public var summary: String? {
        guard let fraction, let takenFraction else { return nil }
        return "\(taken) of \(scheduled) taken (\(DisplayFormat.percent(takenFraction))), \(onTime) on time (\(DisplayFormat.percent(fraction)))"
    }
}
