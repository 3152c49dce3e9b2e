import Foundation
import Testing

@testable import CareReports

/// Numbers as every report writes them: the digits made without Foundation's formatter must be
/// the ones `String(format: "%.Nf")` writes, for every magnitude and number of decimals it is used for.
@Suite("Display numbers")
struct DisplayFormatNumberTests {
    @Test("the fixed decimals are the formatter's, over random values of every magnitude and sign")
    func fixedDecimalsMatchTheFormatter() {
        var generator = MarkdownTestRandom(seed: 34)
        var values: [Double] = [0.005, -0.005, 0.015, 1.005, 2.675, 99.995, -99.995, 0.125, 7.8, 120.5, 0.25, 1e-7, 999_999_999.99, -123_456.785]
        for _ in 0..<20_000 {
            let exponent = Double.random(in: -4...9, using: &generator)
            let value = pow(10, exponent) * Double.random(in: 0.1...1, using: &generator) * (Bool.random(using: &generator) ? 1 : -1)
            values.append(value)
            values.append((value * 100).rounded() / 100 + 0.005)
        }
        for value in values {
            for decimals in 0...6 {
                var scale = 1.0
                for _ in 0..<decimals { scale *= 10 }
                let rounded = (value * scale).rounded() / scale
                guard rounded != 0, let fixed = DisplayFormat.fixedDecimals(value, scale: scale, decimals: decimals) else { continue }
                #expect(fixed == String(format: "%.\(decimals)f", rounded), "\(value) to \(decimals)")
            }
        }
    }

    @Test("numbers without trailing zeros, and what the formatter is left with")
    func numbers() {
        #expect(DisplayFormat.number(7.80) == "7.8")
        #expect(DisplayFormat.number(120) == "120")
        #expect(DisplayFormat.number(0.25) == "0.25")
        #expect(DisplayFormat.number(-0.001) == "0")
        #expect(DisplayFormat.number(2.675, maxDecimals: 1) == "2.7")
        #expect(DisplayFormat.number(1_234_567_890.5) == "1234567890.5")
        #expect(DisplayFormat.fixedDecimals(1e10 + 0.5, scale: 100, decimals: 2) == nil)
        #expect(DisplayFormat.fixedDecimals(.nan, scale: 100, decimals: 2) == nil)
    }
}
