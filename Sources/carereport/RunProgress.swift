import CareReports
import Foundation

/// One line on standard error that an `--all-members` run keeps up to date ("12 of 120 members,
/// 4 of 40 circles"), rewritten in place with a carriage return, only when standard error is a
/// terminal: cron, pipes and tests get nothing. It names no member and no circle, only counts.
final class RunProgress {
    private let verb: String
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

    /// Ends the line (when one was shown), so what follows starts on a line of its own.
    func finish() {
        if onTerminal { _ = Console.write("\n", to: STDERR_FILENO) }
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
