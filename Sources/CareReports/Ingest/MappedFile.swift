import Glibc

/// A file mapped read-only into memory. The pages of what has been read can be handed back
/// (`release`), so a large export is never resident whole while it is decoded: they are the
/// file's own pages, read again from the file if anything touches them later.
final class MappedFile: @unchecked Sendable {
    let bytes: UnsafeBufferPointer<UInt8>
    /// The file's identity, size and modification time when it was mapped.
    private let identity: [Int]
    /// Its slot in `TruncationGuard`: a file cut short while it is read is a located error, not SIGBUS.
    private var guardSlot: Int?

    /// Maps `path`; nil when it cannot be opened, is not a regular file, or cannot be mapped.
    init?(path: String) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
        identity = Self.identity(status)
        let length = Int(status.st_size)
        guard length > 0 else {
            bytes = UnsafeBufferPointer(start: nil, count: 0)
            return
        }
        guard let address = mmap(nil, length, PROT_READ, MAP_PRIVATE, descriptor, 0), address != MAP_FAILED else { return nil }
        bytes = UnsafeBufferPointer(start: address.assumingMemoryBound(to: UInt8.self), count: length)
        guardSlot = TruncationGuard.register(bytes, path: path)
    }

    deinit {
        if let guardSlot { TruncationGuard.unregister(guardSlot) }
        if let base = bytes.baseAddress { munmap(UnsafeMutableRawPointer(mutating: base), bytes.count) }
    }

    var raw: UnsafeRawBufferPointer { UnsafeRawBufferPointer(bytes) }

    /// Whether the file at `path` is still the one mapped, with the same size and modification time.
    func isUnchanged(at path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && Self.identity(status) == identity
    }

    private static func identity(_ status: stat) -> [Int] {
        [Int(status.st_dev), Int(status.st_ino), Int(status.st_size), Int(status.st_mtim.tv_sec), Int(status.st_mtim.tv_nsec)]
    }

    /// Drops the whole pages inside `range` from memory (they stay readable).
    func release(_ range: Range<Int>) {
        guard let base = bytes.baseAddress else { return }
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        let lower = (max(range.lowerBound, 0) + page - 1) / page * page
        let upper = min(range.upperBound, bytes.count) / page * page
        guard upper > lower else { return }
        madvise(UnsafeMutableRawPointer(mutating: base + lower), upper - lower, MADV_DONTNEED)
    }
}

/// Hands back the pages of one reader's part of a file as it moves on, a few MiB at a time.
struct PageReleaser {
    static let step = 4 << 20
    let file: MappedFile
    private var from: Int

    init(_ file: MappedFile, from start: Int = 0) {
        self.file = file
        from = start
    }

    /// Everything before `offset` has been read.
    mutating func advance(to offset: Int) {
        guard offset - from >= Self.step else { return }
        finish(at: offset)
    }

    /// Everything before `offset` has been read and nothing of it is needed again (the reader's
    /// part ends there): its pages go back now, however few.
    mutating func finish(at offset: Int) {
        guard offset > from else { return }
        file.release(from..<offset)
        from = offset
    }
}
