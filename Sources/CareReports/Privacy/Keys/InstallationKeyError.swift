import Foundation

/// Why the installation's id key could not be had. Each message names the file or variable and
/// what to do, never the key.
public enum InstallationKeyError: Error, Equatable, CustomStringConvertible {
    /// The file is missing or cannot be read.
    case unreadable(path: String, reason: String)
    /// The file can be read or written by its group or by others.
    case readableByOthers(path: String, mode: UInt32)
    /// The file is not a regular file (a folder, a device, a link where none may be).
    case notAFile(path: String)
    /// The key in a file or variable is shorter than ``InstallationKey/minimumBytes``.
    case tooShort(source: String)
    /// The state folder or the key file in it cannot be made.
    case cannotCreate(path: String, reason: String)
    /// Neither `XDG_STATE_HOME` nor `HOME` names a folder to keep the key in.
    case noStateFolder
    /// The key file is inside the folder a report is written into.
    case insideOutput(path: String, output: String)

    public var description: String {
        switch self {
        case .unreadable(let path, let reason):
            "\(path): error: cannot read the id key (\(reason))"
        case .readableByOthers(let path, let mode):
            "\(path): error: the id key file may be read by others (mode \(String(mode & 0o777, radix: 8))); it must be the owner's alone: chmod 600 \(path)"
        case .notAFile(let path):
            "\(path): error: the id key is not a regular file"
        case .tooShort(let source):
            "\(source): error: the id key is shorter than \(InstallationKey.minimumBytes) bytes; use a long random secret (64 hex digits)"
        case .cannotCreate(let path, let reason):
            "\(path): error: cannot create the id key (\(reason)); give one with --id-key-file PATH or CAREREPORT_ID_KEY"
        case .noStateFolder:
            "error: neither XDG_STATE_HOME nor HOME is set, so there is no folder to keep the id key in; give one with --id-key-file PATH or CAREREPORT_ID_KEY"
        case .insideOutput(let path, let output):
            "\(path): error: the id key file is inside the output folder \(output), where a reader could see it; keep it elsewhere"
        }
    }
}
