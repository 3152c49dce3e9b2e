import CareReports
import Foundation

/// One line on standard error that an `--all-members` run keeps up to date ("12 of 120 members,
/// 4 of 40 circles"), rewritten in place with a carriage return, only when standard error is a
/// terminal: cron, pipes and tests get nothing. It names no member and no circle, only counts. A run
/// that succeeds ends it with one summary line (``summarize(_:into:)``).
final class RunProgress {
    private let verb: String
    private let started = Date()
    private var summarized = false
    private let members: Int
    private let circles: Int
    private let onTerminal: Bool
    private var membersDone = 0
    private var circlesDone: Set<String> = []
    private var circlesStarted: [String: Int] = [:]
    private let perCircle: [String: Int]
    private var width = 0

    init(_ viewers: [Viewer], verb: String, onTerminal: Bool = isatty(STDERR_FILENO) == 1) {
        self.verb = verb
        self.members = viewers.count
        var perCircle: [String: Int] = [:]
        for viewer in viewers { perCircle[viewer.circleId, default: 0] += 1 }
        self.perCircle = perCircle
        self.circles = perCircle.count
        self.onTerminal = onTerminal
        show()
    }

    /// Counts `viewer` as done and updates the line.
    func done(_ viewer: Viewer) {
        membersDone += 1
        circlesStarted[viewer.circleId, default: 0] += 1
        if circlesStarted[viewer.circleId] == perCircle[viewer.circleId] { circlesDone.insert(viewer.circleId) }
        show()
    }

    /// Writes `message` on standard error on a line of its own, above the progress line.
    func say(_ message: String) {
        guard onTerminal else { return Console.error(message) }
        _ = Console.write("\r" + String(repeating: " ", count: width) + "\r", to: STDERR_FILENO)
        Console.error(message)
        width = 0
        show()
    }

    /// Ends the line (when one was shown and no summary replaced it), so what follows starts on a line of its own.
    func finish() {
        if onTerminal, !summarized { _ = Console.write("\n", to: STDERR_FILENO) }
    }

    /// Replaces the line with what the run did, once every reader's files are in place: "carereport:
    /// wrote 599 sites (one per person: 600 members of 100 circles) into out/all in 21.4 s".
    func summarize(_ files: String, into folder: String, people: Int) {
        guard onTerminal, !summarized else { return }
        summarized = true
        let seconds = Date().timeIntervalSince(started)
        let text = summary(files, into: folder, people: people, seconds: seconds)
        let padding = String(repeating: " ", count: max(0, width - text.count))
        _ = Console.write("\r" + DisplayText.stripped(text) + padding + "\n", to: STDERR_FILENO)
    }

    /// The summary's words, for `seconds` of work.
    func summary(_ files: String, into folder: String, people: Int, seconds: Double) -> String {
        let time = seconds < 60 ? String(format: "%.1f s", seconds) : "\(Int(seconds) / 60) min \(Int(seconds) % 60) s"
        return "carereport: wrote \(people) \(files)\(people == 1 ? "" : "s") (one per person: \(members) member\(members == 1 ? "" : "s") "
            + "of \(circles) circle\(circles == 1 ? "" : "s")) into \(folder) in \(time)"
    }

    /// The line as shown: "carereport: 12 of 120 members, 4 of 40 circles written".
    var line: String {
        "carereport: \(membersDone) of \(members) member\(members == 1 ? "" : "s"), "
            + "\(circlesDone.count) of \(circles) circle\(circles == 1 ? "" : "s") \(verb)"
    }

    private func show() {
        guard onTerminal else { return }
        let text = line
        let padding = String(repeating: " ", count: max(0, width - text.count))
        width = text.count
        _ = Console.write("\r" + text + padding, to: STDERR_FILENO)
    }
}
