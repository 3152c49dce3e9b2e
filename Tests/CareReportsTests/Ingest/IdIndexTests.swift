import Testing

@testable import CareReports

/// The id index the reference checks use agrees with a dictionary, for ids of every length.
extension IngestTests {
    @Suite("Id index") struct IdIndexTests {
        @Test func agreesWithADictionaryAsItGrows() {
            var index = IdIndex()
            var reference: [String: Int] = [:]
            // Short ids (held inline by String), long ones, ids that differ only in their last
            // byte or in length, the empty id and non-ASCII ones.
            var ids = (0..<5000).map { "g\($0 % 97)-hr-\(String(repeating: "0", count: $0 % 13))\($0)" }
            ids += ["", "a", "ab", "é", "é-ü", "12345678", "123456789", "1234567", "12345678" + "\u{0}"]
            ids += ids.prefix(300)  // repeats
            for (number, id) in ids.enumerated() {
                let first = index.insert(id, value: number)
                #expect(first == reference[id], "\(id)")
                if reference[id] == nil { reference[id] = number }
            }
            #expect(index.count == reference.count)
            for (id, number) in reference { #expect(index.value(for: id) == number) }
            for missing in ["g1-hr-x", "1234567890", "ab ", "É"] { #expect(!index.contains(missing)) }
        }
    }
}
