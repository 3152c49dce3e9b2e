import Foundation
import Glibc

/// Finds and removes the staging folders that builds killed outright (`kill -9`, a power cut) left
/// beside their output, each holding a viewer's pages: a folder is removed only when its name is one
/// carereport gives (`.NAME.carereport-new-PID` or `.NAME.carereport-old-PID`), it holds
/// carereport's marker file, no process with that PID is running here, and no process anywhere
/// holds the marker locked (``StagingLock``: a live build's folder in another PID namespace, whose
/// PID means nothing here, is left alone).
public enum StagingCleaner {
    static let newInfix = ".carereport-new-"
    static let oldInfix = ".carereport-old-"

    static func stagingName(for output: String, pid: pid_t) -> String { ".\(output)\(newInfix)\(pid)" }
    static func asideName(for output: String, pid: pid_t) -> String { ".\(output)\(oldInfix)\(pid)" }

    /// Which outputs' staging folders this process may remove, by the output's name (`NAME`): all
    /// by default. A shard of an `--all-members` run, whose readers' outputs share one folder with
    /// other shards' (perhaps on other machines, where a PID says nothing), sets it to its own readers.
    nonisolated(unsafe) public static var owns: @Sendable (String) -> Bool = { _ in true }

    /// Removes every abandoned staging folder directly inside `parent`; returns the names removed.
    @discardableResult
    public static func removeAbandoned(in parent: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: parent)) ?? []
        var removed: [String] = []
        for name in names.sorted() {
            guard let pid = ownerPID(of: name), pid != getpid(), !isRunning(pid), owns(outputName(of: name)) else { continue }
            let path = (parent as NSString).appendingPathComponent(name)
            guard isCarereportFolder(path, markerBegun: true) else { continue }
            // The PID may be another namespace's: only a marker no process holds locked is abandoned.
            _ = StagingLock.whileUnused(path) {
                if (try? FileManager.default.removeItem(atPath: path)) != nil { removed.append(name) }
            }
        }
        return removed
    }

    /// `NAME` of a staging folder named `.NAME.carereport-new-PID` (or `-old-`).
    static func outputName(of name: String) -> String {
        for infix in [newInfix, oldInfix] {
            if let range = name.range(of: infix, options: .backwards) { return String(name[name.index(after: name.startIndex)..<range.lowerBound]) }
        }
        return name
    }

    /// The PID in a staging folder's name, or nil when the name is not one carereport gives.
    static func ownerPID(of name: String) -> pid_t? {
        guard name.hasPrefix(".") else { return nil }
        for infix in [newInfix, oldInfix] {
            guard let range = name.range(of: infix, options: .backwards), range.lowerBound > name.index(after: name.startIndex) else {
                continue
            }
            let digits = name[range.upperBound...]
            guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }), let pid = pid_t(digits), pid > 0 else {
                continue
            }
            return pid
        }
        return nil
    }

    static func isRunning(_ pid: pid_t) -> Bool {
        kill(pid, 0) == 0 || errno == EPERM
    }

    /// A real folder (not a link) holding carereport's marker as a regular file. With `markerBegun`
    /// (a staging folder, whose name is carereport's already), a marker cut short by a kill while it
    /// was written (empty, or the start of its text) counts too.
    public static func isCarereportFolder(_ path: String, markerBegun: Bool = false) -> Bool {
        var status = stat()
        guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR else { return false }
        return isMarker((path as NSString).appendingPathComponent(SiteWriter.marker), begun: markerBegun)
    }

    /// A regular file (not a link) that starts with the marker's text (or, when `begun`, holds a
    /// start of it).
    static func isMarker(_ path: String, begun: Bool = false) -> Bool {
        var status = stat()
        guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG,
              let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        let head = (try? handle.read(upToCount: SiteWriter.markerText.utf8.count)) ?? Data()
        if begun { return Data(SiteWriter.markerText.utf8).starts(with: head) }
        return head == Data(SiteWriter.markerText.utf8)
    }
}
