import Foundation

/// The list of digests carereport has put in an outbox (`--all-members --out DIR`): the only files
/// it may ever remove there. A file carereport did not write (`README.md`, `index.html`, a digest of
/// another program, one written before the list existed) is never touched, whatever its name.
///
/// The list is `DIR/.carereport-outbox` (`DIR/.carereport-outbox.K-of-N` for shard K/N, so shards
/// running at once never write one file), a line per file name, replaced whole (written beside it,
/// then renamed) after each run.
public struct OutboxManifest: Sendable, Equatable {
    /// The names of the files the list holds.
    public private(set) var names: Set<String>

    public init(names: Set<String> = []) { self.names = names }

    static let header = "# The digests carereport wrote in this folder: the only files it removes here. Do not edit."

    /// The list's file name in an outbox written by `shard`.
    public static func fileName(for shard: Shard) -> String {
        shard.count == 1 ? ".carereport-outbox" : ".carereport-outbox.\(shard.index)-of-\(shard.count)"
    }

    /// The list in `folder` for `shard`; empty when there is none yet.
    public static func read(in folder: String, shard: Shard) -> OutboxManifest {
        guard let text = try? String(contentsOfFile: folder + "/" + fileName(for: shard), encoding: .utf8) else { return OutboxManifest() }
        let names = text.split(separator: "\n").map(String.init).filter { !$0.hasPrefix("#") && !$0.isEmpty && !$0.contains("/") }
        return OutboxManifest(names: Set(names))
    }

    /// The names of the list, in order, that `remove` says to remove (the list forgets them).
    public mutating func takeRemovals(where remove: (String) -> Bool) -> [String] {
        let removed = names.filter(remove).sorted()
        names.subtract(removed)
        return removed
    }

    /// Adds the files a run wrote.
    public mutating func add<S: Sequence>(_ written: S) where S.Element == String { names.formUnion(written) }

    /// Writes the list into `folder` (a new file renamed over the old one).
    public func write(in folder: String, shard: Shard) throws {
        let path = folder + "/" + Self.fileName(for: shard)
        let temporary = "\(path).new-\(getpid())"
        let text = ([Self.header] + names.sorted()).joined(separator: "\n") + "\n"
        do {
            try Data(text.utf8).write(to: URL(fileURLWithPath: temporary))
            guard rename(temporary, path) == 0 else { throw CocoaError(.fileWriteUnknown) }
        } catch {
            unlink(temporary)
            throw error
        }
    }
}
