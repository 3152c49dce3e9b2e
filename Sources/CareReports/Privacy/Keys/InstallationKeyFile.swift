import Foundation

/// The key file: the secret as text (the file made here holds 64 hex digits and a line feed),
/// readable by its owner alone (mode 0600). The file's bytes, less trailing white space, are the key.
public enum InstallationKeyFile {
    /// The key in the file at `path`, refused when anyone but its owner may read or write it.
    public static func read(_ path: String) throws -> InstallationKey {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw InstallationKeyError.unreadable(path: path, reason: String(cString: strerror(errno))) }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { throw InstallationKeyError.notAFile(path: path) }
        guard info.st_mode & 0o077 == 0 else { throw InstallationKeyError.readableByOthers(path: path, mode: UInt32(info.st_mode)) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while bytes.count <= 1 << 16 {
            let count = buffer.withUnsafeMutableBytes { Foundation.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { throw InstallationKeyError.unreadable(path: path, reason: String(cString: strerror(errno))) }
            if count == 0 { break }
            bytes += buffer[..<count]
        }
        while let last = bytes.last, last == 0x0A || last == 0x0D || last == 0x20 || last == 0x09 { bytes.removeLast() }
        guard bytes.count >= InstallationKey.minimumBytes else { throw InstallationKeyError.tooShort(source: path) }
        return InstallationKey(bytes: bytes)
    }

    /// The key file in `folder`, made with a new random key when there is none. Race-safe: the key
    /// is written to a file of this process's own (`O_EXCL`, mode 0600) and linked to its name, which
    /// fails when another run made it first; then whichever file holds the name is read, so every
    /// run of the installation ends with the same key and no run reads a half-written one.
    public static func readOrCreate(in folder: String) throws -> InstallationKey {
        let path = folder + "/" + InstallationKeySource.fileName
        if access(path, F_OK) == 0 { return try read(path) }
        try makeFolder(folder)
        let temporary = "\(folder)/.\(InstallationKeySource.fileName).\(getpid()).\(UInt64.random(in: 0 ... .max))"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw InstallationKeyError.cannotCreate(path: path, reason: String(cString: strerror(errno))) }
        defer { unlink(temporary) }
        let text = Array((hex(randomBytes(32)) + "\n").utf8)
        let written = text.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        let synced = fsync(descriptor) == 0
        close(descriptor)
        guard written == text.count, synced else { throw InstallationKeyError.cannotCreate(path: path, reason: "the key could not be written whole") }
        if link(temporary, path) != 0, errno != EEXIST {
            throw InstallationKeyError.cannotCreate(path: path, reason: String(cString: strerror(errno)))
        }
        return try read(path)
    }

    /// `folder` and its parents, each new one readable by the owner alone.
    private static func makeFolder(_ folder: String) throws {
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw InstallationKeyError.cannotCreate(path: folder, reason: "the folder cannot be made")
        }
    }

    private static func randomBytes(_ count: Int) -> [UInt8] {
        var generator = SystemRandomNumberGenerator()
        return (0..<count).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
    }

    static func hex(_ bytes: [UInt8]) -> String {
        bytes.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
    }
}
