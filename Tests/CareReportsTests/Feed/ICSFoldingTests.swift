import Testing

@testable import CareReports

/// A calendar line within the limit is kept whole without reading it cluster by cluster: the same
/// physical lines as folding it cluster by cluster, for lines of every length around the limit
/// (ASCII, multi-byte scalars, CR LF, combining marks, emoji), and long lines still fold.
@Suite struct ICSFoldingTests {
    static let scalars: [Unicode.Scalar] = ["a", "Z", " ", ";", ",", "\\", "\r", "\n", "é", "\u{301}", "\u{600}", "–", "😀", "\u{200D}", "中"]

    @Test func aLineWithinTheLimitFoldsAsClusterByCluster() {
        var rng = EscapingSplitMix(seed: 5545)
        for _ in 0..<20_000 {
            var text = String.UnicodeScalarView()
            for _ in 0..<Int(rng.next() % 90) { text.append(Self.scalars[Int(rng.next() % UInt64(Self.scalars.count))]) }
            let line = String(text)
            for limit in [75, 20] {
                #expect(FeedText.icsFolded(line, limit: limit) == FeedText.icsFoldedByCluster(line, limit: limit), "\(Array(line.unicodeScalars))")
            }
        }
    }

    @Test func longLinesStillFold() {
        let line = "DESCRIPTION:" + String(repeating: "é", count: 70)
        let folded = FeedText.icsFolded(line)
        #expect(folded.count == 3 && folded.allSatisfy { $0.utf8.count <= 75 } && folded.dropFirst().allSatisfy { $0.hasPrefix(" ") })
        #expect(folded[0] + folded.dropFirst().map { String($0.dropFirst()) }.joined() == line)
        #expect(FeedText.icsFolded(String(repeating: "a", count: 75)) == [String(repeating: "a", count: 75)])
    }
}
