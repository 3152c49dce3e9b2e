import Foundation

extension TimeZone {
    /// `secondsFromGMT(for: date)`, read from ICU once per UTC day of the zone instead of once per
    /// instant (every page turns hundreds of instants into local days and times): a day whose offset
    /// is the same at its first and its last second keeps it throughout; a day with a change (a
    /// daylight-saving switch) asks ICU for each instant, as before. Same answers
    /// (ZoneOffsetsTests compares them over zones with odd offsets and changes, 1900–2100).
    func offset(at date: Date) -> Int { ZoneOffsets.table(for: self).offset(at: date) }
}

/// One zone's offsets by UTC day, filled as days are asked for, for one thread: each thread keeps
/// tables of its own (``ZoneOffsetTables``), so looking a day up takes no lock. (A table shared by
/// the threads of an `--all-members` run had two cores spinning on its lock.)
final class ZoneOffsets {
    private enum Day {
        case uniform(Int)
        case changing
    }

    private let zone: TimeZone
    let identifier: String
    private var days: [Int: Day] = [:]

    init(_ zone: TimeZone, _ identifier: String) {
        self.zone = zone
        self.identifier = identifier
    }

    func offset(at date: Date) -> Int {
        let seconds = date.timeIntervalSince1970
        guard seconds.magnitude < 1e11 else { return zone.secondsFromGMT(for: date) }
        let day = Int((seconds / 86_400).rounded(.down))
        switch days[day] {
        case .uniform(let offset)?: return offset
        case .changing?: return zone.secondsFromGMT(for: date)
        case nil: break
        }
        let start = Date(timeIntervalSince1970: Double(day) * 86_400)
        let offset = zone.secondsFromGMT(for: start)
        let uniform = zone.secondsFromGMT(for: start.addingTimeInterval(86_399)) == offset
        days[day] = uniform ? .uniform(offset) : .changing
        return uniform ? offset : zone.secondsFromGMT(for: date)
    }

    /// The calling thread's table of `zone` (by identifier: one per zone and thread for the whole run).
    static func table(for zone: TimeZone) -> ZoneOffsets { ZoneOffsetTables.current.table(for: zone) }
}

/// The zone tables of one thread, held in the thread's own storage and released when it ends.
final class ZoneOffsetTables {
    private var tables: [String: ZoneOffsets] = [:]
    /// The table asked for last: a run works in one zone at a time, and comparing its identifier
    /// costs less than hashing it.
    private var last: ZoneOffsets?

    func table(for zone: TimeZone) -> ZoneOffsets {
        let identifier = zone.identifier
        if let last, last.identifier == identifier { return last }
        let table = tables[identifier] ?? ZoneOffsets(zone, identifier)
        tables[identifier] = table
        last = table
        return table
    }

    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        let made = pthread_key_create(&key) { pointer in
            guard let pointer else { return }
            Unmanaged<ZoneOffsetTables>.fromOpaque(pointer).release()
        }
        precondition(made == 0, "no thread-specific storage for zone offsets")
        return key
    }()

    /// The calling thread's tables, made on its first call.
    static var current: ZoneOffsetTables {
        if let pointer = pthread_getspecific(key) {
            return Unmanaged<ZoneOffsetTables>.fromOpaque(pointer).takeUnretainedValue()
        }
        let tables = ZoneOffsetTables()
        pthread_setspecific(key, Unmanaged.passRetained(tables).toOpaque())
        return tables
    }
}
