import ArgumentParser
import CareReports
import Foundation

/// Rendering and writing for commands that produce files, with their exit statuses.
enum SiteOutput {
    /// Runs `body`; a template problem is bad input (65), a page model that cannot be read internal
    /// (70), and nothing (more) is written. With
    /// `--all-members`, `earlierWritten` says that the members before this one were written.
    static func render<T>(earlierWritten: Bool = false, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as RenderError {
            Console.error(error.errorDescription ?? "error: rendering failed")
            if case .modelEncoding = error {
                // A bug in carereport, not in the templates.
                Console.error(earlierWritten ? "error: nothing more was written (the members before this one were)" : "error: nothing was written")
                throw ExitCode(70)
            }
            Console.error(earlierWritten ? "error: nothing more was written (the members before this one were)" : "error: nothing was written")
            throw ExitCode(65)
        }
    }

    /// Makes a folder for output files, or exits 73.
    static func makeFolder(_ path: String) throws {
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            Console.error("\(path): error: cannot create the folder")
            throw ExitCode(73)
        }
    }


    /// Runs `body` that builds a mail message; a bad address is bad usage (64).
    static func mail(_ body: () throws -> String) throws -> String {
        do {
            return try body()
        } catch let error as MailError {
            Console.error("error: \(error.errorDescription ?? "invalid address")")
            throw ExitCode(64)
        }
    }


    /// Writes one document to a file (atomically, through a marked staging folder) or standard output.
    static func emit(_ text: String, to path: String?) throws {
        guard let path else {
            Console.standardOutput(text)
            return
        }
        do {
            try SiteWriter().writeDocument(Array(text.utf8), to: path)
        } catch {
            Console.error(error.errorDescription ?? "\(path): error: cannot write the file")
            throw ExitCode(73)
        }
    }

    /// Writes `plan` to `output`, or exits 73 with the previous output untouched.
    static func write(_ plan: SitePlan, to output: String) throws {
        do {
            try SiteWriter().write(plan, to: output)
        } catch {
            Console.error(error.errorDescription ?? "error: cannot write \(output)")
            throw ExitCode(73)
        }
    }

    /// Hands `plan` to `queue` to be written to `output`; exits 73 when an earlier write failed.
    static func write(_ plan: SitePlan, to output: String, through queue: SiteWriteQueue) throws {
        do {
            try queue.add(plan, to: output)
        } catch {
            Console.error(error.errorDescription ?? "error: cannot write \(output)")
            throw ExitCode(73)
        }
    }

    /// Waits for `queue` to write what it was handed; exits 73 when a write failed.
    static func finish(_ queue: SiteWriteQueue) throws {
        do {
            try queue.finish()
        } catch {
            Console.error(error.errorDescription ?? "error: cannot write the sites")
            throw ExitCode(73)
        }
    }
}
