import CareReports
import Foundation

/// Standard output and standard error, line by line, with no control character but tab and line
/// feed and no bidi control or mark (``DisplayText/stripped(_:)``): nothing an export holds can send
/// an escape sequence to a terminal. Standard error breaks lines only where carereport's own message
/// does: each of its lines is made one line (``DisplayText/singleLine(_:)``), so no line separator
/// or other break from the export can start a line that looks like another message.
enum Console {
    static func output(_ line: String) {
        standardOutput(DisplayText.stripped(line) + "\n")
    }

    /// Writes `text` to standard output as it is; when that fails (a full disk, `> /dev/full`, a
    /// closed file) says so on standard error and exits 73, the output cannot be written.
    static func standardOutput(_ text: String) {
        guard let failure = write(text, to: STDOUT_FILENO) else { return }
        say(stopHolding())  // what a run in `holding` said before: the run ends here
        error("carereport: error: cannot write to standard output: \(String(cString: strerror(failure)))")
        exit(73)
    }

    /// A progress line on standard error, only when it is a terminal (cron mails whatever a job
    /// prints); never held back (`holding`).
    static func progress(_ line: String) {
        guard Thread.current.threadDictionary[mutedKey] == nil else { return }
        if isatty(STDERR_FILENO) == 1 { _ = write(DisplayText.singleLine("carereport: \(line)") + "\n", to: STDERR_FILENO) }
    }

    static func error(_ line: String) {
        guard Thread.current.threadDictionary[mutedKey] == nil else { return }
        let text = line.split(separator: "\n", omittingEmptySubsequences: false).map { DisplayText.singleLine(String($0)) }.joined(separator: "\n") + "\n"
        let kept = held.withLock { lines in
            lines?.append(text)
            return lines != nil
        }
        if kept { return }
        _ = write(text, to: STDERR_FILENO)
    }

    /// Runs `body` keeping what it says on standard error (`error`) instead of writing it, and
    /// gives that back: for an attempt that is done again, and said, in another way when it fails.
    static func holding<T>(_ body: () throws -> T) -> (result: Result<T, any Error>, said: [String]) {
        held.withLock { $0 = [] }
        let result = Result { try body() }
        return (result, stopHolding())
    }

    /// Writes lines `holding` kept, as they were said.
    static func say(_ said: [String]) {
        for text in said { _ = write(text, to: STDERR_FILENO) }
    }

    /// The lines said while `holding` runs (nil when it does not), from any thread.
    private static let held = Locked<[String]?>(nil)

    /// Ends holding; the lines kept.
    private static func stopHolding() -> [String] {
        held.withLock { lines in
            defer { lines = nil }
            return lines ?? []
        }
    }

    /// Runs `body` with standard error silent on this thread: for work done ahead on another core
    /// whose failure is done again, and said, on the main thread.
    static func muted<T>(_ body: () throws -> T) rethrows -> T {
        Thread.current.threadDictionary[mutedKey] = true
        defer { Thread.current.threadDictionary.removeObject(forKey: mutedKey) }
        return try body()
    }

    private static let mutedKey = "carereport.console.muted"

    /// Writes all of `text` to `descriptor` with write(2) (FileHandle stops the program when a write
    /// fails); the errno of a failed write, or nil when all was written.
    static func write(_ text: String, to descriptor: Int32) -> Int32? {
        var text = text
        return text.withUTF8 { DescriptorWriter.writeAll(descriptor, UnsafeRawBufferPointer($0)) }
    }
}
