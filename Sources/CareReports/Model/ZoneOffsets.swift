import Foundation

extension TimeZone {
    /// `secondsFromGMT(for: date)`, read from ICU once per UTC day of the zone instead of once per
    /// instant (every page turns hundreds of instants into local days and times): a day whose offset
    /// is the same at its first and its last second keeps it throughout; a day with a change (a
    /// daylight-saving switch) asks ICU for each instant, as before. Same answers
    /// (ZoneOffsetsTests compares them over zones with odd offsets and changes, 1900–2100).
    func offset(at date: Date) -> Int { ZoneOffsets.table(for: self).offset(at: date) }
}

/// One zone's offsets by UTC day, filled as days are asked for.
final class ZoneOffsets: @unchecked Sendable {
    private enum Day {
        case uniform(Int)
        case changing
    }

    private let zone: TimeZone
    private let identifier: String
    private let lock = SpinLock()
    private var days: [Int: Day] = [:]

    private init(_ zone: TimeZone, _ identifier: String) {
        self.zone = zone
        self.identifier = identifier
    }

    func offset(at date: Date) -> Int {
        let seconds = date.timeIntervalSince1970
        guard seconds.magnitude < 1e11 else { return zone.secondsFromGMT(for: date) }
        let day = Int((seconds / 86_400).rounded(.down))
        lock.lock()
        let known = days[day]
        lock.unlock()
        switch known {
        case .uniform(let offset)?: return offset
        case .changing?: return zone.secondsFromGMT(for: date)
        case nil: break
        }
        let start = Date(timeIntervalSince1970: Double(day) * 86_400)
        let offset = zone.secondsFromGMT(for: start)
        let uniform = zone.secondsFromGMT(for: start.addingTimeInterval(86_399)) == offset
        lock.lock()
        days[day] = uniform ? .uniform(offset) : .changing
        lock.unlock()
        return uniform ? offset : zone.secondsFromGMT(for: date)
    }

    private static let lock = SpinLock()
    nonisolated(unsafe) private static var tables: [String: ZoneOffsets] = [:]
    /// The table asked for last: a run works in one zone at a time, and comparing its identifier
    /// costs less than hashing it.
    nonisolated(unsafe) private static var last: ZoneOffsets?

    /// The table of `zone` (by identifier: one per zone for the whole run).
    static func table(for zone: TimeZone) -> ZoneOffsets {
        let identifier = zone.identifier
        lock.lock()
        defer { lock.unlock() }
        if let last, last.identifier == identifier { return last }
        let table = tables[identifier] ?? ZoneOffsets(zone, identifier)
        tables[identifier] = table
        last = table
        return table
    }
}
