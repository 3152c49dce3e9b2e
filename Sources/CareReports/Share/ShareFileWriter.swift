import Foundation

/// Writes a whole file by way of a temporary one beside it, renamed into place: a reader (or a
/// web server) sees the old file or the new one, never part of one.
enum ShareFileWriter {
    static func write(_ bytes: [UInt8], to path: String, mode: mode_t) throws {
        let temporary = "\(path).\(getpid()).\(UInt64.random(in: 0 ... .max)).new"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode)
        guard descriptor >= 0 else { throw ShareLinkError.cannotWrite(path: path, reason: String(cString: strerror(errno))) }
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { Foundation.write(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            written += count
        }
        let synced = fsync(descriptor) == 0
        close(descriptor)
        guard written == bytes.count, synced, fchmodPath(temporary, mode), rename(temporary, path) == 0 else {
            unlink(temporary)
            throw ShareLinkError.cannotWrite(path: path, reason: "the file could not be written whole")
        }
    }

    /// The mode exactly (the process's umask narrows the one `open` gives).
    private static func fchmodPath(_ path: String, _ mode: mode_t) -> Bool { chmod(path, mode) == 0 }
}
