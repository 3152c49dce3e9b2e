import Foundation

/// Reads a large collection file (a bare JSON array) on every core: a quick scan finds where each
/// record starts and ends, each worker parses and decodes a contiguous share of the records, and
/// the shares are joined in file order, so the result and every diagnostic are those of the serial
/// reader. Any syntax error sends the whole file back to the serial reader, which reports it exactly.
struct ParallelCollectionReader {
    let workers: Int

    /// Decodes the file into `decoder` and returns true, or returns false (having changed nothing)
    /// when the file must be read serially.
    func read(_ bytes: UnsafeBufferPointer<UInt8>, file: String, kind: CollectionKind, into decoder: ExportDecoder) -> Bool {
        guard workers > 1, let ranges = JSONParser.elementRanges(of: bytes), ranges.count >= workers
        else { return false }
        let shares = split(ranges, into: workers)
        let results = Shares(count: shares.count)
        let input = ReadOnlyBytes(bytes: bytes)
        DispatchQueue.concurrentPerform(iterations: shares.count) { share in
            let local = ExportDecoder()
            let context = local.elementContext(file: file, kind: kind)
            for index in shares[share] {
                guard let value = try? JSONParser.parseElement(input.bytes, in: ranges[index]) else {
                    results.fail()
                    return
                }
                local.decodeElement(kind, index: index, value, context: context)
            }
            context.diagnostics.forEach(local.add)
            results.set(share, local)
        }
        guard let locals = results.all() else { return false }
        locals.forEach(decoder.absorb)
        return true
    }

    /// Contiguous runs of element indexes with about the same number of bytes each.
    private func split(_ ranges: [Range<Int>], into count: Int) -> [Range<Int>] {
        let total = (ranges.last?.upperBound ?? 0) - (ranges.first?.lowerBound ?? 0)
        var shares: [Range<Int>] = []
        var start = 0
        for share in 1..<count {
            let target = (ranges.first?.lowerBound ?? 0) + total * share / count
            var end = start
            while end < ranges.count, ranges[end].upperBound <= target { end += 1 }
            shares.append(start..<end)
            start = end
        }
        shares.append(start..<ranges.count)
        return shares
    }
}

/// The mapped file, read (never written) by every worker while the caller keeps it alive.
private struct ReadOnlyBytes: @unchecked Sendable {
    let bytes: UnsafeBufferPointer<UInt8>
}

/// The workers' decoders, one slot each, or a failure.
private final class Shares: @unchecked Sendable {
    private let lock = NSLock()
    private var slots: [ExportDecoder?]
    private var failed = false

    init(count: Int) { slots = Array(repeating: nil, count: count) }

    func set(_ index: Int, _ decoder: ExportDecoder) {
        lock.lock()
        slots[index] = decoder
        lock.unlock()
    }

    func fail() {
        lock.lock()
        failed = true
        lock.unlock()
    }

    func all() -> [ExportDecoder]? {
        lock.lock()
        defer { lock.unlock() }
        return failed ? nil : slots.map { $0! }
    }
}
