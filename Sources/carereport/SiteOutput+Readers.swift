import ArgumentParser
import CareReports
import Foundation

extension SiteOutput {
    /// The folder of one reader's output with `--all-members`: `OUTPUT/USER`. User ids are checked on
    /// reading to be one safe path segment each (``SafeId``); this checks again, so no id can ever
    /// name a path outside `output`.
    static func readerPath(_ output: String, _ userId: String) throws -> String {
        guard SafeId.isSafe(userId) else {
            Console.error("error: internal error: a member without a usable id; nothing more was written")
            throw ExitCode(70)
        }
        return "\(output)/\(userId)"
    }

    /// Makes this process remove, among staging folders left by killed runs, only those of `shard`'s
    /// readers' sites (`USER`) and digests (`USER.md`, `.html`, `.eml`).
    static func restrictCleaning(to shard: Shard) {
        StagingCleaner.owns = { name in
            var reader = name
            for suffix in [".md", ".html", ".eml"] where reader.hasSuffix(suffix) && !shard.contains(reader: reader) {
                reader = String(reader.dropLast(suffix.count))
            }
            return shard.contains(reader: reader)
        }
    }

    /// After an `--all-members` build, removes the sites of people who are no longer active members
    /// of any circle written (their folder in `output`), so nothing written for them survives. Only
    /// this shard's readers' folders are looked at (by the hash of the folder's name, a user id), and
    /// only real folders directly inside `output` that hold carereport's marker are removed: never a
    /// link, never anything else, never another shard's reader.
    /// With `--circle`, `among` is that circle's members (of any status): a run for one circle
    /// removes only the sites of its own former members, never other people's.
    static func removeStaleReaderSites(in output: String, keeping: Set<String>, shard: Shard, among: Set<String>? = nil) throws {
        let fileManager = FileManager.default
        StagingCleaner.removeAbandoned(in: output)  // only this shard's readers' (see `restrictCleaning`)
        for name in (try? fileManager.contentsOfDirectory(atPath: output)) ?? []
        where SafeId.isSafe(name) && !keeping.contains(name) && shard.contains(reader: name) && among.map({ $0.contains(name) }) ?? true {
            let path = "\(output)/\(name)"
            guard StagingCleaner.isCarereportFolder(path) else { continue }
            do {
                try fileManager.removeItem(atPath: path)
            } catch {
                Console.error("\(path): error: cannot remove the site of a former member")
                throw ExitCode(73)
            }
        }
    }

    /// The staging folder of an `--all-members` run's digests inside `output`, or exit 73.
    static func stagedDocuments(in output: String) throws -> StagedDocuments {
        do {
            return try StagedDocuments(folder: output)
        } catch {
            Console.error(error.errorDescription ?? "\(output): error: cannot write here")
            Console.error("error: no digest was written")
            throw ExitCode(73)
        }
    }

    /// Writes one digest into `outbox`'s staging folder, or exits 73 having written nothing new.
    static func add(_ message: String, as name: String, to outbox: StagedDocuments) throws {
        do {
            try outbox.add(name, Array(message.utf8))
        } catch {
            Console.error(error.errorDescription ?? "error: cannot write \(name)")
            Console.error("error: no digest of this run was put in the outbox (\(outbox.count) were written to a staging folder, now removed); the files already there are as they were")
            throw ExitCode(73)
        }
    }

    /// Puts every digest of `outbox` in place, or exits 73 saying how many were.
    static func commit(_ outbox: StagedDocuments) throws {
        do {
            try outbox.commit()
        } catch {
            Console.error(error.errorDescription ?? "error: cannot put the digests in place")
            if case .partlyPlaced = error {} else {
                Console.error("error: no digest of this run was put in the outbox; the files already there are as they were")
            }
            throw ExitCode(73)
        }
    }

    /// After an `--all-members` digest run, removes the digests (`USER.md`, `.html`, `.eml`) of
    /// people who are no longer active members, as ``removeStaleReaderSites(in:keeping:shard:among:)``
    /// removes their sites, and only files carereport wrote there itself (``OutboxManifest``): a file
    /// the list does not hold is never touched, whatever its name. Of those, only this shard's readers',
    /// only people `among` names (the circle's members with `--circle`, else everyone the export
    /// knows), only regular files (never a link). Each removal is said on standard error (the file's
    /// name: a user id, never anything of a record). The list then holds what this run wrote.
    static func removeFormerMembersDigests(in output: String, wrote written: [String], keeping: Set<String>, shard: Shard, among: Set<String>) throws {
        var manifest = OutboxManifest.read(in: output, shard: shard)
        let removals = manifest.takeRemovals { name in
            guard let dot = name.lastIndex(of: "."), [".md", ".html", ".eml"].contains(String(name[dot...])) else { return false }
            let user = String(name[..<dot])
            return SafeId.isSafe(user) && !keeping.contains(user) && among.contains(user) && shard.contains(reader: user)
        }
        for name in removals {
            let path = "\(output)/\(name)"
            var status = stat()
            guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { continue }
            guard unlink(path) == 0 else {
                Console.error("\(path): error: cannot remove the digest of a former member")
                throw ExitCode(73)
            }
            Console.error("removed \(path): its reader is no longer an active member")
        }
        manifest.add(written)
        do {
            try manifest.write(in: output, shard: shard)
        } catch {
            Console.error("\(output)/\(OutboxManifest.fileName(for: shard)): error: cannot write the list of the digests written here")
            throw ExitCode(73)
        }
    }
}
