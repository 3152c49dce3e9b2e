import Foundation
import Testing

@testable import CareReports

/// The per-day offset table answers exactly what ICU answers for every instant: in zones with
/// daylight saving (north and south), half- and quarter-hour offsets, a 30-minute DST shift, a zone
/// that skipped a whole day (Samoa, end of 2011), changes of standard offset, and fixed offsets.
@Suite struct ZoneOffsetsTests {
    static let zones = [
        "America/Los_Angeles", "Europe/London", "Europe/Moscow", "Australia/Lord_Howe", "Australia/Adelaide", "Asia/Kathmandu",
        "America/St_Johns", "Pacific/Apia", "Pacific/Chatham", "Africa/Casablanca", "America/Santiago", "UTC", "GMT+0530", "GMT-0930",
    ]

    @Test(arguments: zones)
    func sameAsICUEveryQuarterHourAndAtRandom(_ identifier: String) throws {
        let zone = try #require(TimeZone(identifier: identifier))
        // Every 15 minutes over 2010–2012 (Samoa's skipped day, Moscow's changes) and 2024–2026.
        for (from, to) in [(1_262_304_000.0, 1_356_998_400.0), (1_704_067_200.0, 1_798_761_600.0)] {
            var t = from
            while t < to {
                let date = Date(timeIntervalSince1970: t)
                #expect(zone.offset(at: date) == zone.secondsFromGMT(for: date), "\(identifier) \(date)")
                t += 900
            }
        }
        // Random instants, with fractions of a second, 1900–2100, and each one's neighbours.
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<5_000 {
            let t = Double.random(in: -2_208_988_800...4_102_444_800, using: &generator)
            for delta in [-1.0, 0, 0.5, 1] {
                let date = Date(timeIntervalSince1970: t + delta)
                #expect(zone.offset(at: date) == zone.secondsFromGMT(for: date), "\(identifier) \(date)")
            }
        }
    }

    /// Around each transition, second by second: the day it falls in is asked of ICU instant by instant.
    @Test func secondBySecondAroundTransitions() throws {
        for identifier in ["America/Los_Angeles", "Australia/Lord_Howe", "Pacific/Apia"] {
            let zone = try #require(TimeZone(identifier: identifier))
            var after = Date(timeIntervalSince1970: 1_262_304_000)
            for _ in 0..<6 {
                guard let transition = zone.nextDaylightSavingTimeTransition(after: after) else { break }
                for second in -120...120 {
                    let date = transition.addingTimeInterval(Double(second))
                    #expect(zone.offset(at: date) == zone.secondsFromGMT(for: date), "\(identifier) \(date)")
                }
                after = transition.addingTimeInterval(1)
            }
        }
    }

    /// Threads at once (each has tables of its own, so none waits for another): every one gets ICU's
    /// answers, in two zones taken turn about.
    @Test func threadsAtOnceGetTheSameAnswers() throws {
        let zones = try ["America/Los_Angeles", "Pacific/Chatham"].map { try #require(TimeZone(identifier: $0)) }
        let wrong = LockedCount()
        DispatchQueue.concurrentPerform(iterations: 8) { thread in
            var t = 1_704_067_200.0 + Double(thread) * 3_600
            while t < 1_735_689_600 {
                let date = Date(timeIntervalSince1970: t)
                for zone in zones where zone.offset(at: date) != zone.secondsFromGMT(for: date) { wrong.add() }
                t += 7_200
            }
        }
        #expect(wrong.value == 0)
    }
}

/// A count that threads add to.
private final class LockedCount: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    var value: Int { lock.withLock { count } }
    func add() { lock.withLock { count += 1 } }
}
