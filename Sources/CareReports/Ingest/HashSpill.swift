import Foundation
import Glibc

/// The id hashes of the streamed checks (`StreamedCollection`) beyond what is kept in memory: each
/// time a collection holds `limit` hashes they are sorted and written, as one chunk, to a file that
/// no name points to (made in `TMPDIR`, else /tmp, and unlinked at once, so nothing is left on
/// disk even after a crash; a seeded hash tells nothing about the id). Finding the hashes held
/// twice then reads the chunks one slice of the hash space at a time (256 slices by the top byte,
/// a slice contiguous in each sorted chunk), so its memory is 1/256 of the hashes, not all of them.
final class HashSpill {
    /// Hashes a collection holds in memory before it writes them out.
    static let defaultLimit = 1 << 20

    private struct Chunk {
        let descriptor: Int32
        let offset: Int
        /// Where each of the 256 slices starts in the chunk, in hashes (and the chunk's count last).
        let starts: [Int]
    }

    private var chunks: [Chunk] = []
    private var descriptor: Int32 = -1
    private var written = 0
    /// Files of spills absorbed from other collections (each is closed with its owner's).
    private var others: [HashSpill] = []

    var isEmpty: Bool { chunks.isEmpty && others.allSatisfy(\.isEmpty) }

    deinit { if descriptor >= 0 { close(descriptor) } }

    /// Sorts `hashes` in place and writes them out as one chunk; false when no file can be written
    /// (the hashes then stay in memory).
    func write(_ hashes: UnsafeMutableBufferPointer<UInt64>) -> Bool {
        guard hashes.count > 0 else { return true }
        if descriptor < 0 { descriptor = Self.unnamedFile() }
        guard descriptor >= 0 else { return false }
        var hashes = hashes
        hashes.sort()
        var starts: [Int] = []
        starts.reserveCapacity(257)
        var position = 0
        for slice in 0..<256 {
            while position < hashes.count, Int(hashes[position] >> 56) < slice { position += 1 }
            starts.append(position)
        }
        starts.append(hashes.count)
        let bytes = UnsafeRawBufferPointer(hashes)
        var done = 0
        while done < bytes.count {
            let result = pwrite(descriptor, bytes.baseAddress! + done, bytes.count - done, off_t(written + done))
            guard result > 0 else { return false }
            done += result
        }
        chunks.append(Chunk(descriptor: descriptor, offset: written, starts: starts))
        written += bytes.count
        return true
    }

    /// Takes over another collection's chunks (a later part of the same collection).
    func absorb(_ other: HashSpill) {
        if !other.isEmpty { others.append(other) }
    }

    /// The hashes held more than once among the chunks and `inMemory` (sorted in place).
    func repeated(with inMemory: UnsafeMutableBufferPointer<UInt64>) -> Set<UInt64> {
        var all: [Chunk] = []
        collect(into: &all)
        var inMemory = inMemory
        inMemory.sort()
        var repeated: Set<UInt64> = []
        var memoryStart = 0
        var slice: [UInt64] = []
        for top in 0..<256 {
            slice.removeAll(keepingCapacity: true)
            while memoryStart < inMemory.count, Int(inMemory[memoryStart] >> 56) < top { memoryStart += 1 }
            var memoryEnd = memoryStart
            while memoryEnd < inMemory.count, Int(inMemory[memoryEnd] >> 56) == top { memoryEnd += 1 }
            slice.append(contentsOf: inMemory[memoryStart..<memoryEnd])
            memoryStart = memoryEnd
            for chunk in all {
                let count = chunk.starts[top + 1] - chunk.starts[top]
                guard count > 0 else { continue }
                let old = slice.count
                slice.append(contentsOf: repeatElement(0, count: count))
                slice.withUnsafeMutableBytes { buffer in
                    let target = buffer.baseAddress! + old * 8
                    var done = 0
                    while done < count * 8 {
                        let result = pread(chunk.descriptor, target + done, count * 8 - done, off_t(chunk.offset + chunk.starts[top] * 8 + done))
                        precondition(result > 0, "the hashes written out could not be read back")
                        done += result
                    }
                }
            }
            slice.sort()
            var index = 1
            while index < slice.count {
                if slice[index] == slice[index - 1] { repeated.insert(slice[index]) }
                index += 1
            }
        }
        return repeated
    }

    private func collect(into all: inout [Chunk]) {
        all += chunks
        for other in others { other.collect(into: &all) }
    }

    private static func unnamedFile() -> Int32 {
        let folder = ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        var template = Array((folder + "/carereport-hashes.XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        if descriptor >= 0 { template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) } }
        return descriptor
    }
}
