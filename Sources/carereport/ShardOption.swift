import ArgumentParser
import CareReports
import Foundation

/// `--shard K/N | auto/N`: with `--all-members`, write only the readers of shard K (see ``Shard``).
struct ShardOption: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "With --all-members, write only shard K of N (readers split by a stable hash of their user id); auto/N reads K from JOB_COMPLETION_INDEX or SLURM_ARRAY_TASK_ID.",
            valueName: "K/N"))
    var shard: String?

    /// Checks the value (a usage error, 64, when it names no shard) and that it goes with `--all-members`.
    func validate(allMembers: Bool) throws {
        guard shard != nil else { return }
        guard allMembers else { throw ValidationError("--shard splits an --all-members run; add --all-members") }
        _ = try resolved()
    }

    /// The shard this process writes (every reader without `--shard`).
    func resolved() throws -> Shard {
        guard let shard else { return .all }
        switch Shard.parse(shard, environment: ProcessInfo.processInfo.environment) {
        case .success(let value): return value
        case .failure(let error): throw ValidationError(error.message)
        }
    }
}
