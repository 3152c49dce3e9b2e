@testable import CareReports
import Testing

/// `--shard`: a fixed hash (FNV-1a 64) and the K/N, auto/N forms with their usage errors.
@Suite struct ShardTests {
    /// Published FNV-1a 64 test vectors: the hash is the documented one, not a seeded `Hasher`.
    @Test func hashIsFNV1a64() {
        #expect(Shard.fnv1a64("") == 0xcbf2_9ce4_8422_2325)
        #expect(Shard.fnv1a64("a") == 0xaf63_dc4c_8601_ec8c)
        #expect(Shard.fnv1a64("foobar") == 0x8594_4171_f739_67e8)
    }

    @Test func everyCircleIsInExactlyOneShard() {
        let ids = (1...200).map { "g\($0)" } + ["circle-margaret", "ß-ü-ĉ"]
        for count in 1...5 {
            for id in ids {
                let owners = (0..<count).filter { Shard(index: $0, count: count)!.contains(circle: id) }
                #expect(owners.count == 1)
            }
        }
        // Spread over the shards, not all in one.
        let sizes = (0..<3).map { k in ids.filter { Shard(index: k, count: 3)!.contains(circle: $0) }.count }
        #expect(sizes.allSatisfy { $0 > 40 })
    }

    @Test func parsesExplicitAndAuto() throws {
        #expect(try Shard.parse("2/3", environment: [:]).get() == Shard(index: 2, count: 3))
        #expect(try Shard.parse("0/1", environment: [:]).get() == .all)
        #expect(try Shard.parse("auto/4", environment: ["JOB_COMPLETION_INDEX": "3"]).get() == Shard(index: 3, count: 4))
        #expect(try Shard.parse("auto/4", environment: ["SLURM_ARRAY_TASK_ID": "0"]).get() == Shard(index: 0, count: 4))
        // Kubernetes first when both are set.
        #expect(try Shard.parse("auto/4", environment: ["JOB_COMPLETION_INDEX": "1", "SLURM_ARRAY_TASK_ID": "2"]).get() == Shard(index: 1, count: 4))
    }

    @Test func rejectsWhatNamesNoShard() {
        for text in ["3/3", "-1/3", "1/0", "1", "a/3", "1/3/4", " 1/3", "+1/3", "1/", "/3", "1/99999999999"] {
            #expect(throws: ShardError.self) { try Shard.parse(text, environment: [:]).get() }
        }
        for value in ["3", "", "x", "-1", "1.0"] {
            #expect(throws: ShardError.self) { try Shard.parse("auto/3", environment: ["SLURM_ARRAY_TASK_ID": value]).get() }
        }
        #expect(throws: ShardError.self) { try Shard.parse("auto/3", environment: [:]).get() }
    }
}
