import ArgumentParser
import CareReports
import Foundation

/// `--now DATE`: the moment reports are written as of; else SOURCE_DATE_EPOCH; else the clock.
struct NowOption: ParsableArguments {
    @Option(help: ArgumentHelp("Write as of this moment (RFC 3339 date-time or YYYY-MM-DD); default SOURCE_DATE_EPOCH, else now.", valueName: "date"))
    var now: String?

    func resolve(timeZone: TimeZone) throws -> Date {
        if let now {
            guard let date = CareDate.parse(now) else {
                throw ValidationError("--now takes an RFC 3339 date-time such as 2025-04-18T18:00:00-07:00, or YYYY-MM-DD")
            }
            return date.resolved(in: timeZone)
        }
        if let epoch = ProcessInfo.processInfo.environment["SOURCE_DATE_EPOCH"], !epoch.isEmpty {
            guard let seconds = Double(epoch) else { throw ValidationError("SOURCE_DATE_EPOCH must be whole seconds since 1970") }
            return Date(timeIntervalSince1970: seconds)
        }
        return Date()
    }
}
