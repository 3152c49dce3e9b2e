import Foundation

/// One dose as the reports see it: a scheduled slot with what happened, or an as-needed use.
public struct DoseEvent: Sendable, Hashable {
    public enum Outcome: String, Sendable, Hashable {
        case onTime, late, missed, skipped, notRecorded, asNeeded
    }

    public let scheduledAt: Date?
    public let takenAt: Date?
    public let outcome: Outcome
    public let administration: Administration?

    /// Minutes between schedule and intake, for taken scheduled doses.
    public var delayMinutes: Int? {
        guard let scheduledAt, let takenAt else { return nil }
        return Int((takenAt.timeIntervalSince(scheduledAt) / 60).rounded())
    }

    /// When it happened or was due, for sorting and grouping by day.
    public var moment: Date { scheduledAt ?? takenAt ?? .distantPast }
}
