import CareReports
import Foundation

/// Standard output and standard error, line by line, with no control character but tab and line
/// feed and no bidi control (``DisplayText/stripped(_:)``): nothing an export holds can send an escape
/// sequence to a terminal.
enum Console {
    static func output(_ line: String) {
        FileHandle.standardOutput.write(Data((DisplayText.stripped(line) + "\n").utf8))
    }

    /// A progress line on standard error, only when it is a terminal (cron mails whatever a job prints).
    static func progress(_ line: String) {
        if isatty(STDERR_FILENO) == 1 { error("carereport: \(line)") }
    }

    static func error(_ line: String) {
        FileHandle.standardError.write(Data((DisplayText.stripped(line) + "\n").utf8))
    }
}
