import Foundation

/// The window of years a date in an imported clinical document (FHIR, C-CDA) may fall in: from
/// 1900 (a birth date of the oldest patient) to a few years after the document's own date when the
/// document gives one (a planned refill or appointment), else to 2100. A date outside is a typo or
/// a system's placeholder (`0001-01-01`, `9999-12-31`): it is a located warning and the date is
/// read as unknown, so no page or chart spans centuries.
enum PlausibleDate {
    /// The earliest year read as a date of this care.
    static let earliestYear = 1900
    /// The latest year read when the document gives no date of its own.
    static let latestYear = 2100
    /// How many years after the document's date a date it holds may fall.
    static let yearsAfterDocument = 5

    private static let utc = TimeZone(identifier: "UTC")!

    /// The last plausible year for a document dated `reference` (nil: not known).
    static func lastYear(after reference: CareDate?) -> Int {
        guard let reference, !reference.isUnknown else { return latestYear }
        return min(latestYear, reference.localDay(in: utc).year + yearsAfterDocument)
    }

    /// The warning for `date` when it falls outside the window, else nil.
    static func problem(_ date: CareDate, after reference: CareDate?) -> String? {
        guard !date.isUnknown else { return nil }
        let year = date.localDay(in: utc).year
        let last = lastYear(after: reference)
        guard year < earliestYear || year > last else { return nil }
        let window = "\(earliestYear)–\(last)"
        let reason = reference == nil || reference!.isUnknown ? "" : " (up to \(yearsAfterDocument) years after the document's date)"
        return "the date is outside \(window)\(reason), not a date of this care (a typo or a placeholder?); read as unknown"
    }

    /// `date` when it is in the window; otherwise "date unknown" filed under the document's day
    /// (nil when the document has no day), after calling `warn` with the problem.
    static func checked(_ date: CareDate, after reference: CareDate?, warn: (String) -> Void) -> CareDate? {
        guard let message = problem(date, after: reference) else { return date }
        warn(message)
        guard let reference, !reference.isUnknown, problem(reference, after: nil) == nil else { return nil }
        return .unknown(filedOn: reference.localDay(in: utc))
    }
}
