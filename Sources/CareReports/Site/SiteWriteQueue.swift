import Foundation

/// Writes sites on a thread of its own, in the order they are handed over, while the caller renders
/// the next one: an `--all-members` run creates one member's files while it renders the next
/// member's pages. Each site is written by ``SiteWriter`` (staged, then swapped in whole).
///
/// At most one site waits while another is written, so no more than three sites' pages are held at
/// once (one rendering, one waiting, one being written). After a write fails nothing more is written:
/// the failure is thrown by the next ``add(_:to:)`` or by ``finish()``.
public final class SiteWriteQueue: @unchecked Sendable {
    private let condition = NSCondition()
    private let writer: SiteWriter
    private var waiting: [(plan: SitePlan, folder: String)] = []
    private var closed = false
    private var stopped = false
    private var failure: WriteError?
    /// True while the thread writes a site it took from `waiting`.
    private var busy = false

    public init(writer: SiteWriter = SiteWriter()) {
        self.writer = writer
        let thread = Thread { [self] in run() }
        thread.name = "carereport site writer"
        thread.start()
    }

    /// Hands `plan` over to be written to `folder`; waits while another site is already waiting.
    public func add(_ plan: SitePlan, to folder: String) throws(WriteError) {
        condition.lock()
        defer { condition.unlock() }
        while !waiting.isEmpty, failure == nil { condition.wait() }
        if let failure { throw failure }
        waiting.append((plan, folder))
        condition.broadcast()
    }

    /// Waits until every site handed over is written (or the first failure), then stops the thread.
    public func finish() throws(WriteError) {
        condition.lock()
        defer { condition.unlock() }
        closed = true
        condition.broadcast()
        while !stopped { condition.wait() }
        if let failure { throw failure }
    }

    /// Waits until every site handed over so far is written (the thread then waits for more): a
    /// site written at the same time on another thread (a reader's site of several circles) then
    /// has the interrupt handling (``InterruptGuard``) to itself.
    public func waitUntilWritten() throws(WriteError) {
        condition.lock()
        defer { condition.unlock() }
        while !waiting.isEmpty || busy, failure == nil { condition.wait() }
        if let failure { throw failure }
    }

    private func run() {
        while true {
            condition.lock()
            while waiting.isEmpty, !closed { condition.wait() }
            guard !waiting.isEmpty else {
                stopped = true
                condition.broadcast()
                condition.unlock()
                return
            }
            let next = waiting.removeFirst()
            busy = true
            condition.unlock()
            var problem: WriteError?
            do {
                try writer.write(next.plan, to: next.folder)
            } catch {
                problem = error
            }
            condition.lock()
            busy = false
            if let problem {
                failure = problem
                waiting.removeAll()
                closed = true
            }
            condition.broadcast()
            condition.unlock()
        }
    }
}
