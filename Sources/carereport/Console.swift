import Foundation

/// Standard output and standard error, line by line.
enum Console {
    static func output(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }

    /// A progress line on standard error, only when it is a terminal (cron mails whatever a job prints).
    static func progress(_ line: String) {
        if isatty(STDERR_FILENO) == 1 { error("carereport: \(line)") }
    }

    static func error(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
}
