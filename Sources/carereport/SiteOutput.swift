import ArgumentParser
import CareReports

/// Rendering and writing for commands that produce files, with their exit statuses.
enum SiteOutput {
    /// Runs `body`; a template problem is bad input (65).
    static func render(_ body: () throws -> SitePlan) throws -> SitePlan {
        do {
            return try body()
        } catch let error as RenderError {
            Console.error(error.errorDescription ?? "error: rendering failed")
            Console.error("error: nothing was written")
            throw ExitCode(65)
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
}
