import Foundation

/// A native collection file of a directory export, mapped.
struct CollectionFile: Sendable {
    let path: String
    let kind: CollectionKind
    let data: MappedFile
}

/// Reads an export's collection files (bare JSON arrays) together on every core. Each file is cut
/// into runs of records, and the runs of all the files are shared out among the workers, largest
/// first, so small exports and the smaller files of large ones are spread over the cores too. Each
/// worker parses and decodes its runs, and a file's runs are joined in file order, so its records
/// and every diagnostic are those of the serial reader. Where the runs start is guessed from line
/// starts (`JSONParser.runStarts`) and confirmed by the worker of the run before each cut, or, for
/// a file without line breaks, found by a quick scan (`JSONParser.elementRanges`). A file with any
/// syntax error or an unconfirmed guess, or that is not a bare array, is left to the serial reader,
/// which reports the exact problem.
struct ParallelCollectionReader {
    let workers: Int
    /// No run is cut smaller than this (a run has a fixed cost, small next to reading this much).
    let minimumRunBytes: Int

    /// For each file, a decoder holding its records and diagnostics as the serial reader would
    /// have left them, or nil when the file must be read serially.
    func read(_ files: [CollectionFile], settings: ExportDecoder.Settings) -> [ExportDecoder?] {
        let total = files.reduce(0) { $0 + $1.data.bytes.count }
        // About four runs per worker in all, so that the last ones to finish are short.
        let runBytes = max(minimumRunBytes, total / max(workers * 4, 1), 1)
        var jobs: [Job] = []
        var starts: [[Int]?] = []
        for (position, file) in files.enumerated() {
            let shares = max(1, (file.data.bytes.count + runBytes - 1) / runBytes)
            let found = workers > 1 ? runStarts(file.data.bytes, shares: shares) : nil
            starts.append(found)
            guard let found else { continue }
            for run in found.indices {
                let end = run + 1 < found.count ? found[run + 1] : file.data.bytes.count
                jobs.append(Job(file: position, run: run, length: end - found[run]))
            }
        }
        // Longest first: the workers then finish close together.
        jobs.sort { $0.length > $1.length }
        let queue = jobs
        let cuts = starts
        let results = RunSlots(jobs: jobs)
        let next = JobCounter()
        DispatchQueue.concurrentPerform(iterations: min(workers, max(jobs.count, 1))) { _ in
            let tape = JSONTape()
            while let index = next.take(below: queue.count) {
                let job = queue[index]
                let run = decodeRun(job.run, of: cuts[job.file]!, in: files[job.file], settings: settings, tape: tape, firstIndex: 0)
                results.set(job, run)
            }
        }
        return files.indices.map { position in
            guard let fileStarts = starts[position], let runs = results.runs(of: position, count: fileStarts.count) else { return nil }
            return join(runs, of: fileStarts, in: files[position], settings: settings)
        }
    }

    /// Joins a file's runs into one decoder, numbering each run's records after those before it.
    private func join(_ runs: [Run], of starts: [Int], in file: CollectionFile, settings: ExportDecoder.Settings) -> ExportDecoder? {
        var runs = runs
        var firstIndex = 0
        for run in runs.indices {
            if run > 0 {
                if runs[run].local.shiftDiagnosticIndexes(in: file.kind.rawValue, by: firstIndex) {
                    runs[run].local.shiftIndexes(by: firstIndex)
                } else {
                    // A diagnostic whose key path does not start at a record: read the run again, numbered.
                    guard let renumbered = decodeRun(run, of: starts, in: file, settings: settings, tape: JSONTape(), firstIndex: firstIndex)
                    else { return nil }
                    runs[run] = renumbered
                }
            }
            firstIndex += runs[run].count
        }
        let joined = runs[0].local
        joined.reserveCapacity(for: runs.dropFirst().map(\.local))
        runs.dropFirst().forEach { joined.absorb($0.local) }
        return joined
    }

    /// Parses and decodes one run, numbering its records from `firstIndex`; nil on any syntax error
    /// or an unconfirmed cut. The pages of the records read are handed back as it goes.
    private func decodeRun(
        _ run: Int, of starts: [Int], in file: CollectionFile, settings: ExportDecoder.Settings, tape: JSONTape, firstIndex: Int
    ) -> Run? {
        let local = ExportDecoder(settings)
        let context = local.elementContext(file: file.path, kind: file.kind)
        let stop = run + 1 < starts.count ? starts[run + 1] : nil
        var pages = PageReleaser(file.data, from: starts[run])
        do {
            let count = try JSONParser.parseElements(file.data.bytes, from: starts[run], to: stop, tape: tape) { index, value in
                local.decodeElement(file.kind, index: firstIndex + index, value, context: context)
                pages.advance(to: value.byteOffset)
            }
            pages.finish(at: stop ?? file.data.bytes.count)
            context.diagnostics.forEach(local.add)
            return Run(local: local, count: count)
        } catch {
            return nil
        }
    }

    /// Where the file's runs start: guessed at line starts, or, in a large file without line
    /// breaks, found by a scan; nil when the file is not an array with an element.
    private func runStarts(_ bytes: UnsafeBufferPointer<UInt8>, shares: Int) -> [Int]? {
        guard let guessed = JSONParser.runStarts(of: bytes, shares: shares) else { return nil }
        if guessed.count == 1, shares > 1, let scanned = scannedStarts(bytes, shares: shares) { return scanned }
        return guessed
    }

    /// Run starts from a scan of every element (for a file written without line breaks).
    private func scannedStarts(_ bytes: UnsafeBufferPointer<UInt8>, shares: Int) -> [Int]? {
        guard let ranges = JSONParser.elementRanges(of: bytes), let first = ranges.first, let last = ranges.last else { return nil }
        var starts: [Int] = []
        var element = 0
        for share in 0..<shares {
            let target = first.lowerBound + (last.upperBound - first.lowerBound) * share / shares
            while element < ranges.count, ranges[element].upperBound <= target { element += 1 }
            guard element < ranges.count else { break }
            var start = ranges[element].lowerBound
            while start < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[start]) { start += 1 }
            if starts.last != start { starts.append(start) }
        }
        return starts.count > 1 ? starts : nil
    }
}

/// One run of one file to read, and how many bytes it spans.
private struct Job: Sendable {
    let file: Int
    let run: Int
    let length: Int
}

/// One run's records and diagnostics, and how many records it held.
private struct Run {
    let local: ExportDecoder
    let count: Int

    var diagnostics: [Diagnostic] { local.diagnostics }
}

/// The runs the workers read, by file and run; a run that failed is recorded as such.
private final class RunSlots: @unchecked Sendable {
    private let lock = NSLock()
    private var slots: [[Run?]]
    private var failed: Set<Int> = []

    init(jobs: [Job]) {
        var counts: [Int: Int] = [:]
        for job in jobs { counts[job.file, default: 0] += 1 }
        let files = (jobs.map(\.file).max() ?? -1) + 1
        slots = (0..<files).map { Array(repeating: nil, count: counts[$0] ?? 0) }
    }

    func set(_ job: Job, _ run: Run?) {
        lock.lock()
        if let run { slots[job.file][job.run] = run } else { failed.insert(job.file) }
        lock.unlock()
    }

    /// The file's runs in order, or nil when any of them failed.
    func runs(of file: Int, count: Int) -> [Run]? {
        lock.lock()
        defer { lock.unlock() }
        guard !failed.contains(file), file < slots.count, slots[file].count == count else { return nil }
        let runs = slots[file].compactMap { $0 }
        return runs.count == count ? runs : nil
    }
}
