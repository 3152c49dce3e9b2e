import ArgumentParser
import CareReports
import Foundation

extension CareReport {
    struct Generate: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Write a synthetic export of any size, for benchmarks and tests.",
            discussion: """
                Writes a deterministic export in the directory form (export.json, users.json, circles.json, \
                tasks.json, health.json, updates.json), shaped like sample-data: per circle a care recipient, \
                two caregivers, an organizer, two supporters (one restricted), a pending and a removed member; \
                medications with a dose log for every scheduled time, measurements, lab reports, symptoms, \
                observations, appointments, tasks and updates at every privacy level. The data ends on Sunday \
                2025-04-20 and the export is taken at 22:00 that day (America/Los_Angeles). Files are streamed \
                to disk, so the size is bounded only by the disk. About 35 KB per circle and week.

                Circle N's ids are gN (circle), gN-u1 (recipient), gN-u2 (primary caregiver), gN-u3 (caregiver), \
                gN-u4 (organizer), gN-u5 and gN-u6 (supporters, gN-u6 restricted), gN-u7 (pending), gN-u8 (removed). \
                With --organizer-in N, one more person, g0-manager (a care manager), is an organizer in circles g1 to gN: \
                her site has a caseload of those circles.

                Examples:
                  carereport generate --circles 1 --weeks 2 --out small-export
                  carereport generate --circles 64 --weeks 26 --seed 7 --out big-export
                  carereport build big-export --out site --viewer g3-u2 --circle g3
                  carereport generate --circles 25 --weeks 4 --organizer-in 25 --out agency
                  carereport build agency --out caseload --viewer g0-manager

                Exit status: 0 written, 64 bad usage, 73 output cannot be written.
                """
        )

        @Option(help: ArgumentHelp("How many care circles.", valueName: "n"))
        var circles: Int = 1

        @Option(help: ArgumentHelp("How many weeks of data, ending on Sunday 2025-04-20.", valueName: "w"))
        var weeks: Int = 26

        @Option(help: ArgumentHelp("The random seed; the same seed gives the same bytes.", valueName: "s"))
        var seed: UInt64 = 1

        @Option(help: ArgumentHelp("Add one care manager, g0-manager (an organizer), to the first n circles: a reader of many circles.", valueName: "n"))
        var organizerIn: Int = 0

        @Option(name: .long, help: ArgumentHelp("The folder to write the export into (its six files are replaced).", valueName: "dir"), completion: .directory)
        var out: String

        func validate() throws {
            guard (1...100_000).contains(circles) else { throw ValidationError("--circles takes 1 to 100000") }
            guard (1...2_000).contains(weeks) else { throw ValidationError("--weeks takes 1 to 2000") }
            guard (0...circles).contains(organizerIn) else { throw ValidationError("--organizer-in takes 0 to the number of circles (--circles)") }
        }

        func run() throws {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: out, isDirectory: &isDirectory) {
                let contents = isDirectory.boolValue ? ((try? FileManager.default.contentsOfDirectory(atPath: out)) ?? [""]) : [""]
                if !contents.isEmpty {
                    Console.error("\(out): error: already exists and is not an empty folder; generate writes into a new or empty folder, never over files")
                    throw ExitCode(73)
                }
            }
            if let problem = PathProblems.generateTarget(out) {
                Console.error(problem)
                throw ExitCode(73)
            }
            let generator = try ExportGenerator(circles: circles, weeks: weeks, seed: seed, organizerCircles: organizerIn)
            do {
                let summary = try generator.write(to: out)
                Console.output(summary.description)
            } catch {
                let code = ((error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError)?.code ?? Int((error as NSError).code == 513 ? EACCES : EIO)
                Console.error("\(out): error: cannot write the export: \(PathProblems.reason(Int32(code), folder: out))")
                throw ExitCode(73)
            }
        }
    }
}
