import ArgumentParser
import CareReports
import Foundation

/// `--now DATE`: the moment reports are written as of; else SOURCE_DATE_EPOCH; else the clock.
/// `--strict`: stop when that moment is days past the export (a stale export is then an error), and
/// on any warning from reading the input (see `WarningPolicy`).
struct NowOption: ParsableArguments {
    @Option(help: ArgumentHelp("Write as of this moment (RFC 3339 date-time or YYYY-MM-DD); default SOURCE_DATE_EPOCH, else now.", valueName: "date"))
    var now: String?

    @Flag(help: "Stop with status 65, writing nothing, when \"now\" is more than 3 days past the export's exportedAt (for clinical documents alone, the newest document's date), or when reading the input gave any warning (a section or entry of a clinical document not imported).")
    var strict = false

    /// "Now" for `export`; warns on standard error (cron mails it) when it is days past the export,
    /// and stops under `--strict`. Nothing is written before this is called.
    func resolve(for export: CareExport) throws -> Date {
        let moment = try resolve(timeZone: export.timeZone)
        guard let exportedAt = export.exportedAt else { return moment }
        let days = Int(moment.timeIntervalSince(exportedAt) / 86_400)
        guard days > ReportContext.staleAfterDays else { return moment }
        let format = DisplayFormat(timeZone: export.timeZone)
        let source = now != nil ? "--now" : ProcessInfo.processInfo.environment["SOURCE_DATE_EPOCH"].map { $0.isEmpty ? "the clock" : "SOURCE_DATE_EPOCH" } ?? "the clock"
        Console.error(
            "\(strict ? "error" : "warning"): \(DataDate.taken(exportedAt, export.dataDate, format: format)), \(days) days before \"now\" "
                + "(\(format.dateTime(.instant(moment))), from \(source)); the output shows the data as of that date and counts "
                + "nothing due after it as missed or overdue. Use a newer export, or pass --now to write as of another moment.")
        if strict { throw ExitCode(65) }
        return moment
    }

    func resolve(timeZone: TimeZone) throws -> Date {
        if let now {
            guard let date = CareDate.parse(now) else {
                throw ValidationError("--now takes an RFC 3339 date-time such as 2025-04-18T18:00:00-07:00, or YYYY-MM-DD")
            }
            return date.resolved(in: timeZone)
        }
        if let epoch = ProcessInfo.processInfo.environment["SOURCE_DATE_EPOCH"], !epoch.isEmpty {
            guard let seconds = Self.sourceDateEpoch(epoch) else {
                throw ValidationError("SOURCE_DATE_EPOCH must be a decimal integer of seconds since 1970-01-01T00:00:00Z, from 0 to \(Self.latestEpoch)")
            }
            return Date(timeIntervalSince1970: TimeInterval(seconds))
        }
        return Date()
    }

    /// The last second SOURCE_DATE_EPOCH may name: 9999-12-31T23:59:59Z, the last moment dates are written for.
    static let latestEpoch = 253_402_300_799

    /// SOURCE_DATE_EPOCH as the reproducible-builds spec defines it: ASCII decimal digits only (no sign,
    /// point, exponent, hex, or spaces), a count of seconds since the epoch, here up to `latestEpoch`.
    static func sourceDateEpoch(_ text: String) -> Int? {
        let digits = text.utf8
        guard !digits.isEmpty, digits.count <= 12, digits.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
            let seconds = Int(text), seconds <= latestEpoch
        else { return nil }
        return seconds
    }
}
