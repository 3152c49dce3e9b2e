/// SplitMix64 (Steele, Lea and Flood 2014): a small, fast, fully deterministic PRNG. The
/// generator never uses the system's random source, so the same seed gives the same bytes
/// on every machine and every run.
struct GeneratorRandom: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    /// An independent stream for one part of the export, so that what one part draws never
    /// shifts another (e.g. the tasks of circle 3 do not depend on how many doses circle 2 logged).
    init(seed: UInt64, circle: Int, stream: UInt64) {
        var mixer = GeneratorRandom(seed: seed ^ (UInt64(truncatingIfNeeded: circle) &* 0x9E37_79B9_7F4A_7C15) ^ (stream &* 0xD1B5_4A32_D192_ED03))
        state = mixer.next()
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A whole number in `range` (Lemire's multiply-shift; the tiny bias does not matter here).
    mutating func int(_ range: ClosedRange<Int>) -> Int {
        let span = UInt64(range.upperBound - range.lowerBound + 1)
        let high = next().multipliedFullWidth(by: span).high
        return range.lowerBound + Int(high)
    }

    /// True with probability `p`.
    mutating func chance(_ p: Double) -> Bool { unit() < p }

    /// A uniform value in [0, 1).
    mutating func unit() -> Double { Double(next() >> 11) * 0x1.0p-53 }

    /// Roughly normal (sum of three uniforms), mean 0, standard deviation about `sd`.
    mutating func gauss(_ sd: Double) -> Double { (unit() + unit() + unit() - 1.5) * 2 * sd }

    mutating func pick<T>(_ items: [T]) -> T { items[int(0...(items.count - 1))] }
}
