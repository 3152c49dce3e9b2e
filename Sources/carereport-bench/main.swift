import CareReports
import Foundation

// carereport-bench: times the ingest of an export with carereport's loader or with Foundation's
// JSONDecoder into the same model, and prints one line of figures.
//
//   carereport-bench ingest DIR --loader carereport|foundation [--repeat N]
//   carereport-bench verify DIR        both loaders, models compared field by field
//
// The line is `key=value` pairs, for scripts/bench.sh:
//   loader=carereport bytes=… best_s=… median_s=… mb_s=… runs=N users=… circles=… tasks=… health=… updates=…
//   administrations=… lab_results=… maxrss_mb=…
// MB are 10^6 bytes. maxrss_mb is this process's peak resident set (getrusage), so one loader per process.

func fail(_ message: String, status: Int32 = 1) -> Never {
    FileHandle.standardError.write(Data("carereport-bench: \(message)\n".utf8))
    exit(status)
}

let usage = """
    usage: carereport-bench ingest DIR --loader carereport|foundation [--repeat N]
           carereport-bench verify DIR
    """

/// Record counts of a loaded export; both loaders must agree on every one.
struct Counts: Equatable, CustomStringConvertible {
    var users = 0, circles = 0, tasks = 0, health = 0, updates = 0, administrations = 0, labResults = 0

    init(_ export: CareExport) {
        users = export.users.count
        circles = export.circles.count
        tasks = export.tasks.count
        health = export.healthRecords.count
        updates = export.updates.count
        for record in export.healthRecords {
            switch record.data {
            case .medication(let medication): administrations += medication.administrations.count
            case .document(let document): labResults += document.labReport?.results.count ?? 0
            default: break
            }
        }
    }

    var description: String {
        "users=\(users) circles=\(circles) tasks=\(tasks) health=\(health) updates=\(updates) administrations=\(administrations) lab_results=\(labResults)"
    }
}

enum Loader: String {
    case carereport, foundation

    func load(_ path: String) -> CareExport {
        switch self {
        case .carereport:
            let result: IngestResult
            do {
                result = try ExportLoader().load(path)
            } catch {
                fail("carereport's loader cannot read \(path): \(error)")
            }
            if result.hasErrors { fail("carereport's loader reports \(result.errors.count) errors in \(path), first: \(result.errors[0])") }
            return result.export
        case .foundation:
            do {
                return try FoundationLoader.load(path)
            } catch {
                fail("JSONDecoder cannot read \(path): \(error)")
            }
        }
    }
}

func inputBytes(_ path: String) -> Int {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { fail("\(path) is missing", status: 66) }
    let files =
        isDirectory.boolValue
        ? ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).filter { $0.hasSuffix(".json") }.map { path + "/" + $0 }
        : [path]
    return files.reduce(0) { total, file in
        total + ((try? FileManager.default.attributesOfItem(atPath: file)[.size] as? Int) ?? 0)
    }
}

func peakResidentMB() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Double(usage.ru_maxrss) / 1024  // kilobytes on Linux
}

func seconds(_ duration: Duration) -> Double {
    let (whole, attoseconds) = duration.components
    return Double(whole) + Double(attoseconds) / 1e18
}

func ingest(_ path: String, loader: Loader, runs: Int) {
    let bytes = inputBytes(path)
    var times: [Double] = []
    var counts: Counts?
    let clock = ContinuousClock()
    for _ in 0..<runs {
        var export: CareExport?
        let elapsed = clock.measure { export = loader.load(path) }
        times.append(seconds(elapsed))
        let these = Counts(export!)
        if let counts, counts != these { fail("\(loader.rawValue): record counts differ between runs: \(counts) vs \(these)") }
        counts = these
        export = nil
    }
    times.sort()
    let best = times[0]
    let median = times[times.count / 2]
    let figures = [
        "loader=\(loader.rawValue)", "bytes=\(bytes)", String(format: "best_s=%.4f", best), String(format: "median_s=%.4f", median),
        String(format: "mb_s=%.1f", Double(bytes) / 1e6 / best), "runs=\(runs)", counts!.description,
        String(format: "maxrss_mb=%.1f", peakResidentMB()),
    ]
    print(figures.joined(separator: " "))
}

/// Loads with both loaders and compares the models: the baseline must do the same work.
func verify(_ path: String) {
    let ours = Loader.carereport.load(path)
    let theirs = Loader.foundation.load(path)
    func same<T: Equatable>(_ name: String, _ a: [T], _ b: [T], id: (T) -> String) {
        guard a.count == b.count else { fail("verify: \(name): \(a.count) records from carereport, \(b.count) from JSONDecoder") }
        for (x, y) in zip(a, b) where x != y { fail("verify: \(name) \(id(x)) differs between carereport and JSONDecoder") }
    }
    same("users", ours.users, theirs.users, id: \.id)
    same("circles", ours.circles, theirs.circles, id: \.id)
    same("tasks", ours.tasks, theirs.tasks, id: \.id)
    same("healthRecords", ours.healthRecords, theirs.healthRecords, id: \.id)
    same("updates", ours.updates, theirs.updates, id: \.id)
    guard ours.timeZone == theirs.timeZone, ours.exportedAt == theirs.exportedAt else { fail("verify: time zone or exportedAt differ") }
    print("verify: carereport and JSONDecoder give equal models: \(Counts(ours))")
}

var arguments = Array(CommandLine.arguments.dropFirst())
guard let command = arguments.first, let path = arguments.dropFirst().first else { fail(usage, status: 64) }
arguments.removeFirst(2)
var loader: Loader?
var runs = 1
while !arguments.isEmpty {
    let option = arguments.removeFirst()
    guard let value = arguments.first else { fail("\(option) needs a value\n\(usage)", status: 64) }
    arguments.removeFirst()
    switch option {
    case "--loader":
        guard let chosen = Loader(rawValue: value) else { fail("--loader takes carereport or foundation", status: 64) }
        loader = chosen
    case "--repeat":
        guard let count = Int(value), count >= 1 else { fail("--repeat takes a whole number from 1", status: 64) }
        runs = count
    default: fail("unknown option \(option)\n\(usage)", status: 64)
    }
}
switch command {
case "ingest":
    guard let loader else { fail("ingest needs --loader carereport|foundation", status: 64) }
    ingest(path, loader: loader, runs: runs)
case "verify":
    verify(path)
case "parse":
    // The JSON parser alone over one file, elements streamed and dropped: the floor under ingest.
    let data = try! Data(contentsOf: URL(fileURLWithPath: path), options: .alwaysMapped)
    let clock = ContinuousClock()
    var best = Duration.seconds(1_000)
    for _ in 0..<runs {
        var count = 0
        let elapsed = clock.measure {
            data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
                _ = try? JSONParser.parse(raw.bindMemory(to: UInt8.self), streaming: ["data"], sink: { _, _, _ in count += 1 }, root: { _ in })
            }
        }
        best = min(best, elapsed)
        precondition(count > 0)
    }
    let seconds = Double(best.components.seconds) + Double(best.components.attoseconds) / 1e18
    print("parse: \(data.count) bytes in \(seconds) s, \(Double(data.count) / seconds / 1e6) MB/s")
default:
    fail(usage, status: 64)
}
