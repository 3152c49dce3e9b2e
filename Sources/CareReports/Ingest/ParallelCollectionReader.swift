import Foundation

/// Reads a large collection file (a bare JSON array) on every core. The file is cut into one run
/// of records per worker; each worker parses and decodes its run, and the runs are joined in file
/// order, so the result and every diagnostic are those of the serial reader. Where the runs start
/// is guessed from line starts (`JSONParser.runStarts`) and confirmed by the worker before each
/// cut, or, for a file without line breaks, found by a quick scan (`JSONParser.elementRanges`).
/// Any syntax error, or a guess the worker before it does not confirm, sends the whole file back
/// to the serial reader, which reports the exact problem.
struct ParallelCollectionReader {
    let workers: Int

    /// Decodes the file into `decoder` and returns true, or returns false (having changed nothing)
    /// when the file must be read serially.
    func read(_ mapped: MappedFile, file: String, kind: CollectionKind, into decoder: ExportDecoder) -> Bool {
        let bytes = mapped.bytes
        guard workers > 1, let starts = JSONParser.runStarts(of: bytes, shares: workers) ?? scannedStarts(bytes) else { return false }
        let filter = decoder.filter
        let results = Shares(count: starts.count)
        DispatchQueue.concurrentPerform(iterations: starts.count) { run in
            // Runs after the first are numbered from 0 here; their place is known once all are read.
            if let local = decodeRun(run, of: starts, in: mapped, filter: filter, file: file, kind: kind, firstIndex: 0) {
                results.set(run, local)
            } else {
                results.fail()
            }
        }
        guard var locals = results.all() else { return false }
        var firstIndex = 0
        for run in locals.indices {
            if run > 0 {
                if locals[run].diagnostics.isEmpty {
                    locals[run].local.shiftIndexes(by: firstIndex)
                } else {
                    // Its diagnostics name key paths with the record's index: read it again, numbered.
                    guard let renumbered = decodeRun(run, of: starts, in: mapped, filter: filter, file: file, kind: kind, firstIndex: firstIndex)
                    else { return false }
                    locals[run] = renumbered
                }
            }
            firstIndex += locals[run].count
        }
        locals.forEach { decoder.absorb($0.local) }
        return true
    }

    /// Parses and decodes one run, numbering its records from `firstIndex`; nil on any syntax error
    /// or an unconfirmed cut. The pages of the records read are handed back as it goes.
    private func decodeRun(
        _ run: Int, of starts: [Int], in mapped: MappedFile, filter: CircleFilter?, file: String, kind: CollectionKind, firstIndex: Int
    ) -> Run? {
        let local = ExportDecoder(filter: filter)
        let context = local.elementContext(file: file, kind: kind)
        let stop = run + 1 < starts.count ? starts[run + 1] : nil
        var pages = PageReleaser(mapped, from: starts[run])
        do {
            let count = try JSONParser.parseElements(mapped.bytes, from: starts[run], to: stop, tape: JSONTape()) { index, value in
                local.decodeElement(kind, index: firstIndex + index, value, context: context)
                pages.advance(to: value.byteOffset)
            }
            context.diagnostics.forEach(local.add)
            return Run(local: local, count: count)
        } catch {
            return nil
        }
    }

    /// Run starts from a scan of every element (for a file written without line breaks).
    private func scannedStarts(_ bytes: UnsafeBufferPointer<UInt8>) -> [Int]? {
        guard let ranges = JSONParser.elementRanges(of: bytes), let first = ranges.first, let last = ranges.last else { return nil }
        var starts: [Int] = []
        var element = 0
        for share in 0..<workers {
            let target = first.lowerBound + (last.upperBound - first.lowerBound) * share / workers
            while element < ranges.count, ranges[element].upperBound <= target { element += 1 }
            guard element < ranges.count else { break }
            var start = ranges[element].lowerBound
            while start < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[start]) { start += 1 }
            if starts.last != start { starts.append(start) }
        }
        return starts.count > 1 ? starts : nil
    }
}

/// One run's records and diagnostics, and how many records it held.
private struct Run {
    let local: ExportDecoder
    let count: Int

    var diagnostics: [Diagnostic] { local.diagnostics }
}

/// The workers' runs, one slot each, or a failure.
private final class Shares: @unchecked Sendable {
    private let lock = NSLock()
    private var slots: [Run?]
    private var failed = false

    init(count: Int) { slots = Array(repeating: nil, count: count) }

    func set(_ index: Int, _ run: Run) {
        lock.lock()
        slots[index] = run
        lock.unlock()
    }

    func fail() {
        lock.lock()
        failed = true
        lock.unlock()
    }

    func all() -> [Run]? {
        lock.lock()
        defer { lock.unlock() }
        return failed ? nil : slots.map { $0! }
    }
}
