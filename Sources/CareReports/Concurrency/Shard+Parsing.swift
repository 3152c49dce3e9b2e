/// `--shard K/N` and `--shard auto/N`: which shard this process is, given as a number or read from
/// the batch system that started it.
extension Shard {
    /// The variables that `auto` reads, in order: a Kubernetes Indexed Job's completion index, then
    /// a Slurm job array's task id (0-based: submit with `--array=0-(N-1)`).
    public static let indexVariables = ["JOB_COMPLETION_INDEX", "SLURM_ARRAY_TASK_ID"]

    /// Parses `K/N` or `auto/N` (with `environment` for `auto`); the error is a sentence for the user.
    public static func parse(_ text: String, environment: [String: String]) -> Result<Shard, ShardError> {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let count = number(parts[1]), count >= 1 else {
            return .failure(ShardError("--shard takes K/N or auto/N, with N a whole number of at least 1 (for example 0/3)"))
        }
        if parts[0] == "auto" {
            guard let name = indexVariables.first(where: { environment[$0] != nil }), let value = environment[name] else {
                return .failure(ShardError("--shard auto/\(count) reads the shard from JOB_COMPLETION_INDEX (Kubernetes Indexed Job) or SLURM_ARRAY_TASK_ID (Slurm array); neither is set"))
            }
            guard let index = number(Substring(value)), let shard = Shard(index: index, count: count) else {
                return .failure(ShardError("--shard auto/\(count): \(name) is \"\(value.prefix(20))\", not a shard from 0 to \(count - 1) (for Slurm, submit with --array=0-\(count - 1))"))
            }
            return .success(shard)
        }
        guard let index = number(parts[0]), let shard = Shard(index: index, count: count) else {
            return .failure(ShardError("--shard \(text.prefix(40)): K must be a whole number from 0 to \(count - 1)"))
        }
        return .success(shard)
    }

    /// Plain decimal digits only (no sign, no spaces), at most 9 of them.
    private static func number(_ text: Substring) -> Int? {
        guard !text.isEmpty, text.count <= 9, text.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int(text)
    }
}

/// A `--shard` value that names no shard.
public struct ShardError: Error, Equatable, Sendable {
    public let message: String
    init(_ message: String) { self.message = message }
}
