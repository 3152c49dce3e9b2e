import Foundation

extension ExportLoader {
    /// What the deferred checks' first reading keeps of `file` when it is written one record per
    /// line (`LineSkim`): its records indexed by id and circle, with where each run of them ends,
    /// read on `workers` threads, each a part of the file cut at a line start; nil when the file is
    /// written otherwise, to be parsed whole.
    func skimmed(_ file: CollectionFile, settings: ExportDecoder.Settings) -> ExportDecoder? {
        let bytes = file.data.bytes
        guard let base = bytes.baseAddress, bytes.count > 0 else { return nil }
        let begin = bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF ? 3 : 0
        // About four parts per worker, each starting after a line feed.
        let parts = max(1, min(workers * 4, bytes.count / max(minimumRunBytes, 1)))
        var starts = [begin]
        for part in 1..<parts {
            let guess = max(starts.last! + 1, begin + (bytes.count - begin) * part / parts)
            guard guess < bytes.count, let found = memchr(base + guess, 0x0A, bytes.count - guess) else { break }
            let start = base.distance(to: found.assumingMemoryBound(to: UInt8.self)) + 1
            if start < bytes.count, start > starts.last! { starts.append(start) }
        }
        // By place; nil for a part that is not one record per line.
        let results = Locked([SkimPart?](repeating: nil, count: starts.count))
        let cuts = starts
        DispatchQueue.concurrentPerform(iterations: cuts.count) { part in
            let local = ExportDecoder(settings)
            let bytes = file.data.bytes
            let stop = part + 1 < cuts.count ? cuts[part + 1] : bytes.count
            var pages = PageReleaser(file.data, from: cuts[part])
            var count = 0
            let found = LineSkim.lines(bytes, from: cuts[part], to: stop) { record in
                let origin = ExportDecoder.Origin(file: file.path, collection: file.kind.rawValue, index: count)
                local.streamed?.addSkimmed(file.kind, record, origin)
                count += 1
                pages.advance(to: record.offset)
            }
            pages.finish(at: stop)
            let skimmed = found.map { SkimPart(decoder: local, count: count, first: $0.first, last: $0.last) }
            results.withLock { $0[part] = skimmed }
        }
        return join(results.withLock { $0 })
    }

    /// The parts' decoders as one, numbered in file order; nil unless the parts together are one
    /// array: `[` first, `]` last, a comma after every record but the last.
    private func join(_ parts: [SkimPart?]) -> ExportDecoder? {
        let found = parts.compactMap { $0 }
        guard found.count == parts.count, let first = found.first?.decoder else { return nil }
        // Each part's lines follow one another (`LineSkim.lines`); so must the parts'.
        let ends = found.compactMap { part in part.first.flatMap { first in part.last.map { (first, $0) } } }
        guard case .open = ends.first?.0, case .close = ends.last?.1 else { return nil }
        for (earlier, later) in zip(ends, ends.dropFirst()) where !LineSkim.follows(earlier.1, later.0) { return nil }
        var firstIndex = found[0].count
        for part in found.dropFirst() {
            part.decoder.shiftIndexes(by: firstIndex)
            firstIndex += part.count
        }
        first.reserveCapacity(for: found.dropFirst().map(\.decoder))
        found.dropFirst().forEach { first.absorb($0.decoder) }
        return first
    }
}

/// One part's skim: its decoder, how many records it held, and its first and last lines.
private struct SkimPart {
    let decoder: ExportDecoder
    let count: Int
    let first: LineSkim.Line?
    let last: LineSkim.Line?
}
