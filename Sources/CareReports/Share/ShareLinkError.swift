import Foundation

/// Why a shared link cannot be made. Each message names the file or option and what to do, never a key.
public enum ShareLinkError: Error, Equatable, CustomStringConvertible {
    case urlTooLong(url: String, limit: Int)
    case keysFileUnreadable(path: String, reason: String)
    case keysFileReadableByOthers(path: String, mode: UInt32)
    case keysFileMalformed(path: String, line: Int)
    case keysFileInsideOutput(path: String, output: String)
    case cannotWrite(path: String, reason: String)
    case noStateFolder
    case qrTooLong(length: Int)

    public var description: String {
        switch self {
        case .urlTooLong(let url, let limit):
            "error: the shared file's address \(url) is \(url.count) characters; SMART Health Links allow \(limit): give a shorter --share-url"
        case .keysFileUnreadable(let path, let reason):
            "\(path): error: cannot read the shared links' keys (\(reason))"
        case .keysFileReadableByOthers(let path, let mode):
            "\(path): error: the shared links' keys file may be read by others (mode \(String(mode & 0o777, radix: 8))); it must be the owner's alone: chmod 600 \(path)"
        case .keysFileMalformed(let path, let line):
            "\(path):\(line): error: not a line of the shared links' keys file (circle, reader, key and file name, separated by tabs)"
        case .keysFileInsideOutput(let path, let output):
            "\(path): error: the shared links' keys file is inside the output folder \(output), where a reader could see it; keep it elsewhere (--share-keys FILE)"
        case .cannotWrite(let path, let reason):
            "\(path): error: cannot write (\(reason))"
        case .noStateFolder:
            "error: neither XDG_STATE_HOME nor HOME is set, so there is no folder to keep the shared links' keys in; give one with --share-keys FILE or CAREREPORT_SHARE_KEYS"
        case .qrTooLong(let length):
            "error: the link is \(length) characters, too long for a QR code a phone reads from paper; give a shorter --share-url"
        }
    }
}
